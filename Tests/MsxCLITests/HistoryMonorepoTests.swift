import Foundation
import XCTest

/// A project living in a folder of a larger git repository, and git's own view after many history operations.
final class HistoryMonorepoTests: HistoryTestCase {
    /// A git repository with `kept.txt` and `other.txt` committed, then `other.txt` changed and staged (not
    /// committed), and a project "Novel" created by `msx init` in `books/novel`. Returns the repository and the project.
    private func monorepo() throws -> (repo: URL, root: URL) {
        let repo = scratch.appendingPathComponent("repo", isDirectory: true)
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try git("init", "-q", in: repo)
        try write("kept\n", to: "kept.txt", in: repo)
        try write("other\n", to: "other.txt", in: repo)
        try plainCommit("unrelated work", in: repo)
        try write("other, changed\n", to: "other.txt", in: repo)
        try git("add", "other.txt", in: repo)
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("books"), withIntermediateDirectories: true)
        try expect(0, "init", "books/novel", "--title", "Novel", in: repo)
        return (repo, repo.appendingPathComponent("books/novel"))
    }

    /// Asserts the staged change to `other.txt` is still staged and not in HEAD, and HEAD touched only the project.
    private func assertUnrelatedWorkUntouched(_ repo: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try git("diff", "--cached", "--name-only", in: repo, file: file, line: line), "other.txt\n", file: file, line: line)
        XCTAssertEqual(try git("show", "HEAD:other.txt", in: repo, file: file, line: line), "other\n", file: file, line: line)
        XCTAssertEqual(try read("other.txt", in: repo), "other, changed\n", file: file, line: line)
        let touched = try git("show", "--name-only", "--format=", "HEAD", in: repo, file: file, line: line).split(separator: "\n")
        XCTAssertFalse(touched.isEmpty, file: file, line: line)
        for path in touched { XCTAssertTrue(path.hasPrefix("books/novel/"), "\(path) committed by a snapshot", file: file, line: line) }
        XCTAssertEqual(try git("ls-tree", "--name-only", "HEAD", "kept.txt", in: repo, file: file, line: line), "kept.txt\n", file: file, line: line)
    }

    func testProjectInsideARepositoryUsesIt() throws {
        let (repo, root) = try monorepo()
        XCTAssertFalse(exists(".git", in: root), "no nested repository")
        XCTAssertEqual(try git("rev-parse", "--show-toplevel", in: root).trimmingCharacters(in: .whitespacesAndNewlines),
                       repo.resolvingSymlinksInPath().path)
        XCTAssertTrue(try read(".gitignore", in: root).contains(".msx"))
    }

    func testSnapshotCommitsOnlyTheProjectAndKeepsStagedWork() throws {
        let (repo, root) = try monorepo()
        let base = try revision(in: repo)
        try addDocument("Lamp", Book.lampText, to: root)
        try expect(0, "snapshot", in: root)
        try assertUnrelatedWorkUntouched(repo)
        XCTAssertEqual(try revision("HEAD~1", in: repo), base, "the snapshot follows the repository's history")
        XCTAssertTrue(try git("show", "--name-only", "--format=", "HEAD", in: repo).contains("books/novel/contents/draft/lamp.md"))
        XCTAssertEqual(try porcelain(root), [], "git sees the project as committed")
        try write("The lamp went out.\n", to: "contents/draft/lamp.md", in: root)
        try expect(0, "snapshot", "Lamp", in: root)
        try assertUnrelatedWorkUntouched(repo)
        try write("The lamp was mended.\n", to: "contents/draft/lamp.md", in: root)
        try expect(1, "restore", "Lamp", "--to", base, in: root)  // the project did not exist yet
        XCTAssertEqual(try read("contents/draft/lamp.md", in: root), "The lamp was mended.\n")
        let first = try XCTUnwrap(try git("rev-list", "--reverse", "HEAD", "--", ".", in: root).split(separator: "\n").first)
        try expect(0, "restore", "Lamp", "--to", String(first), in: root)
        try expect(0, "check", in: root)
        try assertUnrelatedWorkUntouched(repo)
        XCTAssertEqual(try read("contents/draft/lamp.md", in: root), Book.lampText)
        XCTAssertEqual(try markdown("Lamp@~1", in: root), "The lamp was mended.\n", "recorded before the restore")
        XCTAssertEqual(try markdown("Lamp@~0", in: root), Book.lampText, "the restore is recorded too")
        try assertRepositorySound(repo)
    }

    func testGitAgreesAfterASeriesOfOperations() throws {
        let book = try makeBook()
        let root = book.root
        let steps: [[String]] = [
            ["format", "Lamp", "--match", "old lamp", "--bold"], ["meta", "Sea", "--status", "Revised"],
            ["rename", "Lamp", "Lantern"], ["mv", "Sea", "--into", "Research"], ["new", "Harbour"],
            ["trash", "Chapter 1"], ["trash", "--empty", "--yes"], ["tag", "halfway"],
            ["restore", "Lantern", "--to", "~2"], ["restore", "--all", "--to", "halfway"],
        ]
        for (index, step) in steps.enumerated() {
            assertExit(try MsxRunner.run(step, in: root), 0)
            try write("Words of step \(index).\n", to: try XCTUnwrap(try node(id: book.sea, in: root)).path, in: root)
            try expect(0, "snapshot", "-m", "step \(index)", in: root)
            XCTAssertEqual(try porcelain(root), [], "after step \(index): \(step)")
            try expect(0, "check", in: root)
        }
        try assertRepositorySound(root)
        let gitLog = try git("log", "--format=%H", in: root).split(separator: "\n").map(String.init)
        XCTAssertEqual(try logVersions(root).map { $0["version"] as? String ?? "" }, gitLog)
        XCTAssertEqual(try git("tag", "-l", in: root), "halfway\n")
    }
}
