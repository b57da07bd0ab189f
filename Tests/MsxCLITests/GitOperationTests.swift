import Foundation
import XCTest

/// msx never records a version in the middle of a git merge (it committed the conflict markers
/// and ended the merge), and says so when a version lands on a detached HEAD.
final class GitOperationTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testASnapshotDuringAConflictedMergeIsRefusedWithTheWayOut() throws {
        let (root, _) = try divergingBranches(base: "The storm came in at dusk.\n", ours: "The storm came in at noon.\n",
                                              theirs: "The storm came in at midnight.\n")
        XCTAssertNotEqual(try gitRun(["merge", "other"], in: root).status, 0, "the merge should conflict")
        let head = try revision(in: root)

        let refused = try expect(1, "snapshot", "-m", "resolved?", in: root)
        XCTAssertTrue(refused.stderr.contains("a git merge is in progress") && refused.stderr.contains("git merge --abort"), refused.stderr)
        XCTAssertEqual(try revision(in: root), head)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".git/MERGE_HEAD").path))
        try expect(1, "restore", "Storm", "--to", "HEAD~1", in: root)
    }

    func testAVersionOnADetachedHeadIsMadeWithAWarning() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        try git("checkout", "-q", "--detach", in: root)
        try write("The storm came in at noon.\n", to: path, in: root)
        let result = try expect(0, "snapshot", "-m", "detached", "--json", in: root)
        XCTAssertTrue(result.stderr.contains("HEAD is detached") && result.stderr.contains("git switch -c"), result.stderr)
        let warnings = try result.json()["warnings"] as? [String] ?? []
        XCTAssertTrue(warnings.contains { $0.contains("HEAD is detached") }, "\(warnings)")
    }
}
