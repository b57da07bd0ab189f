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

    /// A reader waits for a writer that holds the lock, then reads what it wrote.
    func testAReaderWaitsForAWriterToFinish() throws {
        let root = try makeProject()
        let flock = URL(fileURLWithPath: "/usr/bin/flock")
        guard FileManager.default.isExecutableFile(atPath: flock.path) else { throw XCTSkip("/usr/bin/flock not available") }
        let holder = try Process.run(flock, arguments: ["--no-fork", root.appendingPathComponent(".msx/lock").path, "sleep", "1"])
        defer { holder.waitUntilExit() }
        var held = false
        for _ in 0..<200 where !held {
            let probe = try Process.run(flock, arguments: ["--nonblock", root.appendingPathComponent(".msx/lock").path, "true"])
            probe.waitUntilExit()
            held = probe.terminationStatus != 0
            if !held { usleep(10_000) }
        }
        XCTAssertTrue(held, "flock never took the lock")
        let reader = try MsxRunner.start(["show", "Chapter 1"], in: root).wait(hangingAfter: 60)
        assertExit(reader, 0)
        XCTAssertFalse(reader.stdout.isEmpty)
    }

    /// A writer that starts while a reader is between reading the binder and reading the
    /// document waits for the reader, so the reader sees the project before the write (it failed: the binder named
    /// the old file, which the rename had moved), and the writer lands after it.
    func testAWriteNeverLandsInTheMiddleOfARead() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        let marker = scratch.appendingPathComponent("reader-paused")
        let reader = try MsxRunner.start(["show", "Storm"], in: root,
                                         environment: ["MSX_FAULT_WAIT": "read-manifest", "MSX_FAULT_WAIT_FILE": marker.path])
        var waited = 0
        while !FileManager.default.fileExists(atPath: marker.path) && waited < 3_000 { usleep(10_000); waited += 1 }
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker.path), "the reader never read the binder")
        let writer = try MsxRunner.start(["rename", "Storm", "Gale"], in: root)
        usleep(500_000)  // time enough for the rename, had it not waited
        try FileManager.default.removeItem(at: marker)
        let read = reader.wait(hangingAfter: 60), wrote = writer.wait(hangingAfter: 60)
        assertExit(read, 0)
        XCTAssertEqual(read.stdout, "The storm came in at dusk.\n")
        assertExit(wrote, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path))
        XCTAssertEqual(try expect(0, "show", "Gale", in: root).stdout, "The storm came in at dusk.\n")
    }

    /// Readers running while writers rename, move and format never fail and always read the document's words.
    func testReadersDuringAStreamOfWritesAlwaysSucceed() throws {
        let root = try makeProject()
        try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try expect(0, "new", "Part Two", "--folder", in: root)
        let writes: [[String]] = [["rename", "Storm", "Gale"], ["mv", "Gale", "--into", "Part Two"], ["rename", "Gale", "Storm"],
                                  ["mv", "Storm", "--into", "Draft"], ["format", "Storm", "--match", "dusk", "--underline"],
                                  ["format", "Storm", "--match", "dusk", "--no-underline"]]
        for round in 0..<3 {
            let writers = writes.map { try? MsxRunner.start($0, in: root) }
            let readers = (0..<6).map { _ in try? MsxRunner.start(["tree", "--json"], in: root) }
            for (n, reader) in readers.enumerated() {
                guard let result = reader?.wait(hangingAfter: 120) else { continue }
                assertExit(result, 0)
                XCTAssertFalse(result.stdout.isEmpty, "round \(round), reader \(n)")
            }
            for writer in writers { _ = writer?.wait(hangingAfter: 120) }
        }
        try expect(0, "check", in: root)
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
