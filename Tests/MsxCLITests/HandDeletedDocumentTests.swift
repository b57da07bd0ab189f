import Foundation
import XCTest

/// A document's `.md` deleted behind msx's back (in a file manager, with `rm`, with git): every command keeps
/// working, and the deletion is a change like any other.
final class HandDeletedDocumentTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testTreeStatusAndDiffShowTheDocumentAsGone() throws {
        let book = try makeBook()
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Book.lampPath))
        let tree = try expect(0, "tree", "--json", in: book.root).json()
        let draft = (tree["binder"] as? [[String: Any]])?.first { $0["role"] as? String == "draft" }
        let lamp = (draft?["children"] as? [[String: Any]])?.first { $0["title"] as? String == "Lamp" }
        XCTAssertEqual(lamp?["missing"] as? Bool, true)
        XCTAssertEqual(lamp?["words"] as? Int, 0)
        XCTAssertTrue(try expect(0, "tree", in: book.root).stdout.contains("Lamp  (file missing)"))
        let status = try statusByTitle(book.root)
        XCTAssertEqual(status["Lamp"]?["deleted"] as? Bool, true)
        XCTAssertNil(status["Sea"])
        let diff = try expect(0, "diff", "--json", in: book.root).json()
        let lampDiff = (diff["documents"] as? [[String: Any]])?.first { $0["title"] as? String == "Lamp" }
        XCTAssertEqual(lampDiff?["wordsAdded"] as? Int, 0)
        XCTAssertGreaterThan(lampDiff?["wordsRemoved"] as? Int ?? 0, 0)
    }

    func testASnapshotRecordsTheDeletionAndRestoreBringsTheFileBack() throws {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--match", "old lamp", "--underline", in: book.root)
        try expect(0, "snapshot", "-m", "underlined", in: book.root)
        let original = try read(Book.lampPath, in: book.root)
        let first = try revision(in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Book.lampPath))
        try expect(0, "snapshot", "-m", "lamp gone", in: book.root)
        XCTAssertNotEqual(try gitRun(["cat-file", "-e", "HEAD:\(Book.lampPath)"], in: book.root).status, 0, "the version has no Lamp file")
        XCTAssertEqual(try git("show", "HEAD:\(Self.lampSidecar)", in: book.root), try read(Self.lampSidecar, in: book.root),
                       "its sidecar, still on disk, stays recorded")
        XCTAssertEqual(try expect(0, "status", "--json", in: book.root).json()["clean"] as? Bool, true)
        XCTAssertEqual(try porcelain(book.root), [])
        try expect(0, "restore", "Lamp", "--to", first, in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), original)
        try expect(0, "check", in: book.root)
    }

    func testRestoreWithoutAVersionBringsBackTheLastSnapshot() throws {
        let book = try makeBook()
        let original = try read(Book.lampPath, in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Book.lampPath))
        try expect(0, "restore", "Lamp", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), original)
    }

    func testCheckRepairRestoresMissingFilesFromTheirLastSnapshot() throws {
        let book = try makeBook()
        let original = try read(Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "saved", in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Book.lampPath))
        try expect(0, "snapshot", "-m", "lamp gone", in: book.root)
        let check = try expect(1, "check", in: book.root)
        XCTAssertTrue(check.stdout.contains("--restore-missing"), check.stdout)
        try expect(64, "check", "--restore-missing", in: book.root)
        let repaired = try expect(0, "check", "--repair", "--restore-missing", "--json", in: book.root).json()
        XCTAssertTrue((repaired["repairs"] as? [String] ?? []).contains { $0.hasPrefix("brought back 'Lamp'") }, "\(repaired)")
        XCTAssertEqual(try read(Book.lampPath, in: book.root), original, "the newest snapshot that has the file")
        try expect(0, "check", in: book.root)
    }

    func testCheckRepairDropsMissingDocumentsAndRestoreBringsThemBack() throws {
        let book = try makeBook()
        let original = try read(Book.lampPath, in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Book.lampPath))
        try expect(0, "check", "--repair", "--drop-missing", in: book.root)
        XCTAssertNil(try node(id: book.lamp, in: book.root), "out of the binder")
        XCTAssertFalse(exists(Self.lampSidecar, in: book.root))
        try expect(0, "check", in: book.root)
        try expect(0, "restore", book.lamp, in: book.root)
        XCTAssertEqual(try read(try XCTUnwrap(try node(id: book.lamp, in: book.root)).path, in: book.root), original)
    }

    func testTrashingADocumentWhoseFileIsGoneTakesItOutOfTheBinder() throws {
        let book = try makeBook()
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Book.lampPath))
        let trashed = try expect(0, "trash", "Lamp", in: book.root)
        XCTAssertTrue(trashed.stdout.contains("had no file"), trashed.stdout)
        XCTAssertNil(try node(id: book.lamp, in: book.root))
        try expect(0, "check", in: book.root)
    }

    private static let lampSidecar = String(Book.lampPath.dropLast(3)) + ".attrs.json"
}
