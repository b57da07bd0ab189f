import Foundation
import XCTest

/// A Scrivener project damaged as real ones are (a text cut short or lost, a snapshot file or index gone, a binder
/// file that cannot be read or holds a byte that is not UTF-8, snapshots of an item no longer in the binder) still
/// comes across: each damage is named once in the report, and never stops the import.
final class ScrivenerDamageTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private var png: Data { Data(base64Encoded: EpubCompileTests.onePixelPNG)! }
    private static let arrival = "A0000000-0000-0000-0000-000000000011"
    private static let keeper = "A0000000-0000-0000-0000-000000000014"

    private func lighthouse() throws -> URL { try ScrivenerFixture.scrivener3(in: scratch, png: png) }

    /// Imports `source`; returns the project root and the report's problems and notes.
    private func imported(_ source: URL, as name: String = "book") throws -> (root: URL, problems: [String], notes: [String]) {
        let root = scratch.appendingPathComponent(name)
        let report = try expect(0, "init", root.path, "--from", source.path, "--json", in: scratch).json()
        try expect(0, "check", in: root)
        return (root, report["problems"] as? [String] ?? [], report["notes"] as? [String] ?? [])
    }

    func testATextCutShortIsNamedWithTheWordsThatCameAcross() throws {
        let source = try lighthouse()
        let text = source.appendingPathComponent("Files/Data/\(Self.arrival)/content.rtf")
        let whole = try String(contentsOf: text, encoding: .utf8)
        // Cut in the middle of the second paragraph, as a sync that stopped half-way leaves a file.
        try Data(whole.prefix(whole.count - 60).utf8).write(to: text)
        let (root, problems, _) = try imported(source)
        let named = problems.filter { $0.hasPrefix("Arrival: its text (Files/Data/\(Self.arrival)/content.rtf) ends before its last group closes") }
        XCTAssertEqual(named.count, 1, "\(problems)")
        XCTAssertTrue(try expect(0, "show", "Arrival", in: root).stdout.hasPrefix("The boat came in"))
    }

    func testALostTextComesBackFromScrivenersSearchIndex() throws {
        let source = try lighthouse()
        try FileManager.default.removeItem(at: source.appendingPathComponent("Files/Data/\(Self.keeper)/content.rtf"))
        try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <SearchIndexes Version="1.0"><Documents>
            <Document ID="\(Self.keeper.lowercased())"><Title>Keeper</Title><Text>The keeper kept a log.
            He wrote *daily* and never missed.</Text></Document>
            </Documents></SearchIndexes>
            """, to: "Files/search.indexes", in: source)
        let (root, problems, _) = try imported(source)
        XCTAssertEqual(problems.filter { $0.hasPrefix("Keeper: its text (Files/Data/\(Self.keeper)/content.rtf) is missing; its words came from Scrivener's search index") }.count,
                       1, "\(problems)")
        XCTAssertEqual(try expect(0, "show", "Keeper", in: root).stdout, "The keeper kept a log.\n\nHe wrote *daily* and never missed.\n",
                       "its words as they were, an asterisk a character and not emphasis")
    }

    func testALostTextWithItsCommentsLeftIsNamed() throws {
        let source = try lighthouse()
        try FileManager.default.removeItem(at: source.appendingPathComponent("Files/Data/\(Self.arrival)/content.rtf"))
        let (_, problems, _) = try imported(source)
        XCTAssertTrue(problems.contains { $0.hasPrefix("Arrival: its text (Files/Data/\(Self.arrival)/content.rtf) is missing, though its comments or styles are there") },
                      "\(problems)")
    }

    func testSnapshotsWhoseFileOrIndexIsDamagedAreNamed() throws {
        let source = try lighthouse()
        let folder = "Snapshots/\(Self.arrival).snapshots"
        try FileManager.default.removeItem(at: source.appendingPathComponent("\(folder)/2024-02-02-21-00-00+0000.rtf"))
        let (root, problems, _) = try imported(source)
        XCTAssertTrue(problems.contains("Arrival: \(folder): the snapshot 'Before the edit' of 2024-02-02 21:00 is in its index.xml, but its file is missing"),
                      "\(problems)")
        XCTAssertEqual((try expect(0, "log", "Arrival", "--json", in: root).json()["versions"] as? [Any])?.count, 3, "two snapshots and the import")

        try write("<Snapshots><Snapshot>", to: "\(folder)/index.xml", in: source)
        let (damaged, again, _) = try imported(source, as: "again")
        XCTAssertTrue(again.contains("Arrival: \(folder)/index.xml could not be read: its snapshots came across titled 'Untitled Snapshot'"), "\(again)")
        let messages = (try expect(0, "log", "Arrival", "--json", in: damaged).json()["versions"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        XCTAssertEqual(messages.dropFirst(), ["Untitled Snapshot", "Untitled Snapshot"])
    }

    func testSnapshotsOfAnItemNoLongerInTheBinderBecomeADocumentInTheTrash() throws {
        let source = try lighthouse()
        let gone = "A0000000-0000-0000-0000-0000000000FF"
        let folder = source.appendingPathComponent("Snapshots/\(gone).snapshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ScrivenerFixture.rtf(["A scene the writer deleted."]).write(to: folder.appendingPathComponent("2024-01-02-10-00-00+0000.rtf"), atomically: true, encoding: .utf8)
        try ScrivenerFixture.rtf(["A scene the writer deleted, revised."]).write(to: folder.appendingPathComponent("2024-01-03-10-00-00+0000.rtf"), atomically: true, encoding: .utf8)
        let (root, problems, notes) = try imported(source)
        XCTAssertTrue(notes.contains { $0.hasPrefix("Snapshots/\(gone).snapshots: 2 snapshots of an item no longer in the binder came across") }, "\(notes)")
        XCTAssertFalse(problems.contains { $0.contains("Snapshots/") }, "nothing of them was lost: \(problems)")
        let document = try XCTUnwrap(try nodes(root).first { $0.title == "Snapshots of a removed item" })
        XCTAssertTrue(document.path.hasPrefix("contents/trash/"), document.path)
        XCTAssertEqual(try expect(0, "show", document.id, in: root).stdout, "A scene the writer deleted, revised.\n")
        let log = try expect(0, "log", document.id, "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        XCTAssertEqual(log.count, 2, "its two snapshots; the import changed nothing of it")
    }

    func testAnUnreadableBinderFileIsReplacedByScrivenersBackup() throws {
        let source = try lighthouse()
        let scrivx = source.appendingPathComponent("Lighthouse.scrivx")
        // Scrivener's backup: a ZIP archive holding the binder file.
        let backup = scratch.appendingPathComponent("backup")
        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scrivx, to: backup.appendingPathComponent("Lighthouse.scrivx"))
        let zipped = try ExternalTool.run("/usr/bin/python3", ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w').write(sys.argv[2], 'Lighthouse.scrivx')",
                                                               source.appendingPathComponent("Files/binder.backup").path,
                                                               backup.appendingPathComponent("Lighthouse.scrivx").path], package: "python3")
        XCTAssertEqual(zipped.status, 0)
        let whole = try String(contentsOf: scrivx, encoding: .utf8)
        try Data(whole.prefix(whole.count / 2).utf8).write(to: scrivx)
        let (root, problems, _) = try imported(source)
        XCTAssertTrue(problems.contains { $0.hasPrefix("Lighthouse.scrivx could not be read (not well-formed XML") && $0.contains("Files/binder.backup") },
                      "\(problems)")
        XCTAssertEqual(try expect(0, "show", "Departure", in: root).stdout, "They left before the storm.\n")

        // Without a backup, the import is refused by name, and nothing is made.
        try FileManager.default.removeItem(at: source.appendingPathComponent("Files/binder.backup"))
        let refused = try expect(3, "init", scratch.appendingPathComponent("none").path, "--from", source.path, in: scratch)
        XCTAssertTrue(refused.stderr.contains("Lighthouse.scrivx: not well-formed XML"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("none").path))
    }

    func testOneByteThatIsNotUTF8InATitleDoesNotBlockTheProject() throws {
        let source = try lighthouse()
        let scrivx = source.appendingPathComponent("Lighthouse.scrivx")
        var bytes = try Data(contentsOf: scrivx)
        let title = try XCTUnwrap(bytes.range(of: Data("<Title>Departure".utf8)))
        bytes.replaceSubrange(title.upperBound..<title.upperBound, with: [0xE9])
        try bytes.write(to: scrivx)
        let (root, problems, _) = try imported(source)
        XCTAssertTrue(problems.contains("Lighthouse.scrivx: 1 byte that is not UTF-8 (in a title, say) read as \u{FFFD}"), "\(problems)")
        XCTAssertEqual(try expect(0, "show", "Departure\u{FFFD}", in: root).stdout, "They left before the storm.\n")
    }

    func testAnAnnotationStandingAloneInItsParagraphIsKept() throws {
        let source = try lighthouse()
        try ScrivenerFixture.rtf(["The keeper kept a log.",
                                  "\\{\\\\Scrv_annot \\\\color=\\{\\\\R=0.99\\\\G=0.70\\\\B=0.73\\} \\\\text=Ask the harbour master which year the log begins.\\\\end_Scrv_annot\\}",
                                  "He wrote daily."]).write(to: source.appendingPathComponent("Files/Data/\(Self.keeper)/content.rtf"),
                                                            atomically: true, encoding: .utf8)
        let (root, _, _) = try imported(source)
        let json = try expect(0, "show", "Keeper", "--as", "json", in: root).json()
        let notes = (json["annotations"] as? [String: [String: Any]] ?? [:]).values.compactMap { $0["note"] as? String }
        XCTAssertEqual(notes, ["Ask the harbour master which year the log begins."], "\(json)")
        XCTAssertEqual(try expect(0, "show", "Keeper", in: root).stdout, "The keeper kept a log.\n\nHe wrote daily.\n")
    }

    func testScrivenersStyleMarkersAreMarkupNotWords() throws {
        let source = try lighthouse()
        try ScrivenerFixture.rtf(["<$Scr_H::1><$Scr_Ps::0>The Keeper<!$Scr_Ps::0><!$Scr_H::1>",
                                  "<$Scr_Ps::1>He kept a <$Scr_Cs::0>log<!$Scr_Cs::0>.<!$Scr_Ps::1><$ScrKeepWithNext>"])
            .write(to: source.appendingPathComponent("Files/Data/\(Self.keeper)/content.rtf"), atomically: true, encoding: .utf8)
        let (root, _, _) = try imported(source)
        XCTAssertEqual(try expect(0, "show", "Keeper", "--as", "markdown", in: root).stdout, "# The Keeper\n\nHe kept a log.\n")
    }
}
