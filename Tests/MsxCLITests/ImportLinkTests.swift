import Foundation
import XCTest

/// Importing a folder follows each folder once (a link loop ends, a link to itself is not
/// copied 41 times) and never reads the project into itself.
final class ImportLinkTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testLinkLoopsAndLinksIntoTheProjectAreSkippedAndSaidSo() throws {
        let root = try makeProject()
        let source = scratch.appendingPathComponent("drafts-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: source.appendingPathComponent("b"), withIntermediateDirectories: true)
        try Data("One.\n".utf8).write(to: source.appendingPathComponent("one.md"))
        try Data("Two.\n".utf8).write(to: source.appendingPathComponent("b/two.md"))
        try fm.createSymbolicLink(atPath: source.appendingPathComponent("b/up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: source.appendingPathComponent("self").path, withDestinationPath: ".")
        try fm.createSymbolicLink(at: source.appendingPathComponent("project"), withDestinationURL: root)

        let run = try MsxRunner.start(["import", source.path, "--into", "Draft", "--json"], in: root).wait(hangingAfter: 120)
        XCTAssertFalse(run.signalled, "import hung on a link loop")
        assertExit(run, 0)
        let result = run.json()
        let created = (result["created"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        XCTAssertEqual(created.sorted(), ["b", "one", source.lastPathComponent, "two"].sorted())
        let warnings = (result["warnings"] as? [String] ?? []).joined(separator: "\n")
        XCTAssertTrue(warnings.contains("b/up: skipped (a link back to a folder already imported)"), warnings)
        XCTAssertTrue(warnings.contains("self: skipped (a link back to a folder already imported)"), warnings)
        XCTAssertTrue(warnings.contains("project: skipped (a folder of this project, reached through a link)"), warnings)
        try expect(0, "check", in: root)
    }

    func testTheProjectIsNeverImportedIntoItself() throws {
        let root = try makeProject()
        let before = snapshot(root)
        for folder in [root.path, root.appendingPathComponent("contents").path, root.deletingLastPathComponent().path] {
            let result = try expect(1, "import", folder, in: root)
            XCTAssertTrue(result.stderr.contains("holds this project or is inside it"), result.stderr)
        }
        assertSameSnapshot(before, snapshot(root))
    }
}
