import Foundation
import XCTest

/// What a crash, a plain-git collaborator or a remote leaves behind never blocks the writer unseen: stale git lock
/// files are named by `check` and cleared by `check --repair`; git's conflict markers committed into a document are
/// named by `status` and `check`; a password in a remote's URL is never printed.
final class LeftBehindTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// Sets a file's modification time `seconds` in the past.
    private func age(_ url: URL, by seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: url.path)
    }

    func testStaleLockFilesAreNamedByCheckAndClearedByRepair() throws {
        let root = try makeProject()
        try addDocument("Storm", "The lamp went dark.\n", to: root)
        try expect(0, "snapshot", "-m", "first", in: root)
        let branch = root.appendingPathComponent(".git/refs/heads/main.lock")
        let index = root.appendingPathComponent(".git/index.lock")
        for lock in [branch, index] {
            try Data("0123456789012345678901234567890123456789\n".utf8).write(to: lock)
            try age(lock, by: 120)
        }
        try write("The lamp went dark at last.\n", to: "contents/draft/storm.md", in: root)
        // The locks stop a snapshot, and the error says how to clear them.
        let blocked = try expect(75, "snapshot", "-m", "second", in: root)
        XCTAssertTrue(blocked.stderr.contains("msx check --repair"), blocked.stderr)
        let check = try expect(1, "check", in: root)
        XCTAssertTrue(check.stdout.contains(".git/index.lock"), check.stdout)
        XCTAssertTrue(check.stdout.contains(".git/refs/heads/main.lock"), check.stdout)
        let json = try expect(1, "check", "--json", in: root).json()
        let codes = (json["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes.filter { $0 == "stale-lock" }.count, 2, "\(json)")
        // --dry-run removes nothing; --repair removes both, and the snapshot goes through.
        try expect(1, "check", "--repair", "--dry-run", in: root)
        XCTAssertTrue(exists(".git/index.lock", in: root))
        let repaired = try expect(0, "check", "--repair", in: root)
        XCTAssertTrue(repaired.stdout.contains("removed .git/index.lock"), repaired.stdout)
        XCTAssertFalse(exists(".git/index.lock", in: root))
        XCTAssertFalse(exists(".git/refs/heads/main.lock", in: root))
        try expect(0, "snapshot", "-m", "second", in: root)
        XCTAssertEqual(try expect(0, "check", in: root).stdout, "ok\n")
    }

    func testALockFileAProcessHoldsOrJustWroteIsLeftAlone() throws {
        let root = try makeProject()
        try expect(0, "snapshot", "-m", "first", in: root)
        let fresh = root.appendingPathComponent(".git/packed-refs.lock")
        try Data().write(to: fresh)
        let held = root.appendingPathComponent(".git/config.lock")
        try Data().write(to: held)
        try age(held, by: 120)
        let handle = try FileHandle(forReadingFrom: held)
        defer { try? handle.close() }
        let check = try expect(0, "check", "--repair", in: root)
        XCTAssertFalse(check.stdout.contains("lock"), check.stdout)
        XCTAssertTrue(exists(".git/packed-refs.lock", in: root))
        XCTAssertTrue(exists(".git/config.lock", in: root))
    }

    func testConflictMarkersCommittedByPlainGitAreNamedByStatusAndCheck() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The lamp went dark.\n\nThe sea was calm.\n", to: root)
        try expect(0, "snapshot", "-m", "first", in: root)
        let marked = "The lamp went dark.\n\n<<<<<<< HEAD\nThe sea was black.\n=======\nThe sea was grey.\n>>>>>>> other\n"
        try write(marked, to: path, in: root)
        _ = try git("-c", "user.name=Plain Git", "-c", "user.email=git@example.com", "commit", "-qam", "Merge branch 'other'", in: root)
        // Committed: nothing changed since the last version, yet status names the markers.
        let status = try expect(0, "status", in: root)
        XCTAssertTrue(status.stderr.contains("'Storm' (\(path)) holds git's conflict markers from line 3"), status.stderr)
        let json = try expect(0, "status", "--json", in: root).json()
        let markers = json["conflictMarkers"] as? [[String: Any]] ?? []
        XCTAssertEqual(markers.map { $0["line"] as? Int }, [3], "\(json)")
        let check = try expect(1, "check", "--json", in: root).json()
        let codes = (check["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["conflict-markers"])
        // Markers quoted in fenced code are prose, not a merge's leftovers.
        try write("The lamp.\n\n```\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> other\n```\n", to: path, in: root)
        XCTAssertTrue(try expect(0, "status", in: root).stderr.isEmpty)
        XCTAssertEqual(try expect(0, "check", in: root).stdout, "ok\n")
    }

    func testFoldersEmptiedByMovesAndTheTrashAreRemoved() throws {
        let root = try makeProject()
        try expect(0, "new", "Part Two", "--folder", in: root)
        try expect(0, "new", "Chapter Three", "--folder", "--in", "Part Two", in: root)
        try addDocument("Squall", "The wind rose.\n", to: root, options: ["--in", "Chapter Three"])
        try addDocument("Calm", "The wind fell.\n", to: root, options: ["--in", "Chapter Three"])
        try expect(0, "snapshot", "-m", "part two", in: root)
        func emptyFolders() throws -> [String] {
            let contents = root.appendingPathComponent("contents")
            return try FileManager.default.subpathsOfDirectory(atPath: contents.path).filter { path in
                var folder: ObjCBool = false
                let url = contents.appendingPathComponent(path)
                return try FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
                    && (try FileManager.default.contentsOfDirectory(atPath: url.path)).isEmpty
            }
        }
        try expect(0, "mv", "Squall", "--into", "Draft", in: root)
        XCTAssertEqual(try emptyFolders(), [])
        try expect(0, "trash", "Calm", in: root)
        XCTAssertEqual(try emptyFolders(), [], "Chapter Three's folder is empty: gone, as a clone would not have it")
        try expect(0, "trash", "--empty", "--yes", in: root)
        XCTAssertEqual(try emptyFolders(), [])
        XCTAssertEqual(try expect(0, "check", in: root).stdout, "ok\n")
        // The binder folder gets its folder again with its next document.
        let (_, path) = try addDocument("Gale", "The wind howled.\n", to: root, options: ["--in", "Chapter Three"])
        XCTAssertTrue(path.hasPrefix("contents/draft/part-two/chapter-three/"), path)
        XCTAssertEqual(try read(path, in: root), "The wind howled.\n")
        try expect(0, "snapshot", "-m", "gale", in: root)
        XCTAssertEqual(try expect(0, "check", in: root).stdout, "ok\n")
    }

    func testAPasswordInARemoteURLIsNeverPrinted() throws {
        let root = try makeProject()
        try expect(0, "snapshot", "-m", "first", in: root)
        let url = "https://ada:hunter2@127.0.0.1:9/book.git"
        var outputs = [try expect(0, "remote", "add", "origin", url, in: root), try expect(0, "remote", "add", "copy", url, "--json", in: root),
                       try expect(0, "remote", in: root), try expect(0, "remote", "--json", in: root)]
        XCTAssertTrue(outputs[2].stdout.contains("https://ada:***@127.0.0.1:9/book.git"), outputs[2].stdout)
        for arguments in [["pull", "origin"], ["push", "origin"], ["sync", "origin"], ["pull", "origin", "--json"]] {
            let result = try runMsx(arguments, in: root, stdin: nil, env: [:])
            XCTAssertNotEqual(result.exitCode, 0, "\(arguments)")
            outputs.append(result)
        }
        outputs.append(try runMsx(["clone", url, "elsewhere"], in: scratch, stdin: nil, env: [:]))
        for output in outputs {
            XCTAssertFalse((output.stdout + output.stderr).contains("hunter2"), output.stdout + output.stderr)
        }
        // git keeps the URL as given: the remote still works with its password.
        XCTAssertEqual(try git("config", "remote.origin.url", in: root).trimmingCharacters(in: .whitespacesAndNewlines), url)
    }
}
