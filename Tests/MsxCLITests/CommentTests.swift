import Foundation
import XCTest

/// Annotations. A comment sits on the words it was put on, follows them through an edit made
/// by hand, can be resolved, is listed by `msx comments`, and goes to Word and back on the same words.
final class CommentTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private func comments(_ arguments: [String] = [], in root: URL) throws -> [[String: Any]] {
        let result = try runMsx(["comments"] + arguments + ["--json"], in: root)
        assertExit(result, 0)
        return result.json()["comments"] as? [[String: Any]] ?? []
    }

    private func places(_ comment: [String: Any]?) -> [String] {
        ((comment?["places"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
    }

    func testACommentFollowsItsWordsAndCanBeResolved() throws {
        let root = try makeProject()
        let storm = try addDocument("Storm", "The keeper climbed the stair to the lamp.\n\nThe sea was grey.\n", to: root)
        let added = try expect(0, "comment", "Storm", "--match", "climbed the stair", "Too slow here?", "--json", in: root).json()
        let id = try XCTUnwrap((added["comment"] as? [String: Any])?["id"] as? String)
        try expect(0, "comment", "Storm", "--match", "the stair to the lamp", "Which lamp?", in: root)
        var listed = try comments(in: root)
        XCTAssertEqual(listed.count, 2)
        XCTAssertEqual(places(listed.first { $0["id"] as? String == id }), ["climbed the stair"])
        try expect(0, "check", in: root)

        // A writer's edit by hand before the words: the comment stays on them.
        try write("At dusk the keeper slowly climbed the stair to the lamp.\n\nThe sea was grey.\n", to: storm.path, in: root)
        listed = try comments(["Storm"], in: root)
        XCTAssertEqual(places(listed.first { $0["id"] as? String == id }), ["climbed the stair"])
        XCTAssertEqual(listed.first { $0["id"] as? String == id }?["note"] as? String, "Too slow here?")

        // Resolved: gone from the list, there with --all; --reopen brings it back.
        try expect(0, "comment", "--resolve", id, in: root)
        XCTAssertEqual(try comments(in: root).count, 1)
        XCTAssertEqual(try comments(["--all"], in: root).first { $0["id"] as? String == id }?["resolved"] as? Bool, true)
        try expect(0, "comment", "Storm", "--resolve", id, "--reopen", in: root)
        XCTAssertEqual(try comments(in: root).count, 2)
        let unknown = try expect(1, "comment", "--resolve", "nothere", in: root)
        XCTAssertTrue(unknown.stderr.contains("nothere"), unknown.stderr)
        let empty = try expect(64, "comment", "Storm", "--match", "sea", "  ", in: root)
        XCTAssertTrue(empty.stderr.contains("note"), empty.stderr)

        // The diff names the comment; show --as json carries it.
        try expect(0, "snapshot", "-m", "noted", in: root)
        try expect(0, "comment", "Storm", "--match", "grey", "Colder word?", in: root)
        XCTAssertTrue(try expect(0, "diff", in: root).stdout.contains("comment added: 'grey'"))
        let shown = try expect(0, "show", "Storm", "--as", "json", in: root).json()
        XCTAssertEqual((shown["annotations"] as? [String: Any])?.count, 3)
        // Compiled to HTML: open notes in the margin beside their words (the resolved one is not).
        try expect(0, "comment", "--resolve", id, in: root)
        let html = try expect(0, "compile", "--format", "html", in: root).stdout
        XCTAssertTrue(html.contains("<span class=\"margin-note\">Which lamp?"), html)
        XCTAssertTrue(html.contains("<span class=\"margin-note\">Colder word?"), html)
        XCTAssertFalse(html.contains("Too slow here?"), html)
        XCTAssertTrue(html.contains("<span class=\"annotated\">"), html)
    }

    /// A document deleted by hand does not hide the rest: `comments` and `search` list what the other documents
    /// hold and name the missing one on standard error, as compile does; a later document's comment is still listed.
    func testADocumentDeletedByHandIsNamedAndTheRestListed() throws {
        let root = try makeProject()
        let storm = try addDocument("Storm", "The keeper climbed the stair.\n", to: root)
        try addDocument("Calm", "The sea lay flat under the lamp.\n", to: root)
        try expect(0, "comment", "Storm", "--match", "climbed", "Slower?", in: root)
        try expect(0, "comment", "Calm", "--match", "lay flat", "Flatter?", in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent(storm.path))

        let listed = try expect(0, "comments", "--json", in: root)
        let notes = (listed.json()["comments"] as? [[String: Any]] ?? []).compactMap { $0["note"] as? String }
        XCTAssertEqual(notes, ["Flatter?"])
        XCTAssertEqual(listed.stderr, "warning: \(storm.path): the document 'Storm' is missing its file: left out (msx check says how to mend it)\n")
        let found = try expect(0, "search", "the", in: root)
        XCTAssertEqual(found.stdout, "contents/draft/calm.md:1: The sea lay flat under the lamp.\n")
        XCTAssertTrue(found.stderr.contains("\(storm.path): the document 'Storm' is missing its file"), found.stderr)
    }

    /// A comment over words other formatting cuts in pieces is one stretch: words typed where two pieces meet are
    /// inside it, as words typed anywhere else in it are; words typed at its ends stay outside.
    func testWordsTypedInsideACommentAreCoveredWhereverTheyAreTyped() throws {
        let root = try makeProject()
        let storm = try addDocument("Storm", "It was dark and cold over the harbour.\n", to: root)
        try expect(0, "format", "Storm", "--match", "dark", "--color", "#8B0000", in: root)
        try expect(0, "comment", "Storm", "--match", "dark and cold", "Too plain?", in: root)
        try write("It was very dark, wild and bitter cold, over the harbour.\n", to: storm.path, in: root)
        XCTAssertEqual(places(try comments(["Storm"], in: root).first), ["dark, wild and bitter cold"])
    }

    func testCommentsGoToWordAndComeBackOnTheSameWords() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Storm", "The keeper climbed the stair to the lamp.\n", to: root)
        try expect(0, "comment", "Storm", "--match", "climbed the stair", "Too slow here?", in: root)
        let before = try comments(in: root)
        let docx = scratch.appendingPathComponent("storm.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        for file in [docx, try LibreOffice.convert(docx, to: "docx:MS Word 2007 XML", extension: "docx", in: scratch)] {
            let created = try expect(0, "import", file.path, "--into", "Research", "--json", in: root).json()
            let id = try XCTUnwrap(((created["created"] as? [[String: Any]])?.first)?["id"] as? String)
            let back = try comments([id], in: root)
            XCTAssertEqual(back.map { $0["id"] as? String }, before.map { $0["id"] as? String }, "\(file.lastPathComponent)")
            XCTAssertEqual(places(back.first), ["climbed the stair"], "\(file.lastPathComponent)")
            XCTAssertEqual(back.first?["note"] as? String, "Too slow here?")
        }
    }
}
