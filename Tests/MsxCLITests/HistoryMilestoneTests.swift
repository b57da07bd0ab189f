import Foundation
import XCTest

/// Milestones: `msx tag`, `msx tags`, `msx tag --delete`, stored as git tags.
final class HistoryMilestoneTests: HistoryTestCase {
    /// `tags --json` milestones.
    private func milestones(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let json = try expect(0, "tags", "--json", in: root, file: file, line: line).json(file: file, line: line)
        XCTAssertEqual(json["schemaVersion"] as? Int, 1, file: file, line: line)
        return json["milestones"] as? [[String: Any]] ?? []
    }

    /// The milestone named `name`, if listed.
    private func milestone(_ name: String, in root: URL) throws -> [String: Any]? {
        try milestones(root).first { $0["name"] as? String == name }
    }

    /// A book with two versions; returns it and both ids, oldest first.
    private func twoVersions() throws -> (root: URL, versions: [String]) {
        let book = try makeBook()
        let first = try revision(in: book.root)
        try write("The sea rose.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        return (book.root, [first, try revision(in: book.root)])
    }

    func testTagTheLastSnapshotOrAnEarlierVersionWithANote() throws {
        let (root, versions) = try twoVersions()
        XCTAssertTrue(try expect(0, "tag", "first draft", in: root).output.contains("first draft"))
        try expect(0, "tag", "Sent to: Editor?", String(versions[0].prefix(7)), "-m", "for Ms. Hale", in: root)
        let draft = try XCTUnwrap(try milestone("first draft", in: root))
        XCTAssertEqual(draft["version"] as? String, versions[1])
        XCTAssertEqual(draft["short"] as? String, String(versions[1].prefix(7)))
        XCTAssertEqual(draft["note"] as? String ?? "", "")
        let sent = try XCTUnwrap(try milestone("Sent to: Editor?", in: root), "shown as typed")
        XCTAssertEqual(sent["version"] as? String, versions[0])
        XCTAssertEqual(sent["note"] as? String, "for Ms. Hale")
        XCTAssertNotNil(sent["date"] as? String)
        let text = try expect(0, "tags", in: root).stdout
        for expected in ["first draft", "Sent to: Editor?", "for Ms. Hale"] { XCTAssertTrue(text.contains(expected), text) }
        XCTAssertEqual(try markdown("Sea@Sent to: Editor?", in: root), Book.seaText)
    }

    func testNamesAreStoredAsValidGitTags() throws {
        let (root, versions) = try twoVersions()
        try expect(0, "tag", "first draft", in: root)
        try expect(0, "tag", "Sent to: Editor?", versions[0], in: root)
        let tags = try git("tag", "-l", in: root).split(separator: "\n").map(String.init)
        XCTAssertEqual(tags.count, 2, "\(tags)")
        for tag in tags {
            XCTAssertEqual(try gitRun(["check-ref-format", "refs/tags/\(tag)"], in: root).status, 0, "'\(tag)' is not a valid tag name")
            XCTAssertFalse(tag.contains(" "), tag)
        }
        XCTAssertTrue(tags.contains("first-draft"), "\(tags)")
        for item in try milestones(root) {
            let tag = try XCTUnwrap(item["tag"] as? String)
            XCTAssertTrue(tags.contains(tag), "\(tag) not in \(tags)")
            XCTAssertEqual(try revision("\(tag)^{commit}", in: root), item["version"] as? String, "the git tag points at the version")
        }
    }

    func testDuplicateNameIsRefusedAndTheFirstStays() throws {
        let (root, versions) = try twoVersions()
        try expect(0, "tag", "first draft", versions[0], in: root)
        let duplicate = try expect(1, "tag", "first draft", in: root)
        XCTAssertTrue(duplicate.stderr.contains("first draft"), duplicate.stderr)
        assertJSONError(try msx("tag", "first draft", "--json", in: root), 1)
        XCTAssertEqual(try milestone("first draft", in: root)?["version"] as? String, versions[0])
        try expect(1, "tag", "later", "no-such-version", in: root)
        XCTAssertNil(try milestone("later", in: root))
    }

    func testDeleteKeepsTheVersion() throws {
        let (root, _) = try twoVersions()
        try expect(0, "tag", "first draft", in: root)
        let count = try commitCount(root)
        try expect(0, "tag", "--delete", "first draft", in: root)
        XCTAssertEqual(try milestones(root).count, 0)
        XCTAssertEqual(try git("tag", "-l", in: root), "")
        XCTAssertEqual(try commitCount(root), count)
        XCTAssertEqual(try logVersions(root).first?["milestones"] as? [String], [])
        try expect(1, "tag", "--delete", "first draft", in: root)
        try expect(1, "show", "Sea@first draft", in: root)
        try expect(0, "tag", "first draft", in: root)
    }

    func testMilestoneBeforeAnyVersionIsAUserError() throws {
        let root = try makeProject()
        try expect(1, "tag", "too soon", in: root)
        XCTAssertEqual(try milestones(root).count, 0)
    }
}
