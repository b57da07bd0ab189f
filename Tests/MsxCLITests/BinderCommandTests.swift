import Foundation
import XCTest

/// `msx mv`, `rename`, `trash`, `untrash` and their `--dry-run`.
final class BinderCommandTests: MsxTestCase {
    /// A blank project with Draft: [Chapter 1, Alpha (with a sidecar), Beta, Part/ [Inner]].
    private func binderProject() throws -> URL {
        let root = try makeProject()
        try addDocument("Alpha", "Alpha words here.\n", to: root)
        try expect(0, "format", "Alpha", "--match", "words", "--underline", in: root)
        XCTAssertTrue(exists("contents/draft/alpha.attrs.json", in: root))
        try addDocument("Beta", "Beta words.\n", to: root)
        try expect(0, "new", "Part", "--folder", in: root)
        try expect(0, "new", "Inner", "--in", "Part", in: root)
        return root
    }

    func testMoveIntoFolderMovesFileAndSidecar() throws {
        let root = try binderProject()
        let alpha = try node(titled: "Alpha", in: root)
        let json = try expect(0, "mv", "Alpha", "--into", "Part", "--json", in: root).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        XCTAssertEqual(json["dryRun"] as? Bool, false)
        let moved = try node(titled: "Alpha", in: root)
        XCTAssertEqual(moved.id, alpha.id)
        XCTAssertEqual(moved.path, "contents/draft/part/alpha.md")
        XCTAssertEqual(try node(titled: "Part", in: root).childTitles, ["Inner", "Alpha"])
        XCTAssertFalse(exists("contents/draft/alpha.md", in: root))
        XCTAssertFalse(exists("contents/draft/alpha.attrs.json", in: root))
        XCTAssertEqual(try read("contents/draft/part/alpha.md", in: root), "Alpha words here.\n")
        XCTAssertTrue(exists("contents/draft/part/alpha.attrs.json", in: root))
        XCTAssertEqual(try runTexts(of: alpha.id, in: root, where: "underline", is: "single"), ["words"])
        try expect(0, "check", in: root)
    }

    func testMoveBeforeAndAfterSiblings() throws {
        let root = try binderProject()
        try expect(0, "mv", "Beta", "--before", "Chapter 1", in: root)
        XCTAssertEqual(try node(titled: "Draft", in: root).childTitles, ["Beta", "Chapter 1", "Alpha", "Part"])
        try expect(0, "mv", "Beta", "--after", "Part", in: root)
        XCTAssertEqual(try node(titled: "Draft", in: root).childTitles, ["Chapter 1", "Alpha", "Part", "Beta"])
        // --before a node in another folder moves it there.
        try expect(0, "mv", "Beta", "--before", "Inner", in: root)
        XCTAssertEqual(try node(titled: "Part", in: root).childTitles, ["Beta", "Inner"])
        XCTAssertTrue(exists("contents/draft/part/beta.md", in: root))
        try assertConsistent(root)
    }

    func testMoveFolderCarriesItsFiles() throws {
        let root = try binderProject()
        try expect(0, "mv", "Part", "--into", "Notes", in: root)
        XCTAssertEqual(try node(titled: "Inner", in: root).path, "contents/notes/part/inner.md")
        XCTAssertTrue(exists("contents/notes/part/inner.md", in: root))
        XCTAssertFalse(exists("contents/draft/part", in: root))
        try assertConsistent(root)
    }

    func testMoveIntoItselfOrADocumentFails() throws {
        let root = try binderProject()
        let before = snapshot(root)
        try expect(1, "mv", "Part", "--into", "Part", in: root)
        try expect(1, "mv", "Draft", "--into", "Part", in: root)
        try expect(1, "mv", "Alpha", "--into", "Beta", in: root)
        assertJSONError(try msx("mv", "Part", "--into", "Part", "--json", in: root), 1)
        assertSameSnapshot(before, snapshot(root))
        try expect(64, "mv", "Alpha", in: root)
        try expect(64, "mv", "Alpha", "--before", "Beta", "--after", "Beta", in: root)
    }

    func testRenameChangesFileNameAndKeepsID() throws {
        let root = try binderProject()
        let alpha = try node(titled: "Alpha", in: root)
        let json = try expect(0, "rename", alpha.id, "Première Étape", "--json", in: root).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        let renamed = try XCTUnwrap(try node(id: alpha.id, in: root))
        XCTAssertEqual(renamed.title, "Première Étape")
        XCTAssertEqual(renamed.path, "contents/draft/premiere-etape.md")
        XCTAssertEqual(try read(renamed.path, in: root), "Alpha words here.\n")
        XCTAssertTrue(exists("contents/draft/premiere-etape.attrs.json", in: root))
        XCTAssertFalse(exists("contents/draft/alpha.md", in: root))
        XCTAssertFalse(exists("contents/draft/alpha.attrs.json", in: root))
        try expect(0, "rename", "Part", "Part One", in: root)
        XCTAssertEqual(try node(titled: "Inner", in: root).path, "contents/draft/part-one/inner.md")
        try assertConsistent(root)
        try expect(0, "check", in: root)
    }

    func testTrashAndUntrashReturnToTheOriginalFolder() throws {
        let root = try binderProject()
        let inner = try node(titled: "Inner", in: root)
        try expect(0, "trash", "Inner", in: root)
        let trashed = try XCTUnwrap(try node(id: inner.id, in: root))
        XCTAssertEqual(trashed.path, "contents/trash/inner.md")
        XCTAssertEqual(try node(titled: "Trash", in: root).childTitles, ["Inner"])
        XCTAssertTrue(exists("contents/trash/inner.md", in: root))
        try expect(0, "untrash", "Inner", in: root)
        XCTAssertEqual(try node(id: inner.id, in: root)?.path, "contents/draft/part/inner.md")
        XCTAssertEqual(try node(titled: "Part", in: root).childTitles, ["Inner"])
        try expect(1, "untrash", "Inner", in: root)  // no longer in the Trash
        try assertConsistent(root)
    }

    func testSlugClashesGetNumberedAndRoleFoldersStayPut() throws {
        let root = try binderProject()
        let alpha = try node(titled: "Alpha", in: root)
        try expect(0, "rename", "Alpha", "Beta", in: root)
        XCTAssertEqual(try node(id: alpha.id, in: root)?.path, "contents/draft/beta-2.md")
        try expect(0, "trash", "contents/draft/beta.md", in: root)
        try expect(0, "new", "Beta", in: root)  // takes beta.md again while the old one is in the Trash
        try expect(0, "untrash", "contents/trash/beta.md", in: root)
        XCTAssertEqual(Set(try nodes(root).filter { $0.title == "Beta" }.map(\.path)),
                       ["contents/draft/beta.md", "contents/draft/beta-2.md", "contents/draft/beta-3.md"])
        try assertConsistent(root)
        let before = snapshot(root)
        try expect(1, "mv", "Draft", "--into", "Notes", in: root)
        try expect(1, "trash", "Research", in: root)
        assertSameSnapshot(before, snapshot(root))
    }

    func testEmptyTrashNeedsYesOffATerminal() throws {
        let root = try binderProject()
        try expect(0, "trash", "Alpha", in: root)
        let before = snapshot(root)
        try expect(1, "trash", "--empty", in: root)
        assertJSONError(try msx("trash", "--empty", "--json", in: root), 1)
        assertSameSnapshot(before, snapshot(root))
        try expect(0, "trash", "--empty", "--yes", in: root)
        XCTAssertFalse(exists("contents/trash/alpha.md", in: root))
        XCTAssertFalse(exists("contents/trash/alpha.attrs.json", in: root))
        XCTAssertEqual(try node(titled: "Trash", in: root).childTitles, [])
        XCTAssertFalse(try nodes(root).contains { $0.title == "Alpha" })
        try expect(0, "check", in: root)
        try expect(64, "trash", in: root)
        try expect(64, "trash", "Beta", "--empty", in: root)
    }

    func testDryRunChangesNoByte() throws {
        let root = try binderProject()
        try expect(0, "trash", "Beta", in: root)
        try expect(0, "tree", in: root)  // fill the count cache, so the snapshot covers it too
        let before = snapshot(root, includePrivate: true)
        let commands: [[String]] = [
            ["mv", "Alpha", "--into", "Part"], ["mv", "Alpha", "--before", "Chapter 1"], ["rename", "Alpha", "Omega"],
            ["rename", "Part", "Section"], ["trash", "Alpha"], ["trash", "Part"], ["untrash", "Beta"],
            ["trash", "--empty"], ["format", "Alpha", "--match", "Alpha", "--bold"],
            ["format", "Alpha", "--paragraph", "1", "--align", "center", "--style", "Heading 2"],
            ["meta", "Alpha", "--synopsis", "New", "--label", "Brand New"],
        ]
        for command in commands {
            let text = try MsxRunner.run(command + ["--dry-run"], in: root)
            assertExit(text, 0)
            XCTAssertFalse(text.stdout.isEmpty, "\(command) --dry-run said nothing")
            let json = try MsxRunner.run(command + ["--dry-run", "--json"], in: root)
            assertExit(json, 0)
            XCTAssertEqual(json.json()["dryRun"] as? Bool, true, "\(command)")
        }
        assertSameSnapshot(before, snapshot(root, includePrivate: true))
    }
}
