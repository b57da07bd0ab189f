import Foundation
import XCTest

/// A document renamed or moved by hand (`mv`, a file manager), with or without its words edited, is found again by
/// its words: it keeps its id, history, sidecar, notes and place, and no command calls it deleted and new. Each
/// scenario makes the outside change and then runs the one command checked, with no msx command between.
final class HandRenameTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private static let lampSidecar = "contents/draft/lamp.attrs.json"
    private static let lampNotes = "contents/draft/lamp.notes.md"

    /// The book with Lamp's "old lamp" underlined and notes of its own, recorded.
    private func formattedBook() throws -> Book {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--match", "old lamp", "--underline", in: book.root)
        try write("Where the lamp came from.\n", to: Self.lampNotes, in: book.root)
        try expect(0, "snapshot", "-m", "underlined", in: book.root)
        return book
    }

    private func move(_ from: String, to: String, in root: URL) throws {
        let target = root.appendingPathComponent(to)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: root.appendingPathComponent(from), to: target)
    }

    /// `sed -i s/old/new/` on a project file.
    private func replace(_ old: String, with new: String, in relative: String, root: URL) throws {
        let text = try read(relative, in: root)
        XCTAssertTrue(text.contains(old), "\(relative) holds '\(old)'")
        try write(text.replacingOccurrences(of: old, with: new), to: relative, in: root)
    }

    private func versions(of id: String, in root: URL) throws -> [String] {
        let log = try expect(0, "log", id, "--json", in: root).json()
        return (log["versions"] as? [[String: Any]] ?? []).compactMap { $0["version"] as? String }
    }

    func testStatusSaysRenamedByHandWithTheWordChanges() throws {
        let book = try formattedBook()
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        try replace("all night", with: "all evening", in: "contents/draft/lantern.md", root: book.root)
        let json = try expect(0, "status", "--json", in: book.root).json()
        XCTAssertEqual(json["notInBinder"] as? [String], [], "the file is the document's, not a stray")
        let lamp = try XCTUnwrap((json["documents"] as? [[String: Any]])?.first { $0["id"] as? String == book.lamp })
        XCTAssertEqual(lamp["deleted"] as? Bool, false)
        XCTAssertEqual(lamp["new"] as? Bool, false)
        XCTAssertEqual(lamp["text"] as? Bool, true)
        XCTAssertEqual(lamp["formatting"] as? Bool, false, "the underline is read from the sidecar left behind")
        XCTAssertEqual(lamp["path"] as? String, "contents/draft/lantern.md")
        XCTAssertEqual(lamp["handRenamedFrom"] as? String, Book.lampPath)
        XCTAssertEqual((json["documents"] as? [Any])?.count, 1, "nothing else changed")
        let text = try expect(0, "status", in: book.root).stdout
        XCTAssertTrue(text.contains("modified (text), renamed by hand from \(Book.lampPath)"), text)
    }

    func testDiffShowsTheWordsChangedNotADeletion() throws {
        let book = try formattedBook()
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        try replace("all night", with: "all evening", in: "contents/draft/lantern.md", root: book.root)
        let json = try expect(0, "diff", "--json", in: book.root).json()
        let documents = json["documents"] as? [[String: Any]] ?? []
        XCTAssertEqual(documents.count, 1, "\(documents)")
        let lamp = try XCTUnwrap(documents.first)
        XCTAssertEqual(lamp["id"] as? String, book.lamp)
        XCTAssertEqual(lamp["wordsAdded"] as? Int, 1)
        XCTAssertEqual(lamp["wordsRemoved"] as? Int, 1)
        XCTAssertEqual(lamp["binder"] as? [String], ["renamed or moved by hand from \(Book.lampPath)"])
        let text = try expect(0, "diff", in: book.root).stdout
        XCTAssertTrue(text.contains("{+evening"), text)
        XCTAssertFalse(text.contains("deleted"), text)
    }

    func testSnapshotRecordsTheRenameAndKeepsTheHistory() throws {
        let book = try formattedBook()
        let before = try versions(of: book.lamp, in: book.root)
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        try replace("all night", with: "all evening", in: "contents/draft/lantern.md", root: book.root)
        let output = try expect(0, "snapshot", "-m", "renamed", in: book.root).stdout
        XCTAssertTrue(output.contains("'Lamp' was renamed or moved outside msx to contents/draft/lantern.md"), output)
        let lamp = try XCTUnwrap(try node(id: book.lamp, in: book.root))
        XCTAssertEqual(lamp.path, "contents/draft/lantern.md")
        XCTAssertEqual(try versions(of: book.lamp, in: book.root).dropFirst().map { $0 }, before, "its history goes on")
        XCTAssertEqual(try runTexts(of: book.lamp, in: book.root, where: "underline", is: "single"), ["old lamp"])
        XCTAssertEqual(try read("contents/draft/lantern.notes.md", in: book.root), "Where the lamp came from.\n")
        XCTAssertFalse(exists(Self.lampSidecar, in: book.root))
        // git, the independent witness, sees the same files moved.
        let recorded = try git("show", "--name-status", "--format=", "-M", "HEAD", in: book.root)
        XCTAssertTrue(recorded.contains("contents/draft/lamp.notes.md\tcontents/draft/lantern.notes.md"), recorded)
        XCTAssertFalse(recorded.contains("D\tcontents/draft/lamp.md") && recorded.contains("A\tcontents/draft/lantern.md")
                       && !recorded.contains("R"), recorded)
        XCTAssertEqual(try porcelain(book.root), [])
        try expect(0, "check", in: book.root)
    }

    func testMovedIntoANewSubfolderKeepsItsPlace() throws {
        let book = try formattedBook()
        try move(Book.lampPath, to: "contents/draft/act-two/lamp.md", in: book.root)
        try expect(0, "check", "--repair", in: book.root)
        let draft = try node(titled: "Draft", in: book.root)
        XCTAssertEqual(draft.childTitles, ["Chapter 1", "Act two", "Sea"], "the new folder stands where Lamp stood")
        let folder = try node(titled: "Act two", in: book.root)
        XCTAssertEqual(folder.path, "contents/draft/act-two")
        XCTAssertEqual(folder.childTitles, ["Lamp"])
        XCTAssertEqual(try node(id: book.lamp, in: book.root)?.path, "contents/draft/act-two/lamp.md")
        XCTAssertTrue(exists("contents/draft/act-two/lamp.attrs.json", in: book.root))
        XCTAssertTrue(exists("contents/draft/act-two/lamp.notes.md", in: book.root))
        let compiled = try expect(0, "compile", "--format", "txt", in: book.root).stdout
        let lampAt = try XCTUnwrap(compiled.range(of: "old lamp")), seaAt = try XCTUnwrap(compiled.range(of: "The sea"))
        XCTAssertLessThan(lampAt.lowerBound, seaAt.lowerBound, "compiled in its old order")
        try expect(0, "check", in: book.root)
        try assertConsistent(book.root)
    }

    func testAFolderRenamedByHandKeepsItsIDAndDocuments() throws {
        let root = try makeProject("novel")
        try expect(0, "snapshot", "-m", "start", in: root)
        let before = try nodes(root)
        let chapter = try XCTUnwrap(before.first { $0.path == "contents/draft/part-one/chapter-1" })
        try move("contents/draft/part-one/chapter-1", to: "contents/draft/part-one/the-arrival", in: root)
        try expect(0, "check", "--repair", in: root)
        let after = try nodes(root)
        let moved = try XCTUnwrap(after.first { $0.id == chapter.id })
        XCTAssertEqual(moved.path, "contents/draft/part-one/the-arrival")
        XCTAssertEqual(after.map(\.id), before.map(\.id), "every node keeps its id and place")
        XCTAssertFalse(after.contains { $0.title == "The arrival" }, "no new folder")
        try expect(0, "check", in: root)
        try assertConsistent(root)
    }

    func testDropMissingKeepsARenamedDocumentAndItsSidecar() throws {
        let book = try formattedBook()
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        try replace("all night", with: "all evening", in: "contents/draft/lantern.md", root: book.root)
        let repair = try expect(0, "check", "--repair", "--drop-missing", "--json", in: book.root).json()
        XCTAssertFalse((repair["repairs"] as? [String] ?? []).contains { $0.hasPrefix("took") }, "\(repair)")
        XCTAssertEqual(try node(id: book.lamp, in: book.root)?.path, "contents/draft/lantern.md")
        XCTAssertTrue(exists("contents/draft/lantern.attrs.json", in: book.root))
        XCTAssertEqual(try runTexts(of: book.lamp, in: book.root, where: "underline", is: "single"), ["old lamp"])
    }

    /// The writer made a new document, pasted Lamp's words into it in an editor and deleted Lamp's file.
    private func lampTakenInAsLantern() throws -> (book: Book, lantern: String) {
        let book = try formattedBook()
        let created = try expect(0, "new", "Lantern", "--json", in: book.root).json()["created"] as? [[String: Any]]
        let lantern = try XCTUnwrap(created?.first?["id"] as? String)
        try write(try read(Book.lampPath, in: book.root), to: "contents/draft/lantern.md", in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(Book.lampPath))
        return (book, lantern)
    }

    func testDropMissingHandsTheSidecarAndNotesToTheDocumentThatHoldsTheWords() throws {
        let (book, lantern) = try lampTakenInAsLantern()
        let check = try expect(1, "check", "--json", in: book.root).json()
        let codes = (check["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["adopted-elsewhere"], "\(check)")
        XCTAssertTrue(try expect(1, "check", in: book.root).stdout.contains("its words are in 'Lantern'"))
        let repair = try expect(0, "check", "--repair", "--drop-missing", in: book.root).stdout
        XCTAssertTrue(repair.contains("went to 'Lantern'"), repair)
        XCTAssertNil(try node(id: book.lamp, in: book.root))
        XCTAssertFalse(exists(Self.lampSidecar, in: book.root))
        XCTAssertEqual(try read("contents/draft/lantern.notes.md", in: book.root), "Where the lamp came from.\n")
        XCTAssertEqual(try runTexts(of: lantern, in: book.root, where: "underline", is: "single"), ["old lamp"])
        try assertConsistent(book.root)
    }

    func testDropMissingKeepsTheSidecarWhenTheDocumentHoldingTheWordsHasItsOwn() throws {
        let (book, lantern) = try lampTakenInAsLantern()
        try expect(0, "format", lantern, "--match", "old lamp", "--underline=double", in: book.root)
        let sidecar = try read(Self.lampSidecar, in: book.root)
        let repair = try expect(0, "check", "--repair", "--drop-missing", in: book.root).stdout
        XCTAssertTrue(repair.contains("kept \(Self.lampSidecar)"), repair)
        XCTAssertEqual(try read(Self.lampSidecar, in: book.root), sidecar, "not deleted, not changed")
        XCTAssertEqual(try runTexts(of: lantern, in: book.root, where: "underline", is: "double"), ["old lamp"], "Lantern's own formatting")
    }

    func testRestoreMissingDoesNotBringARenamedDocumentBackTwice() throws {
        let book = try formattedBook()
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        try expect(0, "check", "--repair", "--restore-missing", in: book.root)
        XCTAssertFalse(exists(Book.lampPath, in: book.root), "not brought back beside its renamed file")
        XCTAssertEqual(try nodes(book.root).filter { $0.kind == "document" }.map(\.title), ["Chapter 1", "Lamp", "Sea"])
        try assertConsistent(book.root)
    }

    func testWithoutHistoryTheSidecarsAnchorFindsTheDocument() throws {
        let book = try makeBook(snapshot: false)
        try expect(0, "format", "Lamp", "--match", "old lamp", "--underline", in: book.root)
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        try replace("all night", with: "all evening", in: "contents/draft/lantern.md", root: book.root)
        try expect(0, "check", "--repair", in: book.root)
        XCTAssertEqual(try node(id: book.lamp, in: book.root)?.path, "contents/draft/lantern.md")
        XCTAssertEqual(try runTexts(of: book.lamp, in: book.root, where: "underline", is: "single"), ["old lamp"])
    }

    func testShowTreeAndCompileReadItWhereItIsNow() throws {
        let book = try formattedBook()
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        try replace("all night", with: "all evening", in: "contents/draft/lantern.md", root: book.root)
        XCTAssertEqual(try runTexts(of: book.lamp, in: book.root, where: "underline", is: "single"), ["old lamp"])
        let lamp = try XCTUnwrap(try treeNodes(book.root).first { $0.id == book.lamp })
        XCTAssertEqual(lamp.path, "contents/draft/lantern.md")
        XCTAssertNil(lamp.fields["missing"], "not missing: it is found where it is now")
        XCTAssertGreaterThan(lamp.words ?? 0, 0)
        XCTAssertTrue(try expect(0, "compile", "--format", "txt", in: book.root).stdout.contains("all evening"))
        XCTAssertEqual(try node(id: book.lamp, in: book.root)?.path, Book.lampPath, "reading writes nothing")
    }

    func testNotesSearchAndStatsReadItWhereItIsNow() throws {
        let book = try formattedBook()
        let draftWords = try expect(0, "stats", "--json", in: book.root).json()["draftWords"] as? Int
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        try move(Self.lampNotes, to: "contents/draft/lantern.notes.md", in: book.root)
        XCTAssertEqual(try expect(0, "notes", "Lamp", in: book.root).stdout, "Where the lamp came from.\n")
        let search = try expect(0, "search", "old lamp", "--json", in: book.root).json()["matches"] as? [[String: Any]]
        XCTAssertEqual(search?.compactMap { $0["id"] as? String }, [book.lamp], "\(search ?? [])")
        let stats = try expect(0, "stats", "--json", in: book.root).json()
        XCTAssertEqual(stats["draftWords"] as? Int, draftWords, "no words lost from the draft by a rename")
        XCTAssertEqual(try node(id: book.lamp, in: book.root)?.path, Book.lampPath, "reading writes nothing")
    }

    func testAWriteCommandReattachesItFirstAndSaysSo() throws {
        let book = try formattedBook()
        try move(Book.lampPath, to: "contents/draft/lantern.md", in: book.root)
        let format = try expect(0, "format", "Lamp", "--match", "quay", "--bold", in: book.root)
        XCTAssertTrue(format.stderr.contains("'Lamp' was renamed or moved outside msx to contents/draft/lantern.md: re-attached"), format.stderr)
        XCTAssertEqual(try node(id: book.lamp, in: book.root)?.path, "contents/draft/lantern.md")
        XCTAssertTrue(try read("contents/draft/lantern.md", in: book.root).contains("**quay**"))
        XCTAssertEqual(try runTexts(of: book.lamp, in: book.root, where: "underline", is: "single"), ["old lamp"])
        try expect(0, "check", in: book.root)
    }
}
