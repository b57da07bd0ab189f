import Foundation
import XCTest

/// A folder or a FIFO where a document's file should be is named as such (it was a Cocoa
/// error number, and a FIFO a permission problem), a document too large to read is refused before it is read, and
/// a full disk is an I/O error (exit 74) that leaves no temporary file behind.
final class WrongFileTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testAFolderOrAFIFOWhereADocumentShouldBeIsNamed() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm.\n", to: root)
        let file = root.appendingPathComponent(path)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let folder = try expect(3, "show", "Storm", in: root)
        XCTAssertTrue(folder.stderr.contains("\(path): is a folder, not a file"), folder.stderr)
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(mkfifo(file.path, 0o644), 0)
        for command in [["show", "Storm"], ["format", "Storm", "--paragraph", "1", "--bold"]] {
            let result = try MsxRunner.start(command, in: root).wait(hangingAfter: 120)
            XCTAssertFalse(result.signalled, "\(command) blocked on the FIFO")
            XCTAssertEqual(result.exitCode, 3, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("is not a regular file (a FIFO, socket or device)"), result.stderr)
        }
    }

    /// A document larger than msx reads is refused with a clear error before it is read.
    func testADocumentLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm.\n", to: root)
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(path))
        try handle.truncate(atOffset: UInt64(65 << 20))  // sparse: 65 MiB on paper, nothing on disk
        try handle.close()
        for command in [["show", "Storm"], ["tree"], ["import", root.appendingPathComponent(path).path]] {
            let result = try runMsx(command, in: root, stdin: nil, env: [:])
            XCTAssertEqual(result.exitCode, 1, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("65 MB is more than msx reads in one document (64 MB); split it"), result.stderr)
        }
    }

    func testAFullDiskIsAnIOErrorAndLeavesNoTemporaryFile() throws {
        let mountPoint = scratch.appendingPathComponent("small-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=400k", "tmpfs", mountPoint.path]) == 0 else {
            throw XCTSkip("a small tmpfs cannot be mounted here (needs root): the full-disk path is untested")
        }
        defer { _ = run("/bin/umount", [mountPoint.path]) }
        let root = mountPoint.appendingPathComponent("book")
        try expect(0, "init", root.path, "--template", "blank", "--author", "Ada Lovelace")
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        // Fill the disk.
        let filler = mountPoint.appendingPathComponent("filler")
        FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4_096))) != nil {}
        try? handle.close()

        let before = try read(path, in: root)
        for command in [["format", "Storm", "--paragraph", "1", "--bold"], ["new", "Big", "--from", "-"]] {
            let result = try runMsx(command, in: root, stdin: String(repeating: "Words and more words. ", count: 20_000), env: [:])
            XCTAssertEqual(result.exitCode, 74, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.lowercased().contains("no space left on device"), result.stderr)
        }
        XCTAssertEqual(try read(path, in: root), before)
        let leftovers = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".msx-tmp") } ?? []
        XCTAssertEqual(leftovers, [])
        try FileManager.default.removeItem(at: filler)
        try expect(0, "check", in: root)
    }

    /// Runs a program and returns its exit status.
    private func run(_ program: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
