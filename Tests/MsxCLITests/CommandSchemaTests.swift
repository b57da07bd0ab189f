import Foundation
import MsxKit
import XCTest

/// Each command's `--json` output has a schema written from its report type (`docs/schema/cli/COMMAND.schema.json`),
/// and the real output of the built binary validates against it (Python's jsonschema, which `make test` installs
/// before the tests). `MSX_WRITE_SCHEMAS=1` writes the files anew after a report type changed.
final class CommandSchemaTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private func schemaFile(_ command: String) -> URL {
        MsxRunner.packageRoot.appendingPathComponent("docs/schema/cli/\(command).schema.json")
    }

    func testTheSchemasAreWrittenFromTheReportTypes() throws {
        for (report, command) in ActionReports.all.flatMap({ report in report.commands.map { (report, $0) } }) {
            let written = JSONWriter.string(JSONSchema.document(of: report, command: command))
            let file = schemaFile(command)
            if ProcessInfo.processInfo.environment["MSX_WRITE_SCHEMAS"] == "1" {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(written.utf8).write(to: file)
            }
            XCTAssertEqual(try? String(contentsOf: file, encoding: .utf8), written,
                           "\(file.path) is not the schema of \(report) (MSX_WRITE_SCHEMAS=1 swift test --filter CommandSchemaTests writes it)")
        }
    }

    /// Validates each output file against the command's schema; returns what the validator said of each failure.
    private func validate(_ outputs: [(command: String, json: String)]) throws -> [String] {
        var files: [String] = []
        for (index, output) in outputs.enumerated() {
            let file = scratch.appendingPathComponent("output-\(index).json")
            try Data(output.json.utf8).write(to: file)
            files += [schemaFile(output.command).path, file.path]
        }
        let script = """
            import json, sys, jsonschema
            args = sys.argv[1:]
            for schema, output in zip(args[::2], args[1::2]):
                validator = jsonschema.Draft202012Validator(json.load(open(schema)))
                for error in validator.iter_errors(json.load(open(output))):
                    print(output, list(error.absolute_path), error.message)
            """
        let run = try ExternalTool.run("/usr/bin/python3", ["-c", script] + files, package: "python3-jsonschema", mergingErrors: true)
        XCTAssertEqual(run.status, 0, run.output)
        return run.output.split(separator: "\n").map(String.init)
    }

    func testEveryCommandsOutputValidatesAgainstItsSchema() throws {
        let book = try makeBook()
        try expect(0, "target", "--words", "90000", "--session", "500", in: book.root)
        // A folder, a document whose file is gone (`missing`), a keyword and custom metadata: every member's shape.
        try expect(0, "meta", "Lamp", "--add-keyword", "night", "--status", "Revised", in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Book.seaPath))
        var outputs: [(String, String)] = [("new", try expect(0, "new", "Part Two", "--folder", "--json", in: book.root).stdout)]
        for arguments in [["meta", "Lamp"], ["meta", "Lamp", "--status", "Final", "--set", "pov=Nell"], ["tree"], ["target"],
                          ["target", "--deadline", "2027-03-01"], ["target", "--words", "0"], ["mv", "Lamp", "--into", "Part Two"], ["rename", "Lamp", "Lantern", "--dry-run"], ["trash", "Lamp"],
                          ["untrash", "Lamp"], ["trash", "Lamp"], ["trash", "--empty", "--yes"], ["tags"], ["tag", "first draft", "-m", "Sent out"],
                          ["tags"], ["tag", "first draft", "--delete"], ["snapshot", "-m", "moved and trashed", "--tag", "second"],
                          ["snapshot"], ["notes", "Chapter 1"], ["notes", "Chapter 1", "--append", "Check the tide tables."],
                          ["notes", "Chapter 1"], ["notes", "Chapter 1", "--set", ""], ["stats"],
                          ["comment", "Chapter 1", "--match", "Chapter", "Check the name."], ["comments", "Chapter 1"], ["comments", "Chapter 1", "--all"]] {
            outputs.append((arguments[0], try expect(0, arguments + ["--json"], in: book.root).stdout))
        }
        XCTAssertTrue(outputs[3].1.contains("\"missing\""), outputs[3].1)
        XCTAssertEqual(try validate(outputs), [])
        // The dual: output a schema does not describe fails.
        let tampered = outputs[4].1.replacingOccurrences(of: "\"session\"", with: "\"sessions\"")
        XCTAssertFalse(try validate([("target", tampered)]).isEmpty, "the validator reads the schema")
    }

    /// Review and merge commands: a draft's changes listed, one accepted and one rejected, then a merge's conflicts
    /// listed and resolved.
    func testReviewAndConflictOutputsValidateAgainstTheirSchemas() throws {
        let book = try makeBook()
        let lamp = book.root.appendingPathComponent(Book.lampPath)
        try recordLamp("The old lamp burned till dawn.\n\nNell watched it from the quay.\n\nA gull cried.\n", onDraft: "other",
                       message: "their lamp", in: book)
        var outputs: [(String, String)] = []
        for (schema, arguments) in [("review-changes", ["review", "changes", "other"]), ("review-accept", ["review", "accept", "other", "Lamp", "2"]),
                                    ("review-reject", ["review", "reject", "other", "Lamp", "1"]), ("review-changes", ["review", "changes", "other", "Lamp"])] {
            outputs.append((schema, try expect(0, arguments + ["--json"], in: book.root).stdout))
        }
        try Data("The old lamp burned out at midnight.\n\nNell watched it from the quay.\n\nA gull cried.\n".utf8).write(to: lamp)
        try expect(0, "snapshot", "-m", "our lamp", in: book.root)
        try recordLamp("The old lamp burned till noon.\n\nNell watched it from the quay.\n", onDraft: "other", message: "their change", in: book)
        try expect(1, "merge", "other", in: book.root)
        for (schema, arguments) in [("conflicts", ["conflicts"]), ("resolve", ["resolve", "Lamp", "--theirs"])] {
            outputs.append((schema, try expect(0, arguments + ["--json"], in: book.root).stdout))
        }
        try expect(0, "snapshot", "-m", "merged", in: book.root)
        outputs.append(("conflicts", try expect(0, "conflicts", "--json", in: book.root).stdout))
        XCTAssertTrue(outputs[4].1.contains("\"merging\": true"), outputs[4].1)
        XCTAssertEqual(try validate(outputs), [])
    }

    /// The history, transfer, import and compile commands, each in the shapes it can report.
    func testTheHistoryAndTransferCommandsOutputsValidate() throws {
        let book = try makeBook()
        let root = book.root
        let copy = scratch.appendingPathComponent("copy")
        var outputs: [(String, String)] = []
        func record(_ schema: String, _ arguments: [String], status: Int32 = 0, in folder: URL? = nil) throws {
            outputs.append((schema, try expect(status, arguments + ["--json"], in: folder ?? root).stdout))
        }
        try record("status", ["status"])
        try record("log", ["log"])
        try record("log", ["log", "Lamp"])
        try record("blame", ["blame", "Lamp"])
        try Data("The old lamp burned till dawn.\n\nNell watched it from the quay.\n".utf8).write(to: root.appendingPathComponent(Book.lampPath))
        try record("diff", ["diff"])
        try record("diff", ["diff", "Lamp"])
        try record("show", ["show", "Lamp"])
        try record("show", ["show", "Lamp", "--notes"])
        try record("search", ["search", "lamp"])
        try record("search", ["search", "--history", "lamp"])
        try record("format", ["format", "Lamp", "--match", "lamp", "--bold"])
        let edited = try runMsx(["edit", "Lamp", "--json"], in: root, env: ["EDITOR": "true"])
        XCTAssertEqual(edited.exitCode, 0, edited.stderr)
        outputs.append(("edit", edited.stdout))
        try record("restore", ["restore", "Lamp", "--dry-run"])
        try record("check", ["check"])
        try record("compile", ["compile"])
        try record("compile", ["compile", "--out", "book.docx"])
        try record("review-import", ["review", "import", "book.docx", "--name", "same"])
        let extra = scratch.appendingPathComponent("extra.md")
        try Data("# Extra\n\nA chapter from elsewhere.\n".utf8).write(to: extra)
        try record("import", ["import", extra.path, "--dry-run"])
        try record("templates", ["templates"])
        try record("git-setup", ["git-setup"])
        try expect(0, "snapshot", "-m", "formatted", in: root)
        try record("branch", ["branch"])
        try record("branch", ["branch", "side"])
        try record("switch", ["switch", "side"])
        try record("switch", ["switch", "main"])
        try record("merge", ["merge", "side"])
        try record("diff", ["diff", "--from", "HEAD~1", "--to", "HEAD"])
        let bare = scratch.appendingPathComponent("remote.git")
        try git("init", "--bare", "--quiet", bare.path, in: scratch)
        try record("remote", ["remote", "add", "origin", bare.path])
        try record("remote", ["remote", "list"])
        try record("remote", ["remote", "remove", "origin"])
        try record("remote", ["remote", "add", "origin", bare.path])
        try record("push", ["push"])
        try record("clone", ["clone", bare.path, copy.path], in: scratch)
        try Data("The old lamp burned low.\n".utf8).write(to: copy.appendingPathComponent(Book.lampPath))
        try record("sync", ["sync", "-m", "from the copy"], in: copy)
        try record("pull", ["pull"])
        try record("init", ["init", scratch.appendingPathComponent("fresh").path], in: scratch)
        XCTAssertEqual(try validate(outputs), [])
    }

    /// docs/cli-json.md describes every member each schema names, in the command's section (or a shared shape it
    /// links to, such as the change report), as `name` or in its example as "name".
    func testTheJSONDocumentDescribesEveryMemberOfEverySchema() throws {
        let document = try String(contentsOf: MsxRunner.packageRoot.appendingPathComponent("docs/cli-json.md"), encoding: .utf8)
        let sections = document.components(separatedBy: "\n### ").dropFirst().map { "### " + $0 }
        let anchors = Dictionary(sections.compactMap { section -> (String, String)? in
            guard let number = section.dropFirst(4).split(separator: " ").first else { return nil }
            return ("#" + number.replacingOccurrences(of: ".", with: ""), section)
        }, uniquingKeysWith: { first, _ in first })
        let folder = MsxRunner.packageRoot.appendingPathComponent("docs/schema/cli")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".schema.json") }
        XCTAssertGreaterThan(files.count, 30, "the schemas were found")
        for file in files {
            // A schema's name is the command's, its words joined by "-" (review-changes), or the command itself (git-setup).
            let name = String(file.dropLast(".schema.json".count))
            let command = name.replacingOccurrences(of: "-", with: " ")
            let own = sections.filter { section in
                let heading = section.prefix { $0 != "\n" }
                return [name, command].contains { heading.contains("`\($0)`") || heading.contains("`\($0) ") }
            }
            XCTAssertFalse(own.isEmpty, "docs/cli-json.md has no section for msx \(command)")
            let linked = own.flatMap { section in
                anchors.filter { anchor, _ in section.contains("](\(anchor)-") }.map(\.value)
            }
            let text = (own + linked).joined(separator: "\n")
            let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(file))) as? [String: Any])
            for member in Self.members(of: schema, definitions: schema["$defs"] as? [String: Any] ?? [:]) where member != "schemaVersion" {
                XCTAssertTrue(text.contains("`\(member)`") || text.contains("\"\(member)\""),
                              "docs/cli-json.md does not describe \(member) of msx \(command)")
            }
        }
    }

    /// The members of the object (or each object of a union) a schema describes.
    private static func members(of schema: [String: Any], definitions: [String: Any]) -> Set<String> {
        if let reference = schema["$ref"] as? String, let target = definitions[String(reference.split(separator: "/").last ?? "")] as? [String: Any] {
            return members(of: target, definitions: definitions)
        }
        var names = Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        for key in ["oneOf", "anyOf"] {
            for branch in schema[key] as? [[String: Any]] ?? [] { names.formUnion(members(of: branch, definitions: definitions)) }
        }
        return names
    }
}
