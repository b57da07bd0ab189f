import Foundation
import MsxTestSupport
import XCTest

/// Crafted projects a tester made: each is refused or reported in one line naming the file and the problem, with a
/// documented exit code, and nothing is written.
final class HostileProjectTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// Runs `arguments`, asserting `status`, one line on standard error naming `naming`, and the project unchanged.
    private func assertRefused(_ arguments: [String], status: Int32, naming: [String], in root: URL,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let before = snapshot(root, includePrivate: false)
        let result = try MsxRunner.run(arguments, in: root)
        assertExit(result, status, file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr, file: file, line: line)
        for word in naming { XCTAssertTrue(result.stderr.contains(word), "\(word) in \(result.stderr)", file: file, line: line) }
        assertSameSnapshot(before, snapshot(root, includePrivate: false), file: file, line: line)
    }

    func testAManifestPathIntoAGitFolderIsRefusedBeforeAnySnapshot() throws {
        let book = try makeBook()
        for hostile in ["contents/draft/.git/lamp.md", "contents/.GIT/lamp.md", "contents/draft/.Git"] {
            var manifest = try read("manuscript.json", in: book.root)
            manifest = manifest.replacingOccurrences(of: "\"\(Book.lampPath)\"", with: "\"\(hostile)\"")
            try write(manifest, to: "manuscript.json", in: book.root)
            for command in [["tree"], ["snapshot"], ["check"]] {
                try assertRefused(command, status: 3, naming: ["manuscript.json", hostile, ".git folder"], in: book.root)
            }
            try git("checkout", "--", "manuscript.json", in: book.root)
        }
    }

    func testASidecarOverTheSizeLimitIsRefusedByName() throws {
        let book = try makeBook()
        let sidecar = book.root.appendingPathComponent("contents/draft/lamp.attrs.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: sidecar.path, contents: nil))
        let handle = try FileHandle(forWritingTo: sidecar)
        try handle.truncate(atOffset: 65 << 20)  // sparse: no disk is used
        try handle.close()
        try assertRefused(["show", "Lamp"], status: 1, naming: ["contents/draft/lamp.attrs.json", "65 MB", "64 MB"], in: book.root)
    }

    func testASidecarOfTooManyRunsIsRefusedByName() throws {
        let book = try makeBook()
        let run = #"{"start": 0, "end": 3, "text": "The"}"#
        let runs = Array(repeating: run, count: 250_001).joined(separator: ",")
        try write(#"{"formatVersion": 1, "paragraphs": [{"index": 0, "runs": [\#(runs)]}]}"#, to: "contents/draft/lamp.attrs.json", in: book.root)
        try assertRefused(["show", "Lamp"], status: 1, naming: ["contents/draft/lamp.attrs.json", "more than 250000 formatting runs"], in: book.root)
    }

    func testThousandsOfUnplaceableRunsAreSummedUp() throws {
        let book = try makeBook()
        let runs = (0..<500).map { i in
            #"{"start": 0, "end": 5, "text": "gone\#(i)", "attributes": {"underline": "single"}}"#
        }.joined(separator: ",")
        try write(#"{"formatVersion": 1, "paragraphs": [{"index": 0, "runs": [\#(runs)]}]}"#, to: "contents/draft/lamp.attrs.json", in: book.root)
        let check = try expect(1, "check", in: book.root).stdout.split(separator: "\n")
        XCTAssertLessThanOrEqual(check.count, 12, check.joined(separator: "\n"))
        XCTAssertTrue(check.contains { $0.contains("and 490 more runs whose words are gone") }, check.joined(separator: "\n"))
        let json = try expect(1, "check", "--json", in: book.root).json()
        let findings = json["findings"] as? [[String: Any]] ?? []
        XCTAssertEqual(findings.filter { $0["code"] as? String == "unplaceable-run" }.count, 500, "--json lists every one")
        let show = try MsxRunner.run(["show", "Lamp"], in: book.root)
        XCTAssertLessThanOrEqual(show.stderr.split(separator: "\n").count, 11, show.stderr)
        XCTAssertTrue(show.stderr.contains("and 490 more like these"), show.stderr)
    }

    func testCompileMarginsOutOfRangeAreRefused() throws {
        let book = try makeBook()
        for value in ["1e308", "-1e9", "\"wide\"", "300"] {
            var manifest = try JSONSerialization.jsonObject(with: Data(read("manuscript.json", in: book.root).utf8)) as! [String: Any]
            var compile = manifest["compile"] as? [String: Any] ?? [:]
            compile["margins"] = ["top": 72, "left": try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)]
            manifest["compile"] = compile
            try JSONSerialization.data(withJSONObject: manifest).write(to: book.root.appendingPathComponent("manuscript.json"))
            let out = scratch.appendingPathComponent("book.rtf").path
            try assertRefused(["compile", "-o", out], status: 64, naming: ["manuscript.json", "margin 'left'"], in: book.root)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written for \(value)")
        }
    }

    func testAFullDiskDuringASnapshotSaysSoAndRecordsNothing() throws {
        // A disk of its own, 3 MB, filled up: a tmpfs needs root (CAP_SYS_ADMIN) to be mounted.
        let disk = scratch.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try ExternalTool.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=3M", "tmpfs", disk.path], package: "mount", mergingErrors: true)
        guard mount.status == 0 else { throw XCTSkip("cannot mount a small tmpfs to fill (needs root): \(mount.output)") }
        defer { _ = try? ExternalTool.run("/usr/bin/umount", [disk.path], package: "mount", mergingErrors: true) }
        let root = disk.appendingPathComponent("book")
        try expect(0, "init", root.path, in: scratch)
        try expect(0, "snapshot", "-m", "one", in: root)
        let head = try revision(in: root)
        let words = (0..<40_000).map { ProseWords.word($0 % 3_000) }.joined(separator: " ")
        try write(words + "\n", to: "contents/draft/chapter-1.md", in: root)
        let filler = disk.appendingPathComponent("filler")
        XCTAssertTrue(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(repeating: 0, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
        let result = try MsxRunner.run(["snapshot", "-m", "two"], in: root)
        assertExit(result, 74)
        XCTAssertTrue(result.stderr.contains("No space left on device"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertEqual(try revision(in: root), head, "nothing recorded")
        try FileManager.default.removeItem(at: filler)
        try expect(0, "check", in: root)
        try expect(0, "snapshot", "-m", "two", in: root)
    }

    func testXMLProblemsAreNamedAndAnEntityNeverCutsTheText() throws {
        let root = try makeProject()
        let cases: [(name: String, edit: (String) -> String, reason: String)] = [
            ("undeclared", { $0.replacingOccurrences(of: "Before", with: "Before &foo;") }, "an entity that is not declared"),
            ("mismatched", { $0.replacingOccurrences(of: "Before", with: "Before <w:b>") }, "a closing tag that does not match"),
            ("external", { xml in
                xml.replacingOccurrences(of: "<w:document", with: "<!DOCTYPE w:document [<!ENTITY foo SYSTEM \"file:///etc/hostname\">]><w:document")
                    .replacingOccurrences(of: "Before", with: "Before &foo;")
            }, "declares entities of its own"),
        ]
        for entry in cases {
            let url = scratch.appendingPathComponent("\(entry.name).docx")
            try DocxFixture.write(body: "<w:p><w:r><w:t>Before the words after.</w:t></w:r></w:p>", to: url)
            try DocxFixture.edit(url, document: entry.edit)
            try assertRefused(["import", url.path], status: 3, naming: ["\(entry.name).docx", "word/document.xml", entry.reason], in: root)
        }
    }
}
