import XCTest
@testable import MsxModel

/// Settling one conflict of a merge: the text each choice puts in its place, and finding that place again
/// after the writer edited the file around it.
final class ConflictResolutionTests: XCTestCase {
    private func conflict(in base: String, _ ours: String, _ theirs: String) throws -> (text: String, conflict: MergeConflict) {
        let result = DocumentMerge.merge(base: .init(markdown: base, sidecar: nil), ours: .init(markdown: ours, sidecar: nil),
                                         theirs: .init(markdown: theirs, sidecar: nil))
        return (result.markdown, try XCTUnwrap(result.conflicts.first))
    }

    func testEachChoicePutsItsWords() throws {
        let (_, words) = try conflict(in: "She walked home.\n", "She ran home.\n", "She drove home.\n")
        XCTAssertEqual(ConflictChoice.allCases.map(words.replacement(choosing:)), ["ran", "drove", "ran drove"])
        // Both sides inserted at one place: both are already there, in order.
        let (_, inserted) = try conflict(in: "The end.\n", "The bitter end.\n", "The happy end.\n")
        XCTAssertEqual(inserted.base, "")
        XCTAssertEqual(inserted.replacement(choosing: .both), inserted.placed)
        // Whole paragraphs stay paragraphs.
        let paragraphs = MergeConflict(kind: .text, base: "", ours: "One.\n", theirs: "Two.\n", placed: "One.\n")
        XCTAssertEqual(paragraphs.replacement(choosing: .both), "One.\n\nTwo.\n")
    }

    func testThePlaceIsFoundByItsContextNearestToWhereTheMergePutIt() throws {
        let (text, found) = try conflict(in: "It ran. She walked home.\n", "It ran. She ran home.\n", "It ran. She drove home.\n")
        let offset = text.utf16.count - " home.\n".utf16.count - 3
        XCTAssertEqual(found.locate(in: text, expected: found.offset), offset..<(offset + 3))
        // Text added before it moves it; its context finds it (not the "ran" of "It ran").
        let edited = "Late that night, it ran. She ran home.\n"
        let moved = try XCTUnwrap(found.locate(in: edited, expected: found.offset))
        XCTAssertEqual(moved.count, 3)
        XCTAssertEqual(Self.text(edited, from: moved.lowerBound), "ran home")
        // One side of the context changed: the other side still finds it.
        let reworded = "It ran. She ran home at last.\n"
        let half = try XCTUnwrap(found.locate(in: reworded, expected: found.offset))
        XCTAssertEqual(Self.text(reworded, from: half.lowerBound), "ran home")
        // Gone: nil, not a guess.
        XCTAssertNil(found.locate(in: "She stayed.\n", expected: found.offset))
    }

    /// Eight UTF-16 units of `text` from `offset`.
    private static func text(_ text: String, from offset: Int) -> String {
        String(decoding: Array(text.utf16).dropFirst(offset).prefix(8), as: UTF16.self)
    }

    func testAConflictReadsBackFromItsJSON() throws {
        let formatting = MergeConflict(kind: .formatting, base: "the sea", ours: "the sea", theirs: "the sea", placed: "the sea",
                                       before: "and ", after: " lay", offset: 4, paragraph: 1, attribute: .foregroundColor,
                                       oursValue: .string("#FF0000"), theirsValue: .null)
        let back = try MergeConflict(json: .object(formatting.json), file: "merge.json", path: "conflicts[0]")
        XCTAssertEqual(back, formatting)
        var broken = formatting.json
        broken["kind"] = .string("colour")
        XCTAssertThrowsError(try MergeConflict(json: .object(broken), file: "merge.json", path: "conflicts[0]")) { error in
            XCTAssertEqual((error as? MsxError)?.message, "merge.json: conflicts[0].kind must be text, deleted, formatting, metadata or file")
        }
    }
}
