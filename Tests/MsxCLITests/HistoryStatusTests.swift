import Foundation
import XCTest

/// `msx status`: what changed since the last snapshot, per document.
final class HistoryStatusTests: HistoryTestCase {
    static let flags = ["new", "deleted", "text", "formatting", "metadata", "moved", "renamed", "trashed", "untrashed"]

    /// Asserts the status entry for `title` has exactly the `set` flags true (and the others false).
    private func assertFlags(_ title: String, _ set: Set<String>, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let entry = try XCTUnwrap(try statusByTitle(root, file: file, line: line)[title], "no status for \(title)", file: file, line: line)
        for flag in Self.flags {
            XCTAssertEqual(entry[flag] as? Bool, set.contains(flag), "\(title).\(flag) in \(entry)", file: file, line: line)
        }
        XCTAssertFalse((entry["summary"] as? String ?? "").isEmpty, "summary missing", file: file, line: line)
    }

    /// Asserts the project is clean: `clean` true, no documents, nothing outside the binder.
    private func assertClean(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let json = try expect(0, "status", "--json", in: root, file: file, line: line).json(file: file, line: line)
        XCTAssertEqual(json["clean"] as? Bool, true, "\(json)", file: file, line: line)
        XCTAssertEqual((json["documents"] as? [Any])?.count, 0, file: file, line: line)
        XCTAssertEqual((json["notInBinder"] as? [Any])?.count, 0, file: file, line: line)
    }

    func testBeforeTheFirstSnapshotEveryDocumentIsNew() throws {
        let book = try makeBook(snapshot: false)
        try assertFlags("Lamp", ["new"], in: book.root)
        try assertFlags("Sea", ["new"], in: book.root)
        try expect(0, "snapshot", in: book.root)
        try assertClean(book.root)
    }

    func testTextFormattingAndMetadataAreToldApart() throws {
        let book = try makeBook()
        try write("The old lamp burned all day.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "format", "Sea", "--match", "calm", "--bold", in: book.root)
        try expect(0, "meta", "Chapter 1", "--status", "Revised", in: book.root)
        try assertFlags("Lamp", ["text"], in: book.root)
        try assertFlags("Sea", ["formatting"], in: book.root)
        try assertFlags("Chapter 1", ["metadata"], in: book.root)
        let text = try expect(0, "status", in: book.root).stdout
        for title in ["Lamp", "Sea", "Chapter 1"] { XCTAssertTrue(text.contains(title), text) }
        try expect(0, "snapshot", in: book.root)
        try assertClean(book.root)
    }

    func testRenameMoveTrashAndUntrash() throws {
        let book = try makeBook()
        try expect(0, "rename", "Lamp", "Lantern", in: book.root)
        try expect(0, "mv", "Sea", "--into", "Research", in: book.root)
        try expect(0, "trash", "Chapter 1", in: book.root)
        let status = try statusByTitle(book.root)
        XCTAssertEqual(status["Lantern"]?["renamed"] as? Bool, true, "\(status)")
        XCTAssertEqual(status["Lantern"]?["previousTitle"] as? String, "Lamp")
        XCTAssertEqual(status["Lantern"]?["text"] as? Bool, false)
        try assertFlags("Sea", ["moved"], in: book.root)
        XCTAssertEqual(status["Sea"]?["previousPath"] as? String, Book.seaPath)
        XCTAssertEqual(status["Chapter 1"]?["trashed"] as? Bool, true, "\(status)")
        XCTAssertEqual(status["Chapter 1"]?["text"] as? Bool, false)
        try expect(0, "snapshot", in: book.root)
        try assertClean(book.root)
        try expect(0, "untrash", "Chapter 1", in: book.root)
        XCTAssertEqual(try statusByTitle(book.root)["Chapter 1"]?["untrashed"] as? Bool, true)
    }

    func testNewAndDeletedDocuments() throws {
        let book = try makeBook()
        try addDocument("Harbour", "Boats knocked.\n", to: book.root)
        try expect(0, "trash", "Sea", in: book.root)
        try expect(0, "trash", "--empty", "--yes", in: book.root)
        try assertFlags("Harbour", ["new"], in: book.root)
        try assertFlags("Sea", ["deleted"], in: book.root)
        try expect(0, "snapshot", in: book.root)
        try assertClean(book.root)
        XCTAssertEqual(try gitRun(["cat-file", "-e", "HEAD:\(Book.seaPath)"], in: book.root).status == 0, false,
                       "the deleted document's file is gone from the new version")
    }

    func testUntrackedMarkdownIsReportedOutsideTheBinder() throws {
        let book = try makeBook()
        try write("Stray words.\n", to: "contents/draft/stray.md", in: book.root)
        let json = try expect(0, "status", "--json", in: book.root).json()
        XCTAssertEqual(json["notInBinder"] as? [String], ["contents/draft/stray.md"])
        XCTAssertEqual(json["clean"] as? Bool, false)
        XCTAssertTrue(try expect(0, "status", in: book.root).stdout.contains("contents/draft/stray.md"))
    }

    func testRewrappingAParagraphIsNotATextChange() throws {
        let book = try makeBook()
        try write("The old lamp\nburned all night.\n\nNell watched it\nfrom the quay.\n", to: Book.lampPath, in: book.root)
        let entry = try statusByTitle(book.root)["Lamp"]
        XCTAssertEqual(entry?["text"] as? Bool ?? false, false, "soft line breaks only: \(String(describing: entry))")
        XCTAssertEqual(entry?["formatting"] as? Bool ?? false, false)
        // A real word change in the re-wrapped text is still seen.
        try write("The old lamp\nburned all day.\n\nNell watched it\nfrom the quay.\n", to: Book.lampPath, in: book.root)
        XCTAssertEqual(try statusByTitle(book.root)["Lamp"]?["text"] as? Bool, true)
    }

    /// A folder made, renamed, moved, labelled or compiled otherwise, and the project's own fields, are changes
    /// status names (a snapshot records them); a status after the snapshot is clean again.
    func testFolderAndProjectChangesAreNotNothing() throws {
        let book = try makeBook()
        try expect(0, "new", "Part One", "--folder", in: book.root)
        var status = try expect(0, "status", in: book.root).stdout
        XCTAssertTrue(status.contains("binder folder added: 'Part One'"), status)
        XCTAssertFalse(status.contains("Nothing changed"), status)
        try expect(0, "snapshot", "-m", "A part", in: book.root)
        XCTAssertTrue(try expect(0, "status", in: book.root).stdout.contains("Nothing changed since the last snapshot."))

        try expect(0, "meta", "Part One", "--label", "Part", "--compile-as", "part", in: book.root)
        try expect(0, "rename", "Part One", "The First Part", in: book.root)
        try expect(0, "new", "Annex", "--folder", in: book.root)
        try expect(0, "mv", "The First Part", "--into", "Annex", in: book.root)
        try expect(0, "target", "--words", "90000", in: book.root)
        let json = try expect(0, "status", "--json", in: book.root).json()
        XCTAssertEqual(json["clean"] as? Bool, false)
        let lines = try XCTUnwrap(json["binder"] as? [String])
        for expected in ["folder added: 'Annex'", "folder renamed: 'Part One' -> 'The First Part'",
                         "folder moved: 'The First Part' into 'Annex'", "folder 'The First Part': label (none) -> Part",
                         "folder 'The First Part': compile as (none) -> part", "project target changed"] {
            XCTAssertTrue(lines.contains(expected), "\(expected) in \(lines)")
        }
        try expect(0, "snapshot", "-m", "Folders", in: book.root)
        status = try expect(0, "status", in: book.root).stdout
        XCTAssertTrue(status.contains("Nothing changed since the last snapshot."), status)
    }
}
