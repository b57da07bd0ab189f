import Foundation
import MsxTestSupport
import XCTest

/// The human report of a realistic revision, compared with a reviewed copy in
/// `Tests/MsxCLITests/Fixtures/diff-revision.expected.txt`. Run with `MSX_RECORD=1` to rewrite the fixture
/// from msx's current output (then read it, and review the change with `git diff`).
final class DiffSnapshotTests: DiffTestCase {
    static let fixture = MsxRunner.packageRoot.appendingPathComponent("Tests/MsxCLITests/Fixtures/diff-revision.expected.txt")

    /// A Book with Scene at `DiffScene.draft1` snapshotted and `DiffScene.draft2` (the editor's revision) in the
    /// working copy.
    func makeRevisedScene() throws -> Book {
        let book = try makeBook()
        try DiffScene.add(to: book, in: self)
        try DiffScene.write(DiffScene.draft2, in: book, test: self)
        return book
    }

    /// The lines of the human report that describe paragraphs (`¶…`).
    func paragraphLines(_ output: String) -> [String] {
        output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("¶") }
    }

    func testRevisionReadsAsReviewed() throws {
        let output = try diff(in: try makeRevisedScene().root)
        Fixture.assertMatches(output, Self.fixture, "msx diff of the editor's revision")
    }

    func testSceneBreakInsertedIsVisible() throws {
        let output = try diff(in: try makeRevisedScene().root)
        XCTAssertFalse(output.contains("{++}"), "an inserted scene break shows as nothing: \(output)")
        XCTAssertTrue(paragraphLines(output).contains { $0.contains("added") && ($0.contains("* * *") || $0.contains("scene break")) },
                      "the inserted `* * *` is named: \(output)")
    }

    func testRewrittenSentenceBesideAMoveIsShownAsAnEdit() throws {
        let output = try diff(in: try makeRevisedScene().root)
        let lines = paragraphLines(output).filter { $0.contains("He woke slowly") }
        XCTAssertEqual(lines.count, 1, "one line for the rewritten paragraph, not a deletion and an addition: \(lines)")
        let marked = markedSegments(lines.first ?? "")
        XCTAssertFalse(marked.deleted.isEmpty || marked.inserted.isEmpty, "\(lines)")
        XCTAssertFalse(marked.deleted.contains { $0.contains("He woke slowly") }, "the unchanged words stay unmarked: \(lines)")
    }

    func testEditorsRevisionIsNamedPartByPart() throws {
        let book = try makeRevisedScene()
        let document = try diffDocument(titled: "Scene", in: book.root)
        XCTAssertEqual(document["description"] as? [String], ["italic added: 'The Mariner's Almanac' (paragraph 3)"])
        XCTAssertEqual(changes(document).filter { $0["op"] as? String == "move" }.count, 1, "one paragraph moved")
        let second = paragraphLines(try diff(in: book.root)).first { $0.hasPrefix("¶2") } ?? ""
        let marked = markedSegments(second)
        XCTAssertTrue(second.contains("[-climbed-]{+took+}"), "the rewritten first sentence: \(second)")
        XCTAssertFalse((marked.deleted + marked.inserted).contains { $0.contains("wind") },
                       "re-wrapping the second sentence is no change: \(second)")
    }
}
