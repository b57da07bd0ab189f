import Foundation
import XCTest

/// Pictures and other files under `contents/` changed behind msx's back (deleted, replaced) are seen like
/// documents: `status` and `diff` list them, a snapshot records them (their deletion too), and `restore --all`
/// brings them back. git, reading the same repository, is the witness.
final class ContentsFilesTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private static let picture = "contents/draft/map.png"

    /// The book with a picture beside Lamp, recorded.
    private func illustratedBook() throws -> Book {
        let book = try makeBook(snapshot: false)
        try write("a picture's bytes", to: Self.picture, in: book.root)
        try write(Book.lampText + "\n![The map](map.png)\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "with a map", in: book.root)
        XCTAssertEqual(try porcelain(book.root), [])
        return book
    }

    private func files(_ json: [String: Any]) -> [String] {
        (json["files"] as? [[String: Any]] ?? []).map { "\($0["change"] ?? "") \($0["path"] ?? "")" }
    }

    func testAPictureDeletedByHandIsListedRecordedAndBroughtBack() throws {
        let book = try illustratedBook()
        let recorded = try revision(in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Self.picture))
        XCTAssertEqual(try porcelain(book.root), [" D \(Self.picture)"], "git sees it deleted")
        let status = try expect(0, "status", "--json", in: book.root).json()
        XCTAssertEqual(files(status), ["deleted \(Self.picture)"])
        XCTAssertEqual(status["clean"] as? Bool, false)
        XCTAssertTrue(try expect(0, "status", in: book.root).stdout.contains("file deleted \(Self.picture)"))
        XCTAssertEqual(files(try expect(0, "diff", "--json", in: book.root).json()), ["deleted \(Self.picture)"])
        try expect(1, "diff", "--exit-code", in: book.root)
        let snapshot = try expect(0, "snapshot", "--json", in: book.root).json()
        XCTAssertNotNil(snapshot["version"] as? String, "the deletion alone is a version")
        XCTAssertEqual(files(snapshot), ["deleted \(Self.picture)"])
        XCTAssertEqual(try porcelain(book.root), [], "git agrees the version holds the working copy")
        XCTAssertNotEqual(try gitRun(["cat-file", "-e", "HEAD:\(Self.picture)"], in: book.root).status, 0)
        XCTAssertEqual(files(try expect(0, "status", "--json", in: book.root).json()), [])
        let restore = try expect(0, "restore", "--all", "--at", recorded, in: book.root).stdout
        XCTAssertTrue(restore.contains("brought back \(Self.picture)"), restore)
        XCTAssertEqual(try read(Self.picture, in: book.root), "a picture's bytes")
    }

    func testRestoringADocumentBringsBackThePicturesItShowed() throws {
        let book = try illustratedBook()
        let recorded = try revision(in: book.root)
        // The writer cuts the picture from Lamp and deletes its file; a version records both.
        try write(Book.lampText, to: Book.lampPath, in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Self.picture))
        try expect(0, "snapshot", "-m", "no map", in: book.root)
        let restore = try expect(0, "restore", "Lamp", "--to", recorded, in: book.root).stdout
        XCTAssertTrue(restore.contains("brought back \(Self.picture)"), restore)
        XCTAssertEqual(try read(Self.picture, in: book.root), "a picture's bytes")
        XCTAssertTrue(try read(Book.lampPath, in: book.root).contains("![The map](map.png)"))
        // A picture still there is left as it is: other documents may show it.
        try write("a newer picture", to: Self.picture, in: book.root)
        try expect(0, "snapshot", "-m", "newer map", in: book.root)
        let again = try expect(0, "restore", "Lamp", "--to", recorded, in: book.root).stdout
        XCTAssertFalse(again.contains("brought back"), again)
        XCTAssertEqual(try read(Self.picture, in: book.root), "a newer picture")
    }

    func testAPictureChangedAloneIsAVersion() throws {
        let book = try illustratedBook()
        try write("another picture's bytes", to: Self.picture, in: book.root)
        XCTAssertEqual(files(try expect(0, "status", "--json", in: book.root).json()), ["modified \(Self.picture)"])
        let snapshot = try expect(0, "snapshot", "--json", in: book.root).json()
        XCTAssertEqual(snapshot["message"] as? String, "Snapshot: map.png\n")
        XCTAssertEqual(try git("show", "HEAD:\(Self.picture)", in: book.root), "another picture's bytes")
        XCTAssertEqual(try porcelain(book.root), [])
        // Between two versions too.
        let diff = try expect(0, "diff", "HEAD~1..HEAD", "--json", in: book.root).json()
        XCTAssertEqual(files(diff), ["modified \(Self.picture)"])
    }

    func testASnapshotOfOneDocumentLeavesOtherFilesAlone() throws {
        let book = try illustratedBook()
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Self.picture))
        try write(Book.seaText + "More sea.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", "Sea", in: book.root)
        XCTAssertEqual(try gitRun(["cat-file", "-e", "HEAD:\(Self.picture)"], in: book.root).status, 0, "named documents only")
        XCTAssertEqual(files(try expect(0, "status", "--json", in: book.root).json()), ["deleted \(Self.picture)"])
    }
}
