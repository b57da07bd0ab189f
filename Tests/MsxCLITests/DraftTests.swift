import Foundation
import XCTest

/// Alternate drafts as branches: started from the last version or a milestone, listed with their
/// last version and word count, switched to (the files follow; unsnapshotted work refuses), compared with
/// `diff A..B` and merged back with the same merge as pull.
final class DraftTests: HistoryTestCase {
    /// `switch` snapshots unsaved work first when asked, on the draft being left.
    func testSwitchRecordsUnsavedWorkWithConsent() throws {
        let book = try makeBook()
        try expect(0, "branch", "other", in: book.root)
        try write("The sea was grey that evening.\n", to: Book.seaPath, in: book.root)
        let refused = try expect(1, "switch", "other", in: book.root)
        XCTAssertTrue(refused.stderr.contains("not yet snapshotted"), refused.stderr)
        let switched = try expect(0, "switch", "other", "--snapshot", "--json", in: book.root).json()
        XCTAssertNotNil(switched["snapshot"] as? String, "\(switched)")
        XCTAssertEqual(try read(Book.seaPath, in: book.root), Book.seaText)
        let message = try git("log", "-1", "--format=%s", "main", in: book.root)
        XCTAssertEqual(message.trimmingCharacters(in: .whitespacesAndNewlines), "Before switching to other")
        try expect(0, "switch", "main", in: book.root)
        XCTAssertEqual(try read(Book.seaPath, in: book.root), "The sea was grey that evening.\n")
    }

    func testADraftIsStartedSwitchedToComparedAndMergedBack() throws {
        let book = try makeBook()
        try expect(0, "tag", "first draft", in: book.root)
        try expect(0, "branch", "dark-ending", in: book.root)
        try expect(1, "branch", "dark-ending", in: book.root)
        try expect(0, "switch", "dark-ending", in: book.root)
        try write("The old lamp went dark for good.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(1, "switch", "main", in: book.root)  // unsnapshotted work
        try expect(0, "snapshot", "-m", "dark", in: book.root)
        let list = try expect(0, "branch", "--json", in: book.root).json()["drafts"] as? [[String: Any]] ?? []
        XCTAssertEqual(list.map { $0["name"] as? String }, ["dark-ending", "main"])
        XCTAssertEqual(list.first?["current"] as? Bool, true)
        XCTAssertEqual(list.first?["words"] as? Int, 7 + 6 + 6 + 2, "Lamp, Sea and the blank template's Chapter 1")
        try expect(0, "switch", "main", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), Book.lampText)
        try write("The sea was grey that evening.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", "-m", "grey", in: book.root)
        let range = try expect(0, "diff", "main..dark-ending", "--stat", in: book.root).stdout
        XCTAssertTrue(range.contains("Lamp") && range.contains("Sea"), range)
        let merged = try expect(0, "merge", "dark-ending", "--json", in: book.root).json()
        XCTAssertEqual(merged["outcome"] as? String, "merged")
        XCTAssertEqual(try read(Book.lampPath, in: book.root), "The old lamp went dark for good.\n\nNell watched it from the quay.\n")
        XCTAssertEqual(try read(Book.seaPath, in: book.root), "The sea was grey that evening.\n")
        try expect(0, "merge", "dark-ending", in: book.root)  // up to date
        try expect(0, "check", in: book.root)
        try assertRepositorySound(book.root)
        // A draft from a milestone, and a misspelt one.
        try expect(0, "branch", "before", "--at", "first draft", in: book.root)
        try expect(0, "switch", "before", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), Book.lampText)
        let unknown = try expect(1, "switch", "dark-endign", in: book.root)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'dark-ending'"), unknown.stderr)
    }
}
