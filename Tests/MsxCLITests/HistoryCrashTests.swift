import MsxTestSupport
import Foundation
import XCTest

/// History writes interrupted by `kill -9` (at msx's own fault points and at random), and the project lock.
final class HistoryCrashTests: HistoryTestCase {
    static let faults = ["snapshot-tree", "snapshot-committed"]

    /// Rounds of random kills: 6 × `MSX_TEST_SCALE` (default 1).
    static var killRounds: Int {
        6 * max(1, Int(ProcessInfo.processInfo.environment["MSX_TEST_SCALE"] ?? "") ?? 1)
    }

    /// Runs msx `arguments` with `MSX_FAULT=fault` and asserts it was killed there.
    private func crash(_ arguments: [String], at fault: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try MsxRunner.spawn(arguments, in: root, environment: ["MSX_FAULT": fault])
        XCTAssertTrue(result.signalled, "\(arguments) with MSX_FAULT=\(fault) exited \(result.exitCode)", file: file, line: line)
        XCTAssertEqual(result.exitCode, SIGKILL, file: file, line: line)
    }

    /// Asserts `check` passes, then that each document's `text` is in its working file or in HEAD.
    private func assertTextsSurvive(_ texts: [String: String], in root: URL, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try expect(0, "check", in: root, file: file, line: line)
        for (path, text) in texts {
            let committed = try gitRun(["show", "HEAD:\(path)"], in: root)
            let working = try? read(path, in: root)
            XCTAssertTrue(working == text || (committed.status == 0 && committed.stdout == text),
                          "\(context): \(path) lost \(text.debugDescription)", file: file, line: line)
        }
        try assertRepositorySound(root, file: file, line: line)
    }

    func testSnapshotKilledAtEachFaultPointLosesNothing() throws {
        for fault in Self.faults {
            let book = try makeBook(name: fault)
            let texts = [Book.lampPath: "The lamp went out (\(fault)).\n", Book.seaPath: "The sea rose (\(fault)).\n"]
            for (path, text) in texts { try write(text, to: path, in: book.root) }
            try crash(["snapshot"], at: fault, in: book.root)
            try assertTextsSurvive(texts, in: book.root, fault)
            try expect(0, "snapshot", in: book.root)
            XCTAssertEqual(try gitRun(["show", "HEAD:\(Book.lampPath)"], in: book.root).stdout, texts[Book.lampPath], fault)
        }
    }

    func testRestoreKilledAtEachFaultPointLosesNothing() throws {
        for fault in Self.faults {
            let book = try makeBook(name: fault)
            let first = try revision(in: book.root)
            let unsaved = "Unsaved lamp words (\(fault)).\n"
            try write(unsaved, to: Book.lampPath, in: book.root)
            try crash(["restore", "Lamp", "--to", first], at: fault, in: book.root)
            try assertTextsSurvive([Book.lampPath: unsaved, Book.seaPath: Book.seaText], in: book.root, fault)
            try expect(0, "restore", "Lamp", "--to", first, in: book.root)
            try expect(0, "check", in: book.root)
            XCTAssertEqual(try read(Book.lampPath, in: book.root), Book.lampText, fault)
            XCTAssertTrue(try gitRun(["log", "--all", "-p"], in: book.root).stdout.contains(unsaved), fault)
        }
    }

    /// After a snapshot killed once its commit was made, the next snapshot must leave git's index in step.
    func testSnapshotAfterAKilledSnapshotLeavesGitStatusClean() throws {
        let book = try makeBook(snapshot: false)
        try crash(["snapshot"], at: "snapshot-committed", in: book.root)
        try write("The sea rose.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try porcelain(book.root), [], "git status after the next snapshot")
    }

    func testRandomKillsNeverLoseAVersion() throws {
        let book = try makeBook()
        var seen: [String: Set<String>] = [:]
        var generator = seededGenerator()
        for round in 0..<Self.killRounds {
            for (id, words) in [(book.lamp, "lamp"), (book.sea, "sea")] {
                let path = try XCTUnwrap(try node(id: id, in: book.root)?.path, "round \(round)")
                try write("Round \(round): the \(words) \(["waits", "burns", "sleeps"][round % 3]).\n", to: path, in: book.root)
                seen[id, default: []].insert(try markdown(id, in: book.root))
            }
            let versions = try git("rev-list", "HEAD", in: book.root).split(separator: "\n")
            let command = round % 2 == 0 ? ["snapshot"]
                : ["restore", round % 4 == 1 ? "Lamp" : "--all", "--to", String(versions[Int.random(in: 0..<versions.count, using: &generator)])]
            let launch = try MsxRunner.start(command, in: book.root)
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            kill(launch.process.processIdentifier, SIGKILL)
            _ = launch.wait()
            try expect(0, "check", in: book.root)
            try assertRepositorySound(book.root)
            try assertRecoverable(seen, in: book.root, "round \(round) (\(command.joined(separator: " ")))")
            for id in [book.lamp, book.sea] where try node(id: id, in: book.root) != nil {
                seen[id, default: []].insert(try markdown(id, in: book.root))
            }
            // A writer's recovery, then a snapshot so that the next round's edit replaces nothing unrecorded.
            try expect(0, "check", "--repair", in: book.root)
            let snapshot = try msx("snapshot", in: book.root)
            guard snapshot.exitCode == 0, !snapshot.signalled else {
                return XCTFail("round \(round) (\(command.joined(separator: " "))): the next snapshot failed: \(snapshot.output)")
            }
        }
        try expect(0, "check", "--repair", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try assertRecoverable(seen, in: book.root, "at the end")
    }

    /// A `.git/index.lock` left by a killed process: msx may refuse to snapshot, but an error must not hide a
    /// version it recorded anyway.
    func testLeftoverGitIndexLockNeverRecordsAVersionBehindAnError() throws {
        let book = try makeBook()
        try write("", to: ".git/index.lock", in: book.root)
        try write("The sea rose.\n", to: Book.seaPath, in: book.root)
        let count = try commitCount(book.root)
        let result = try msx("snapshot", in: book.root)
        XCTAssertFalse(result.signalled)
        XCTAssertEqual(try commitCount(book.root), result.exitCode == 0 ? count + 1 : count,
                       "exit \(result.exitCode): \(result.output)")
        if result.exitCode != 0 { XCTAssertEqual(try statusByTitle(book.root)["Sea"]?["text"] as? Bool, true) }
    }

    func testSnapshotWaitsForTheLockThenExits75() throws {
        let book = try makeBook()
        try write("The sea rose.\n", to: Book.seaPath, in: book.root)
        let flock = URL(fileURLWithPath: "/usr/bin/flock")
        guard FileManager.default.isExecutableFile(atPath: flock.path) else { throw XCTSkip("/usr/bin/flock not available") }
        let lock = book.root.appendingPathComponent(".msx/lock")
        try FileManager.default.createDirectory(at: lock.deletingLastPathComponent(), withIntermediateDirectories: true)
        let holder = Process()
        holder.executableURL = flock
        holder.arguments = ["--no-fork", lock.path, "sleep", "30"]  // the holder becomes `sleep`, holding the lock until killed
        try holder.run()
        var holding = true
        func release() {
            if holding { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
            holding = false
        }
        defer { release() }
        var held = false
        for _ in 0..<200 where !held {
            let probe = try Process.run(flock, arguments: ["--nonblock", lock.path, "true"])
            probe.waitUntilExit()
            held = probe.terminationStatus != 0
            if !held { usleep(10_000) }
        }
        XCTAssertTrue(held, "flock never took the lock")
        let count = try commitCount(book.root)
        let started = Date()
        let result = try expect(75, "snapshot", in: book.root)
        // It waited for the lock before giving up (had it waited for good, it would have snapshotted when the holder let go).
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 2.5, "msx waits about 3 s for the lock")
        XCTAssertFalse(result.stderr.isEmpty)
        XCTAssertEqual(try commitCount(book.root), count)
        release()
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try commitCount(book.root), count + 1)
    }
}
