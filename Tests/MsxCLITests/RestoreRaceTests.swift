import Foundation
import XCTest

/// `restore` never replaces bytes no version holds. An editor saving a file after the safety
/// snapshot but before the restore replaces it (5 of 50 trials lost that save) now stops the restore, with the
/// save kept; restoring again records it first.
final class RestoreRaceTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private func restoreWithASaveInTheMiddle(_ arguments: [String], root: URL, path: String, saved: String) throws -> MsxResult {
        let marker = scratch.appendingPathComponent("paused-\(UUID().uuidString)")
        let launch = try MsxRunner.start(arguments, in: root,
                                         environment: ["MSX_FAULT_WAIT": "restore-staged", "MSX_FAULT_WAIT_FILE": marker.path])
        var waited = 0
        while !FileManager.default.fileExists(atPath: marker.path) && waited < 3_000 { usleep(20_000); waited += 1 }
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker.path), "restore never reached the point before replacing")
        try write(saved, to: path, in: root)  // the editor's save
        try? FileManager.default.removeItem(at: marker)
        return launch.wait(hangingAfter: 120)
    }

    func testASaveMadeDuringARestoreIsNeverOverwritten() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try expect(0, "snapshot", "-m", "one", "--tag", "first", in: root)
        try write("The storm came in at noon.\n", to: path, in: root)
        try expect(0, "snapshot", "-m", "two", in: root)

        for arguments in [["restore", "Storm", "--to", "first"], ["restore", "--all", "--to", "first"]] {
            let saved = "Saved by the editor during \(arguments[1]).\n"
            let result = try restoreWithASaveInTheMiddle(arguments, root: root, path: path, saved: saved)
            XCTAssertEqual(result.exitCode, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(path) changed while restoring"), result.stderr)
            XCTAssertEqual(try read(path, in: root), saved)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".msx/journal.json").path))
            try expect(0, "check", in: root)
        }
        // Restoring again records the save first, then restores: nothing is lost.
        try expect(0, "restore", "Storm", "--to", "first", in: root)
        XCTAssertEqual(try read(path, in: root), "The storm came in at dusk.\n")
        let log = try expect(0, "log", "Storm", in: root).stdout
        XCTAssertTrue(log.contains("Before restore"), log)
    }
}
