import Foundation
import XCTest

/// The project lock: `.msx/lock`, held with flock(2).
final class ConcurrencyTests: MsxTestCase {
    /// Holds the project's lock from another process (`/usr/bin/flock`) while `body` runs, then releases it.
    private func whileLocked(_ root: URL, _ body: () throws -> Void) throws {
        let flock = URL(fileURLWithPath: "/usr/bin/flock")
        guard FileManager.default.isExecutableFile(atPath: flock.path) else { throw XCTSkip("/usr/bin/flock not available") }
        let lock = root.appendingPathComponent(".msx/lock")
        try FileManager.default.createDirectory(at: lock.deletingLastPathComponent(), withIntermediateDirectories: true)
        let ready = scratch.appendingPathComponent("holder.pid")
        let holder = Process()
        holder.executableURL = flock
        // The shell writes its pid once the lock is held, then becomes `sleep` (so that pid holds the lock).
        holder.arguments = [lock.path, "/bin/sh", "-c", "echo $$ > '\(ready.path)'; exec sleep 30"]
        try holder.run()
        var sleeper: Int32?
        for _ in 0..<200 where sleeper == nil {
            sleeper = (try? String(contentsOf: ready, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if sleeper == nil { usleep(10_000) }
        }
        defer {
            if let sleeper { kill(sleeper, SIGTERM) }
            holder.waitUntilExit()
        }
        XCTAssertNotNil(sleeper, "flock never took the lock")
        try body()
    }

    func testBusyProjectExits75() throws {
        let root = try makeProject()
        try addDocument("Busy", "Some words here.\n", to: root)
        let before = snapshot(root)
        try whileLocked(root) {
            // Both wait out msx's lock timeout together.
            let text = try MsxRunner.start(["format", "Busy", "--match", "words", "--bold"], in: root)
            let json = try MsxRunner.start(["format", "Busy", "--match", "words", "--underline", "--json"], in: root)
            let textResult = text.wait()
            assertExit(textResult, 75)
            XCTAssertTrue(textResult.stderr.contains("another msx command is running"), textResult.stderr)
            let message = assertJSONError(json.wait(), 75)
            XCTAssertTrue(message.contains("another msx command is running"), message)
        }
        assertSameSnapshot(before, snapshot(root))
        try expect(0, "format", "Busy", "--match", "words", "--bold", in: root)
        XCTAssertEqual(try read("contents/draft/busy.md", in: root), "Some **words** here.\n")
    }

    func testReadersDoNotNeedTheLock() throws {
        let root = try makeProject()
        try whileLocked(root) {
            try expect(0, "show", "Chapter 1", in: root)
            try expect(0, "meta", "Chapter 1", in: root)
        }
    }

    func testConcurrentWritersAllLand() throws {
        let root = try makeProject()
        let titles = (1...4).map { "Parallel \($0)" }
        let launches = try titles.map { try MsxRunner.start(["new", $0, "--from", "-"], in: root, stdin: Data("\($0) text.\n".utf8)) }
        for result in launches.map({ $0.wait() }) { assertExit(result, 0) }
        let draft = try node(titled: "Draft", in: root)
        XCTAssertEqual(Set(draft.childTitles), Set(["Chapter 1"] + titles))
        for title in titles {
            XCTAssertEqual(try expect(0, "show", title, in: root).stdout, "\(title) text.\n")
        }
        try expect(0, "check", in: root)
        try assertConsistent(root)
    }
}
