import Foundation
import XCTest

/// `msx new`: documents, folders and outlines.
final class NewCommandTests: MsxTestCase {
    func testNewDocumentFromFilePrintsIDAndPath() throws {
        let root = try makeProject()
        let source = scratch.appendingPathComponent("draft.md")
        try Data("It was a dark night.\n".utf8).write(to: source)
        let result = try expect(0, "new", "Dark Night", "--from", source.path, in: root)
        let node = try self.node(titled: "Dark Night", in: root)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(node.id) contents/draft/dark-night.md")
        XCTAssertEqual(try read(node.path, in: root), "It was a dark night.\n")
        XCTAssertEqual(try self.node(titled: "Draft", in: root).childTitles, ["Chapter 1", "Dark Night"])
    }

    func testNewDocumentFromStandardInput() throws {
        let root = try makeProject()
        let created = try addDocument("Piped", "From *stdin*.\n", to: root)
        XCTAssertNotNil(created.id.range(of: "^[0-9a-f]{12}$", options: .regularExpression), created.id)
        XCTAssertEqual(created.path, "contents/draft/piped.md")
        XCTAssertEqual(try read(created.path, in: root), "From *stdin*.\n")
    }

    func testNewFolderAndDocumentInsideIt() throws {
        let root = try makeProject()
        try expect(0, "new", "Part One", "--folder", in: root)
        try expect(0, "new", "Opening", "--in", "Part One", in: root)
        let folder = try node(titled: "Part One", in: root)
        XCTAssertEqual(folder.kind, "folder")
        XCTAssertEqual(folder.childTitles, ["Opening"])
        XCTAssertTrue(exists("contents/draft/part-one/opening.md", in: root))
        try expect(0, "new", "Lore", "--in", "Research", in: root)
        XCTAssertEqual(try node(titled: "Lore", in: root).path, "contents/research/lore.md")
        try expect(0, "check", in: root)
    }

    func testNewWithMetadataAddsLabelAndStatusToTheProject() throws {
        let root = try makeProject()
        let json = try expect(0, "new", "Flash", "--synopsis", "A memory.", "--label", "Flashback",
                              "--status", "Dreaming", "--json", in: root).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        let created = (json["created"] as? [[String: Any]])?.first ?? [:]
        XCTAssertEqual(created["synopsis"] as? String, "A memory.")
        XCTAssertEqual(created["label"] as? String, "Flashback")
        XCTAssertEqual(created["status"] as? String, "Dreaming")
        let manifest = try self.manifest(root)
        XCTAssertEqual((manifest["labels"] as? [String])?.last, "Flashback")
        XCTAssertEqual((manifest["statuses"] as? [String])?.last, "Dreaming")
        // An existing label is not added twice.
        try expect(0, "new", "Other", "--label", "Flashback", in: root)
        XCTAssertEqual((try self.manifest(root)["labels"] as? [String])?.filter { $0 == "Flashback" }.count, 1)
    }

    func testSameTitleGetsNumberedSlug() throws {
        let root = try makeProject()
        try expect(0, "new", "Chapter 1", in: root)
        let paths = try nodes(root).filter { $0.title == "Chapter 1" }.map(\.path)
        XCTAssertEqual(paths, ["contents/draft/chapter-1.md", "contents/draft/chapter-1-2.md"])
    }

    /// The outline used by the outline tests, in the loose form (text under an item after a blank line).
    static let looseOutline = """
        # Part One

        - Chapter A

          The chapter where it starts.

          - Scene A1

            Nell arrives.

          - Scene A2
        - Chapter B

        # Part Two

        Text under part two.

        - Chapter C

        """

    func testOutlineCreatesFoldersAndDocumentsInOrder() throws {
        let root = try makeProject()
        let json = try expect(0, "new", "--outline", "-", "--json", in: root, stdin: Self.looseOutline).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        XCTAssertEqual((json["created"] as? [[String: Any]])?.count, 7)
        let draft = try node(titled: "Draft", in: root)
        XCTAssertEqual(draft.childTitles, ["Chapter 1", "Part One", "Part Two"])
        let partOne = try node(titled: "Part One", in: root)
        XCTAssertEqual(partOne.kind, "folder")
        XCTAssertEqual(partOne.childTitles, ["Chapter A", "Chapter B"])
        let chapterA = try node(titled: "Chapter A", in: root)
        XCTAssertEqual(chapterA.kind, "folder")
        XCTAssertEqual(chapterA.synopsis, "The chapter where it starts.")
        XCTAssertEqual(chapterA.childTitles, ["Scene A1", "Scene A2"])
        XCTAssertEqual(try node(titled: "Scene A1", in: root).synopsis, "Nell arrives.")
        XCTAssertEqual(try node(titled: "Scene A1", in: root).path, "contents/draft/part-one/chapter-a/scene-a1.md")
        XCTAssertEqual(try node(titled: "Chapter B", in: root).kind, "document")
        XCTAssertEqual(try node(titled: "Part Two", in: root).synopsis, "Text under part two.")
        XCTAssertEqual(try node(titled: "Part Two", in: root).childTitles, ["Chapter C"])
        try assertConsistent(root)
        try expect(0, "check", in: root)
    }

    /// Text on the line right under an item (no blank line) is that item's synopsis, not part of its title.
    func testOutlineTightItemTextBecomesSynopsis() throws {
        let root = try makeProject()
        let outline = scratch.appendingPathComponent("outline.md")
        try Data("- Chapter A\n  The chapter where it starts.\n  - Scene A1\n    Nell arrives.\n".utf8).write(to: outline)
        try expect(0, "new", "--outline", outline.path, "--in", "Notes", in: root)
        let notes = try node(titled: "Notes", in: root)
        XCTAssertEqual(notes.childTitles, ["Chapter A"])
        let chapter = try XCTUnwrap(try nodes(root).first { $0.parentID == notes.id })
        XCTAssertEqual(chapter.synopsis, "The chapter where it starts.")
        XCTAssertEqual(chapter.childTitles, ["Scene A1"])
    }

    func testOutlineWithNothingToCreateFails() throws {
        let root = try makeProject()
        try expect(1, "new", "--outline", "-", in: root, stdin: "Just a paragraph.\n")
    }

    func testNewFromInvalidUTF8FailsAndWritesNothing() throws {
        let root = try makeProject()
        let bad = scratch.appendingPathComponent("bad.md")
        try Data([0x4F, 0x6B, 0x20, 0xFF, 0xFE, 0x0A]).write(to: bad)
        let before = snapshot(root, includePrivate: true)
        let result = try expect(3, "new", "Bad", "--from", bad.path, in: root)
        XCTAssertTrue(result.stderr.contains("bad.md"), result.stderr)
        assertSameSnapshot(before, snapshot(root, includePrivate: true))
        let piped = try MsxRunner.run(["new", "Bad", "--from", "-", "--json"], in: root, stdin: Data([0x61, 0xC3, 0x28]))
        assertJSONError(piped, 3)
        assertSameSnapshot(before, snapshot(root, includePrivate: true))
    }

    func testNewUsageErrors() throws {
        let root = try makeProject()
        try expect(64, "new", in: root)
        try expect(64, "new", "F", "--folder", "--from", "-", in: root)
        try expect(64, "new", "T", "--outline", "-", in: root)
        try expect(1, "new", "X", "--in", "No Such Folder", in: root)
        try expect(1, "new", "X", "--in", "Chapter 1", in: root)
    }
}
