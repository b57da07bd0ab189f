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
}
