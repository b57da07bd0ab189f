import Foundation
import MsxKit
import XCTest

/// A session (what `msx serve` runs its requests in) keeps the repository handle and an unchanged manifest between
/// operations, holds the project's lock only during one, and sees every change made behind its back.
final class WorkspaceSessionTests: HistoryTestCase {
    /// The other commands are other processes, as a writer's terminal beside `msx serve` is.
    override class var runsTheBuiltBinary: Bool { true }

    func testOperationsShareTheRepositoryAndAnUnchangedManifest() throws {
        let book = try makeBook()
        let session = WorkspaceSession(directory: book.root)
        for _ in 0..<3 {
            XCTAssertEqual(try LogAction().run(in: session).versions.count, 1)
            XCTAssertEqual(try ProjectInfoAction().run(in: session).project.title, "Test Book")
        }
        XCTAssertEqual(session.history.repositoriesOpened, 1, "six operations, one repository handle")
        XCTAssertEqual(session.manifestsRead, 1, "six operations, one reading of an unchanged manifest")
    }

    func testTheLockIsHeldForOneOperationOnly() throws {
        let book = try makeBook()
        let session = WorkspaceSession(directory: book.root)
        _ = try LogAction().run(in: session)
        // Another command writing between two operations neither waits nor fails.
        try Data((Book.lampText + "\nA line from the terminal.\n").utf8).write(to: book.root.appendingPathComponent(Book.lampPath))
        try expect(0, "snapshot", "-m", "From the terminal", in: book.root)
        XCTAssertEqual(try LogAction().run(in: session).versions.first?.subject, "From the terminal")
        // And inside an operation, it waits for the session's lock and gives up with exit 75.
        _ = try session.read { _ in
            try expect(75, "new", "Meanwhile", in: book.root)
        }
    }

    func testChangesBehindTheSessionsBackAreSeen() throws {
        let book = try makeBook()
        let session = WorkspaceSession(directory: book.root)
        XCTAssertEqual(try ProjectInfoAction().run(in: session).project.title, "Test Book")
        _ = try LogAction().run(in: session)

        // The manifest edited by hand.
        let manifestURL = book.root.appendingPathComponent("manuscript.json")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        try Data(manifest.replacingOccurrences(of: "\"Test Book\"", with: "\"Renamed By Hand\"").utf8).write(to: manifestURL)
        XCTAssertEqual(try ProjectInfoAction().run(in: session).project.title, "Renamed By Hand")
        XCTAssertEqual(session.manifestsRead, 2)

        // A version recorded by plain git, then one by another msx.
        try git("add", "-A", in: book.root)
        try git("commit", "-q", "-m", "By plain git", in: book.root)
        XCTAssertEqual(try LogAction().run(in: session).versions.first?.subject, "By plain git")
        try Data("The lamp went out.\n".utf8).write(to: book.root.appendingPathComponent(Book.lampPath))
        try expect(0, "snapshot", "-m", "By msx", in: book.root)
        XCTAssertEqual(try LogAction().run(in: session).versions.map(\.subject).prefix(2), ["By msx", "By plain git"])
        XCTAssertEqual(String(decoding: try ShowAction(Book.lampPath, at: "HEAD~1").run(in: session).named.document.markdown.source, as: UTF8.self), Book.lampText)
        XCTAssertEqual(session.history.repositoriesOpened, 1)

        // The repository removed and made again: the session opens the new one.
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(".git"))
        XCTAssertThrowsError(try LogAction().run(in: session))
        try expect(0, "snapshot", "-m", "A new history", in: book.root)
        XCTAssertEqual(try LogAction().run(in: session).versions.map(\.subject), ["A new history"])
    }

    func testASnapshotKeepsWhatGitRecordedMeanwhile() throws {
        let book = try makeBook()
        let session = WorkspaceSession(directory: book.root)
        try Data("First edit.\n".utf8).write(to: book.root.appendingPathComponent(Book.lampPath))
        _ = try SnapshotAction(message: "Through the session").run(in: session)
        // The session's handle has read git's index; plain git records a change of its own meanwhile.
        try Data("The sea, by git.\n".utf8).write(to: book.root.appendingPathComponent(Book.seaPath))
        try git("commit", "-q", "-a", "-m", "By plain git", in: book.root)
        try Data("Second edit.\n".utf8).write(to: book.root.appendingPathComponent(Book.lampPath))
        _ = try SnapshotAction(message: "Again through the session").run(in: session)
        XCTAssertEqual(try git("status", "--porcelain", in: book.root), "",
                       "the index the snapshot wrote back holds git's change too")
        XCTAssertEqual(try git("show", "HEAD:" + Book.lampPath, in: book.root), "Second edit.\n")
        XCTAssertEqual(try git("show", "HEAD:" + Book.seaPath, in: book.root), "The sea, by git.\n")
    }

    func testASnapshotKeepsWhatGitStagedOutsideTheProject() throws {
        let repository = scratch.appendingPathComponent("shelf")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try git("init", "-q", in: repository)
        try expect(0, "init", "book", in: repository)
        let root = repository.appendingPathComponent("book")
        let lamp = try addDocument("Lamp", "The lamp.\n", to: root)
        let session = WorkspaceSession(directory: root)
        _ = try SnapshotAction(message: "Through the session").run(in: session)
        // The session's handle has read git's index; plain git stages a file beside the book meanwhile.
        try Data("not the book's\n".utf8).write(to: repository.appendingPathComponent("todo.txt"))
        try git("add", "todo.txt", in: repository)
        try Data("The lamp went out.\n".utf8).write(to: root.appendingPathComponent(lamp.path))
        _ = try SnapshotAction(message: "Again through the session").run(in: session)
        XCTAssertEqual(try git("diff", "--cached", "--name-only", in: repository), "todo.txt\n",
                       "what git staged outside the project stays staged")
        XCTAssertEqual(try git("show", "HEAD:book/" + lamp.path, in: repository), "The lamp went out.\n")
    }
}
