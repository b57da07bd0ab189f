import Foundation
import XCTest

/// Command-line details: `log -n N`, milestones matched in any case like titles, CSS colour names, `tag --force`.
final class CommandLineDetailTests: MsxTestCase {
    func testLogTakesNMilestonesMatchInAnyCaseAndColoursTakeCSSNames() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try expect(0, "snapshot", "-m", "one", "--tag", "First Draft", in: root)
        try write("The storm came in at noon.\n", to: path, in: root)
        try expect(0, "snapshot", "-m", "two", in: root)

        let versions = try expect(0, "log", "-n", "1", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        XCTAssertEqual(versions.compactMap { $0["message"] as? String }, ["two"])
        XCTAssertEqual(try expect(0, "show", "Storm@first draft", "--as", "text", in: root).stdout, "The storm came in at dusk.\n")

        try expect(0, "format", "Storm", "--match", "storm", "--color", "DarkRed", in: root)
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "foregroundColor", is: "#8B0000"), ["storm"])
        let wrong = try expect(64, "format", "Storm", "--match", "noon", "--color", "darkrd", in: root)
        XCTAssertTrue(wrong.stderr.contains("did you mean darkred?"), wrong.stderr)

        // A milestone moves only with --force.
        let taken = try expect(1, "tag", "First Draft", in: root)
        XCTAssertTrue(taken.stderr.contains("tag --force moves it"), taken.stderr)
        try expect(0, "tag", "First Draft", "--force", in: root)
        XCTAssertEqual(try expect(0, "show", "Storm@First Draft", "--as", "text", in: root).stdout, "The storm came in at noon.\n")
    }

    func testTwoDocumentsWithOneTitleInOneFolderAreWarnedAbout() throws {
        let root = try makeProject()
        try addDocument("Storm", "The storm.\n", to: root)
        let second = try runMsx(["new", "storm", "--from", "-"], in: root, stdin: "Another storm.\n", env: [:])
        assertExit(second, 0)
        XCTAssertTrue(second.stderr.contains("warning: 'storm' has the same title as") && second.stderr.contains("refer to them by id"),
                      second.stderr)
        let calm = try addDocument("Calm", "The calm.\n", to: root)
        let renamed = try expect(0, "rename", calm.id, "STORM", in: root)
        XCTAssertTrue(renamed.stderr.contains("warning: 'STORM' has the same title as"), renamed.stderr)
        XCTAssertFalse(try expect(0, "new", "Quiet", in: root).stderr.contains("warning"))
    }

    func testStatusColumnsAreAligned() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm.\n", to: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        try write("The storm, later.\n", to: path, in: root)
        try addDocument("A much longer title for a document", "Words.\n", to: root)
        let lines = try expect(0, "status", in: root).stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        XCTAssertEqual(lines.count, 2)
        let pathColumns = Set(lines.compactMap { line in line.range(of: "contents/").map { line.distance(from: line.startIndex, to: $0.lowerBound) } })
        XCTAssertEqual(pathColumns.count, 1, "\(lines)")
    }

    func testCheckRepairDryRunSaysWhatItWouldDoAndChangesNothing() throws {
        let root = try makeProject()
        try write("A stray chapter.\n", to: "contents/draft/stray.md", in: root)
        let before = snapshot(root, includePrivate: true)
        let dry = try expect(0, "check", "--repair", "--dry-run", in: root)
        XCTAssertTrue(dry.stdout.contains("would repair: adopted contents/draft/stray.md"), dry.stdout)
        assertSameSnapshot(before, snapshot(root, includePrivate: true))
        XCTAssertTrue(try expect(0, "check", "--repair", in: root).stdout.contains("repaired: adopted contents/draft/stray.md"))
        try expect(64, "check", "--dry-run", in: root)
    }
}
