import Foundation
import XCTest

/// `msx log`: the project's versions and one document's, followed by id.
final class HistoryLogTests: HistoryTestCase {
    /// Messages (first lines) of `log --json` versions.
    private func messages(_ versions: [[String: Any]]) -> [String] {
        versions.map { ($0["message"] as? String ?? "").split(separator: "\n").first.map(String.init) ?? "" }
    }

    /// The `change` object of a document log entry.
    private func change(_ version: [String: Any]) -> [String: Any] { version["change"] as? [String: Any] ?? [:] }

    /// A project whose Lamp was committed with plain git on 2020-01-15 ("old") and 2021-06-01 ("mid"), then
    /// snapshotted by msx today ("today").
    private func datedBook() throws -> URL {
        let book = try makeBook(snapshot: false)
        try plainCommit("old", date: "2020-01-15", in: book.root)
        try write("Lamp in twenty twenty one.\n", to: Book.lampPath, in: book.root)
        try plainCommit("mid", date: "2021-06-01", in: book.root)
        try write("Lamp today.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "today", in: book.root)
        return book.root
    }

    func testProjectLogIsNewestFirstWithLimitAndMilestones() throws {
        let book = try makeBook()
        try write("The sea rose.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", "-m", "second", in: book.root)
        try write("The sea fell.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", "-m", "third", "--tag", "sea done", in: book.root)
        let versions = try logVersions(book.root)
        XCTAssertEqual(messages(versions).prefix(2), ["third", "second"])
        XCTAssertEqual(versions.count, 3)
        XCTAssertEqual(versions.map { $0["version"] as? String ?? "" },
                       try git("rev-list", "HEAD", in: book.root).split(separator: "\n").map(String.init))
        for version in versions {
            let id = version["version"] as? String ?? ""
            XCTAssertEqual(id.count, 40)
            XCTAssertTrue(id.hasPrefix(version["short"] as? String ?? "-"), "\(version)")
            XCTAssertNotNil(version["date"] as? String)
            XCTAssertEqual(version["author"] as? String, Self.writerName)
            XCTAssertEqual(version["email"] as? String, Self.writerEmail)
        }
        XCTAssertEqual(versions.first?["milestones"] as? [String], ["sea done"])
        XCTAssertEqual(versions.last?["milestones"] as? [String], [])
        XCTAssertEqual(messages(try logVersions(book.root, "--limit", "2")), ["third", "second"])
        let text = try expect(0, "log", in: book.root).stdout
        XCTAssertTrue(text.contains("sea done"), text)
        XCTAssertLessThan(try XCTUnwrap(text.range(of: "third")).lowerBound, try XCTUnwrap(text.range(of: "second")).lowerBound)
    }

    func testSinceAndUntilSelectDays() throws {
        let root = try datedBook()
        XCTAssertEqual(messages(try logVersions(root, "--since", "2021-01-01", "--until", "2021-12-31")), ["mid"])
        XCTAssertEqual(messages(try logVersions(root, "--until", "2020-12-31")), ["old"])
        XCTAssertEqual(messages(try logVersions(root, "Lamp", "--since", "2020-01-15", "--until", "2021-06-01")), ["mid", "old"],
                       "both ends are whole days")
        let today = String(try XCTUnwrap(logVersions(root, "--limit", "1").first?["date"] as? String).prefix(10))
        XCTAssertEqual(messages(try logVersions(root, "--since", today)), ["today"])
        XCTAssertEqual(try logVersions(root, "--since", "2099-01-01").count, 0)
        try expect(64, "log", "--since", "last week", in: root)
        // A day picks the last version made by the end of it.
        XCTAssertEqual(try markdown("Lamp@{2020-12-31}", in: root), Book.lampText)
        XCTAssertEqual(try markdown("Lamp@{2021-06-01}", in: root), "Lamp in twenty twenty one.\n")
        XCTAssertEqual(try markdown("Lamp@{\(today)}", in: root), "Lamp today.\n")
        try expect(1, "show", "Lamp@{2019-01-01}", in: root)
    }

    func testDocumentLogFollowsRenameMoveTrashAndUntrash() throws {
        let book = try makeBook()
        try write("The old lamp burned all day.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "edited", in: book.root)
        for (command, message) in [(["rename", "Lamp", "Lantern"], "renamed"), (["mv", "Lantern", "--into", "Research"], "moved"),
                                   (["trash", "Lantern"], "trashed"), (["untrash", "Lantern"], "untrashed")] {
            XCTAssertEqual(try MsxRunner.run(command, in: book.root).exitCode, 0, "\(command)")
            try expect(0, "snapshot", "-m", message, in: book.root)
        }
        let expected = ["untrashed", "trashed", "moved", "renamed", "edited", "Snapshot: Chapter 1, Lamp, Sea"]
        let versions = try logVersions(book.root, "Lantern")
        XCTAssertEqual(messages(versions), expected)
        XCTAssertEqual(messages(try logVersions(book.root, book.lamp)), expected, "by id too")
        XCTAssertEqual(versions.map { change($0)["title"] as? String }, ["Lantern", "Lantern", "Lantern", "Lantern", "Lamp", "Lamp"])
        XCTAssertEqual(change(versions[1])["path"] as? String, "contents/trash/lantern.md")
        XCTAssertEqual(change(versions.last ?? [:])["created"] as? Bool, true)
        XCTAssertEqual(messages(try logVersions(book.root, "Sea")), ["Snapshot: Chapter 1, Lamp, Sea"], "only its own versions")
    }

    func testDocumentLogTellsWhatChangedAndCountsWords() throws {
        let book = try makeBook()
        try write("The old brass lamp burned all night.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        try write("The new brass lamp flickered all night.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        try expect(0, "format", "Lamp", "--match", "brass lamp", "--underline", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try expect(0, "meta", "Lamp", "--synopsis", "The lamp scene.", in: book.root)
        try expect(0, "snapshot", in: book.root)
        let changes = try logVersions(book.root, "Lamp").map(change)
        XCTAssertEqual(changes.count, 5)
        let flags = changes.map { c in ["text", "formatting", "metadata"].filter { c[$0] as? Bool == true } }
        XCTAssertEqual(Array(flags.prefix(4)), [["metadata"], ["formatting"], ["text"], ["text"]])
        XCTAssertEqual(changes.map { $0["wordsAdded"] as? Int }, [0, 0, 2, 1, 12])
        XCTAssertEqual(changes.map { $0["wordsRemoved"] as? Int }, [0, 0, 2, 0, 0])
        let text = try expect(0, "log", "Lamp", in: book.root).stdout
        XCTAssertTrue(text.contains("+2 / -2"), text)
    }

    /// A writer adding one word at the end of a sentence added one word, not two (the full stop moved).
    func testAddingAWordBeforeTheFullStopCountsOneWord() throws {
        let book = try makeBook()
        try write("The old lamp burned all night.\n\nNell watched it from the quay above.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        let change = change(try XCTUnwrap(logVersions(book.root, "Lamp").first))
        XCTAssertEqual(change["wordsAdded"] as? Int, 1, "\(change)")
        XCTAssertEqual(change["wordsRemoved"] as? Int, 0, "\(change)")
    }

    /// After `trash --empty`, the versions a writer could restore are still listed.
    func testDeletedDocumentStillHasALog() throws {
        let book = try makeBook()
        try expect(0, "trash", "Sea", in: book.root)
        try expect(0, "trash", "--empty", "--yes", in: book.root)
        try expect(0, "snapshot", "-m", "gone", in: book.root)
        XCTAssertEqual(messages(try logVersions(book.root, "Sea")), ["gone", "Snapshot: Chapter 1, Lamp, Sea"])
        XCTAssertEqual(messages(try logVersions(book.root, book.sea)).count, 2, "by id too")
    }

    func testPlainGitCommitShowsInTheDocumentLog() throws {
        let book = try makeBook()
        try write("The lamp, by hand.\n", to: Book.lampPath, in: book.root)
        try plainCommit("edited with git", in: book.root)
        let versions = try logVersions(book.root, "Lamp")
        XCTAssertEqual(messages(versions), ["edited with git", "Snapshot: Chapter 1, Lamp, Sea"])
        XCTAssertEqual(change(versions[0])["text"] as? Bool, true)
        XCTAssertEqual(versions[0]["author"] as? String, "Git User")
        XCTAssertEqual(messages(try logVersions(book.root, "Sea")), ["Snapshot: Chapter 1, Lamp, Sea"])
        XCTAssertTrue(try expect(0, "snapshot", in: book.root).output.contains("Nothing changed"))
        XCTAssertEqual(try markdown("Lamp@~1", in: book.root), Book.lampText)
    }
}
