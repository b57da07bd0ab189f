import Foundation
import XCTest

/// A journal that cannot be finished or undone never blocks the project for good: commands say
/// how out, `msx check --repair` sets it aside and finds what it left, and no text is lost.
final class JournalRecoveryTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private func journal(_ root: URL) -> URL { root.appendingPathComponent(".msx/journal.json") }

    func testAGarbageJournalIsSetAsideByCheckRepair() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".msx"), withIntermediateDirectories: true)
        try Data("garbage{".utf8).write(to: journal(root))

        let blocked = try expect(3, "tree", in: root)
        XCTAssertTrue(blocked.stderr.contains(".msx/journal.json") && blocked.stderr.contains("msx check --repair"), blocked.stderr)
        let repaired = try expect(0, "check", "--repair", "--json", in: root).json()
        let repairs = repaired["repairs"] as? [String] ?? []
        XCTAssertTrue(repairs.contains { $0.contains("set aside an interrupted command") && $0.contains(".msx/journal-broken-") }, "\(repairs)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal(root).path))
        let aside = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".msx").path)
            .filter { $0.hasPrefix("journal-broken-") }
        XCTAssertEqual(aside.count, 1)
        try expect(0, "tree", in: root)
        XCTAssertEqual(try read(path, in: root), "The storm came in at dusk.\n")
    }

    func testAJournalNamingAMoveThatLeadsOutsideIsSetAsideWithTheTextKept() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".msx"), withIntermediateDirectories: true)
        let crafted = #"{"moves": [{"from": "../../etc/passwd", "to": "contents/stolen.md"}], "writes": [], "deletions": []}"#
        try Data(crafted.utf8).write(to: journal(root))
        let blocked = try expect(3, "show", "Storm", in: root)
        XCTAssertTrue(blocked.stderr.contains("msx check --repair sets it aside"), blocked.stderr)
        try expect(0, "check", "--repair", in: root)
        try expect(0, "check", in: root)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("contents/stolen.md").path))
        XCTAssertEqual(try read(path, in: root), "The storm came in at dusk.\n")
    }

    /// A rename, move or trash of a document whose file is a link leading outside fails before anything is
    /// journaled: nothing is left to block the next command, and the link and the manifest are untouched.
    func testAMoveThatCannotBeMadeLeavesNoJournal() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        let outside = scratch.appendingPathComponent("storm-\(UUID().uuidString).md")
        try Data("The storm, kept elsewhere.\n".utf8).write(to: outside)
        let file = root.appendingPathComponent(path)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
        let manifest = try read("manuscript.json", in: root)
        for command in [["rename", "Storm", "Lights Out"], ["mv", "Storm", "--into", "Notes"], ["trash", "Storm"]] {
            let result = try runMsx(command, in: root, stdin: nil, env: [:])
            assertExit(result, 3)
            XCTAssertTrue(result.stderr.contains("leads outside the project"), "\(command): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: journal(root).path), "\(command) left a journal")
        }
        XCTAssertEqual(try read("manuscript.json", in: root), manifest)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: file.path), outside.path)
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "The storm, kept elsewhere.\n")
        try expect(0, "new", "Another", in: root)
    }
}
