import Foundation
import XCTest

/// Issue 13, item 2: `msx git-setup` makes msx git's merge driver, so plain `git merge` merges documents word by
/// word and the binder by node id, as msx does.
final class GitMergeDriverTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testPlainGitMergesDifferentWordsOfOneParagraphAndDocumentsAddedOnBothSides() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk over the harbour.\n", to: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        XCTAssertTrue(try read(".gitattributes", in: root).contains("*.md merge=msx"))
        try git("branch", "other", in: root)
        try write("The great storm came in at dusk over the harbour.\n", to: path, in: root)
        try expect(0, "new", "Calm", in: root)
        try expect(0, "snapshot", "-m", "great", in: root)
        try git("checkout", "-q", "other", in: root)
        try write("The storm came in at dusk over the old harbour.\n", to: path, in: root)
        try expect(0, "new", "Wreck", in: root)
        try expect(0, "snapshot", "-m", "old", in: root)
        try git("checkout", "-q", "main", in: root)
        let merge = try gitRun(["merge", "-m", "merge other", "other"], in: root)
        XCTAssertEqual(merge.status, 0, "git merge with msx's driver should merge cleanly: \(merge)")
        XCTAssertEqual(try read(path, in: root), "The great storm came in at dusk over the old harbour.\n")
        let tree = try expect(0, "tree", in: root).stdout
        XCTAssertTrue(tree.contains("Calm") && tree.contains("Wreck"), tree)
        try expect(0, "check", in: root)
        try assertRepositorySound(root)
    }

    func testTheSameWordsChangedOnBothSidesAreLeftBetweenMarkers() throws {
        let (root, path) = try divergingBranches(base: "The storm came in at dusk.\n", ours: "The storm came in at noon.\n",
                                                 theirs: "The storm came in at midnight.\n")
        let merge = try gitRun(["merge", "other"], in: root)
        XCTAssertNotEqual(merge.status, 0)
        XCTAssertEqual(try read(path, in: root), "The storm came in at \n<<<<<<< ours\nnoon\n=======\nmidnight\n>>>>>>> theirs\n.\n")
    }
}
