import XCTest
@testable import MsxGit
@testable import MsxHistory
@testable import MsxModel

/// What a log reads from commit and tag messages by their bytes: subjects, `Msx-Document` trailers, and the
/// zero-padded numbers of its dates and ids.
final class CommitMessageTests: XCTestCase {
    func testTheSubjectIsTheFirstLineThatIsNotEmpty() {
        XCTAssertEqual("Snapshot: Storm\n\nMsx-Document: a +1 -0 text\n".messageSubject, "Snapshot: Storm")
        XCTAssertEqual("One line".messageSubject, "One line")
        XCTAssertEqual("\n\nAfter blank lines\nbody".messageSubject, "After blank lines")
        XCTAssertEqual("Windows\r\nbody\r\n".messageSubject, "Windows")
        XCTAssertEqual("\r\n\r\nLate\r\n".messageSubject, "Late")
        XCTAssertEqual("Café — ✓\nbody".messageSubject, "Café — ✓")
        XCTAssertEqual("".messageSubject, "")
        XCTAssertEqual("\n\r\n".messageSubject, "")
    }

    /// A milestone's name and note read the same from a tag message written with either line break.
    func testAMilestonesNameAndNoteAreReadWithEitherLineBreak() throws {
        let target = try XCTUnwrap(GitOID(hex: String(repeating: "ab", count: 20)))
        for lineBreak in ["\n", "\r\n"] {
            let message = Milestone.message(name: "First draft", note: "Sent to Anna.\nShe reads it in May.")
                .replacingOccurrences(of: "\n", with: lineBreak)
            let tag = GitTag(refName: "first-draft", target: target, message: message)
            XCTAssertEqual(Milestone.displayName(of: tag), "First draft", lineBreak.debugDescription)
            XCTAssertEqual(Milestone.note(of: tag), "Sent to Anna.\nShe reads it in May.", lineBreak.debugDescription)
        }
        XCTAssertEqual("a\r\n\nb\n".messageLines, ["a", "", "b", ""])
        XCTAssertEqual("".messageLines, [""])
    }

    func testTrailersAreReadWithTheirCountsAndKinds() {
        let message = "Snapshot\n\nMsx-Document: 9a3e01c4d2b7 +120 -30 text,formatting\r\nMsx-Document: 00ff +0 -7\nMsx-Document: beef\n"
        XCTAssertEqual(DocumentTrailer.all(in: message), [
            DocumentTrailer(id: "9a3e01c4d2b7", wordsAdded: 120, wordsRemoved: 30, kinds: ["text", "formatting"]),
            DocumentTrailer(id: "00ff", wordsAdded: 0, wordsRemoved: 7),
            DocumentTrailer(id: "beef"),
        ])
        XCTAssertEqual(DocumentTrailer.first(naming: "00ff", in: message)?.wordsRemoved, 7)
        XCTAssertNil(DocumentTrailer.first(naming: "00f", in: message))
        XCTAssertTrue(DocumentTrailer.first(naming: "9a3e01c4d2b7", in: message)!.isComplete)
        XCTAssertFalse(DocumentTrailer.first(naming: "beef", in: message)!.isComplete)
    }

    func testCountsThatAreNotNumbersLeaveATrailerIncomplete() {
        for fields in ["+x -3 text", "+3 -y text", "3 -3 text", "+3 3 text", "+ - text"] {
            let trailer = DocumentTrailer.first(naming: "doc", in: "s\n\nMsx-Document: doc \(fields)\n")
            XCTAssertEqual(trailer?.id, "doc", fields)
            XCTAssertFalse(trailer!.isComplete, fields)
        }
        // A sign written twice is still a number, as Int reads it.
        XCTAssertEqual(DocumentTrailer.first(naming: "doc", in: "Msx-Document: doc ++4 --2")?.wordsAdded, 4)
    }

    func testATrailerRoundTripsThroughItsLine() {
        let node = BinderNode(id: "0123456789ab", kind: .document, title: "Storm", path: "contents/storm.md")
        var change = DocumentChange(node: node)
        (change.text, change.formatting, change.wordsAdded, change.wordsRemoved) = (true, true, 12, 3)
        let trailer = DocumentTrailer.all(in: "Subject\n\n" + DocumentTrailer.line(for: change) + "\n")
        XCTAssertEqual(trailer, [DocumentTrailer(id: "0123456789ab", wordsAdded: 12, wordsRemoved: 3, kinds: ["text", "formatting"])])
    }

    func testNumbersArePaddedWithZerosToTheirWidth() {
        XCTAssertEqual(String(7, width: 2), "07")
        XCTAssertEqual(String(2026, width: 4), "2026")
        XCTAssertEqual(String(12345, width: 4), "12345")
        XCTAssertEqual(String(UInt64(0xbeef), radix: 16, width: 16), "000000000000beef")
        XCTAssertEqual(String(0, width: 9), "000000000")
        XCTAssertEqual(String(-1, width: 4), "-001", "zeros go after the sign, as %04d puts them")
        XCTAssertEqual(String(-12345, width: 4), "-12345")
    }
}
