import Foundation
import XCTest

/// Another draft's changes taken or dropped one at a time: accepting writes exactly that change into the working
/// file, rejecting records a version on the draft (read back with plain git) and leaves the working file alone, and
/// a decision made from an out-of-date list is refused with nothing written.
final class ReviewChangesTests: HistoryTestCase {
    private let reviewed = "The old lamp burned till dawn.\n\nNell watched it from the quay.\n\nA gull cried.\n"

    private func bookWithDraft() throws -> (Book, URL) {
        let book = try makeBook()
        try recordLamp(reviewed, onDraft: "review/anna", message: "anna's notes", in: book)
        return (book, book.root.appendingPathComponent(Book.lampPath))
    }

    func testAcceptingWritesExactlyThatChangeAndRejectingRecordsItOnTheDraft() throws {
        let (book, lamp) = try bookWithDraft()
        let listed = try expect(0, "review", "changes", "anna", "--json", in: book.root).json()
        let changes = (listed["documents"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]] ?? []
        XCTAssertEqual(changes.map { $0["new"] as? [String] ?? [] }, [["The old lamp burned till dawn."], ["A gull cried."]], "\(listed)")
        XCTAssertEqual(listed["draft"] as? String, "review/anna")

        // The second change, by its fingerprint: the new paragraph, and nothing else.
        let fingerprint = try XCTUnwrap(changes[1]["fingerprint"] as? String)
        try expect(0, "review", "accept", "anna", "Lamp", fingerprint, in: book.root)
        XCTAssertEqual(try String(contentsOf: lamp, encoding: .utf8),
                       "The old lamp burned all night.\n\nNell watched it from the quay.\n\nA gull cried.\n")
        // The same fingerprint again names nothing: it was taken.
        let again = try expect(1, "review", "accept", "anna", "Lamp", fingerprint, "--json", in: book.root).json()
        XCTAssertEqual((again["error"] as? [String: Any])?["code"] as? String, "unknown-change", "\(again)")

        // Rejecting the first: the working file stays, the draft gets a version without it.
        let before = try String(contentsOf: lamp, encoding: .utf8)
        let rejected = try expect(0, "review", "reject", "anna", "Lamp", "1", "--json", in: book.root).json()
        XCTAssertEqual(rejected["remaining"] as? Int, 0, "\(rejected)")
        XCTAssertEqual(try String(contentsOf: lamp, encoding: .utf8), before)
        XCTAssertEqual(try git("show", "review/anna:\(Book.lampPath)", in: book.root), before)
        XCTAssertEqual(try git("log", "-1", "--format=%s", "review/anna", in: book.root), "Rejected a change to 'Lamp'\n")
        XCTAssertTrue(try expect(0, "review", "changes", "anna", in: book.root).stdout.contains("proposes no change"))
        try expect(0, "check", in: book.root)
    }

    func testADecisionFromAnOutOfDateListIsRefusedWithNothingWritten() throws {
        let (book, lamp) = try bookWithDraft()
        let listed = try expect(0, "review", "changes", "anna", "--json", in: book.root).json()
        let changes = (listed["documents"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]] ?? []
        let first = try XCTUnwrap(changes.first?["fingerprint"] as? String)
        // The writer edits the paragraph meanwhile: the listed change no longer describes the file.
        let edited = "The old lamp burned all night long.\n\nNell watched it from the quay.\n"
        try Data(edited.utf8).write(to: lamp)
        let refused = try expect(1, "review", "accept", "anna", "Lamp", first, "--json", in: book.root).json()
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? String, "unknown-change", "\(refused)")
        XCTAssertEqual(try String(contentsOf: lamp, encoding: .utf8), edited)
        try expect(1, "review", "accept", "anna", "Lamp", "9", in: book.root)
        // The draft the working copy is on has no changes to take.
        let current = try expect(64, "review", "changes", "main", in: book.root)
        XCTAssertTrue(current.stderr.contains("current draft"), current.stderr)
    }
}
