import Foundation
import MsxKit
import XCTest

/// `msx git-setup` makes msx git's merge driver, so plain `git merge` merges documents word by
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

    /// Sidecars merge with their documents: formatting set on each side, on text that moved on the other, all of it
    /// lands on the merged text, and the sidecar is anchored to the Markdown git wrote beside it.
    func testPlainGitMergesSidecarsWithTheirDocuments() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk over the harbour.\n\nThe boats were safe.\n", to: root)
        try expect(0, "format", "Storm", "--match", "harbour", "--color", "red", in: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        XCTAssertTrue(try read(".gitattributes", in: root).contains("*.attrs.json merge=msx"))
        try git("branch", "other", in: root)
        try write("The great storm came in at dusk over the harbour.\n\nThe boats were safe.\n", to: path, in: root)
        try expect(0, "format", "Storm", "--match", "boats", "--underline=single", in: root)
        try expect(0, "snapshot", "-m", "great", in: root)
        try git("checkout", "-q", "other", in: root)
        try write("The storm came in at dusk over the old harbour.\n\nThe boats were safe.\n", to: path, in: root)
        try expect(0, "format", "Storm", "--match", "dusk", "--color", "blue", in: root)
        try expect(0, "snapshot", "-m", "old", in: root)
        try git("checkout", "-q", "main", in: root)
        let merge = try gitRun(["merge", "-m", "merge other", "other"], in: root)
        XCTAssertEqual(merge.status, 0, "git merge with msx's driver should merge cleanly: \(merge)")
        XCTAssertEqual(try read(path, in: root), "The great storm came in at dusk over the old harbour.\n\nThe boats were safe.\n")
        XCTAssertEqual(attribute("foregroundColor", of: "harbour", in: root), "#FF0000")
        XCTAssertEqual(attribute("foregroundColor", of: "dusk", in: root), "#0000FF")
        XCTAssertEqual(attribute("underline", of: "boats", in: root), "single")
        XCTAssertEqual(try expect(0, "status", "--json", in: root).json()["clean"] as? Bool, true)
        try expect(0, "check", in: root)
        try assertRepositorySound(root)
    }

    /// Two colours for the same words: git stops, and the sidecar is still JSON msx reads, with this side's colour.
    func testTwoValuesForTheSameWordsStopGitWithThisSidesFormattingKept() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        try git("branch", "other", in: root)
        try expect(0, "format", "Storm", "--match", "dusk", "--color", "red", in: root)
        try expect(0, "snapshot", "-m", "red", in: root)
        try git("checkout", "-q", "other", in: root)
        try expect(0, "format", "Storm", "--match", "dusk", "--color", "blue", in: root)
        try expect(0, "snapshot", "-m", "blue", in: root)
        try git("checkout", "-q", "main", in: root)
        let merge = try gitRun(["merge", "other"], in: root)
        XCTAssertNotEqual(merge.status, 0)
        XCTAssertTrue(merge.stderr.contains("foregroundColor of 'dusk' was set differently on each side"), merge.stderr)
        XCTAssertEqual(try read(path, in: root), "The storm came in at dusk.\n")
        XCTAssertEqual(attribute("foregroundColor", of: "dusk", in: root), "#FF0000")
    }

    /// A sidecar git checked out (another branch) is anchored to a text `.msx/base/` may no longer hold (msx
    /// replaced it when this branch moved on): the text is found in the version it came from, so formatting
    /// follows an edit by hand as it does for a sidecar msx wrote.
    func testASidecarFromAnotherBranchFollowsEditsByHand() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk over the harbour.\n", to: root)
        try expect(0, "format", "Storm", "--match", "harbour", "--color", "red", in: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        try git("branch", "other", in: root)
        try write("The great storm came in at dusk over the harbour.\n", to: path, in: root)
        try expect(0, "format", "Storm", "--match", "dusk", "--bold", in: root)
        try expect(0, "snapshot", "-m", "great", in: root)
        try git("checkout", "-q", "other", in: root)
        try write("The storm came in at dusk over the old harbour.\n", to: path, in: root)
        let shown = try expect(0, "show", "Storm", "--as", "json", in: root)
        XCTAssertEqual(shown.stderr, "")
        XCTAssertEqual(attribute("foregroundColor", of: "harbour", in: root), "#FF0000")
        // A front end built on the library gets the same by opening a Workspace: nothing to wire by hand.
        let project = try Workspace.open(from: root).project
        let storm = try XCTUnwrap(project.manifest.entries.first { $0.node.title == "Storm" }?.node)
        let runs = try project.loadDocument(storm, sourceMap: false).resolved(with: project.styleSheet).flatMap(\.runs)
        XCTAssertEqual(runs.first { $0.text == "harbour" }?.attributes[.foregroundColor], "#FF0000", "\(runs)")
        // The project alone, without its history, cannot find the text the sidecar was anchored to.
        let bare = try Project.open(from: root)
        let bareRuns = try bare.loadDocument(storm, sourceMap: false).resolved(with: bare.styleSheet).flatMap(\.runs)
        XCTAssertNil(bareRuns.first { $0.text == "harbour" }, "\(bareRuns)")
    }

    /// The value of one character attribute on the run whose text is `text` in Storm, as `show --as json` gives it.
    private func attribute(_ key: String, of text: String, in root: URL) -> String? {
        guard let shown = try? expect(0, "show", "Storm", "--as", "json", in: root).json() else { return nil }
        let runs = (shown["paragraphs"] as? [[String: Any]] ?? []).flatMap { $0["runs"] as? [[String: Any]] ?? [] }
        return runs.first { $0["text"] as? String == text }.flatMap { ($0["attributes"] as? [String: Any])?[key] as? String }
    }
}
