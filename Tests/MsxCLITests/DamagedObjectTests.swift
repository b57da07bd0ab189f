import Foundation
import XCTest

/// Issue 12, item 1: a truncated or corrupt git object is an error in bounded time, naming the object (libgit2 1.5
/// spins forever on a truncated loose object, holding msx's lock).
final class DamagedObjectTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// Each loose object file of the project's repository.
    private func looseObjects(_ root: URL) throws -> [URL] {
        let objects = root.appendingPathComponent(".git/objects")
        return try FileManager.default.contentsOfDirectory(atPath: objects.path).filter { $0.count == 2 }.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent(folder).path)
                .map { objects.appendingPathComponent(folder).appendingPathComponent($0) }
        }
    }

    private func damage(_ file: URL, _ how: (inout Data) -> Void) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        var data = try Data(contentsOf: file)
        how(&data)
        try data.write(to: file)
    }

    private func assertEveryCommandFailsInBoundedTime(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        for command in [["log"], ["status"], ["show", "Storm@~1"], ["diff"], ["snapshot", "-m", "three"], ["restore", "Storm", "--to", "HEAD~1"]] {
            let result = try MsxRunner.start(command, in: root).wait(hangingAfter: 120)
            XCTAssertFalse(result.signalled, "\(command) hung", file: file, line: line)
            XCTAssertEqual(result.exitCode, 3, "\(command): \(result.stderr)", file: file, line: line)
            XCTAssertTrue(result.stderr.contains("is damaged"), "\(command): \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr, file: file, line: line)
        }
    }

    private func project() throws -> URL {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        try write("The storm came in slowly at dusk.\n", to: path, in: root)
        try expect(0, "snapshot", "-m", "two", in: root)
        return root
    }

    func testTruncatedLooseObjectsAreAnErrorNotAHang() throws {
        let root = try project()
        for object in try looseObjects(root) { try damage(object) { $0 = $0.prefix($0.count / 2) } }
        try assertEveryCommandFailsInBoundedTime(root)
    }

    func testCorruptLooseObjectsAreAnErrorNotAHang() throws {
        let root = try project()
        for object in try looseObjects(root) {
            try damage(object) { data in
                for i in stride(from: 2, to: data.count, by: 7) { data[i] ^= 0x5A }
            }
        }
        try assertEveryCommandFailsInBoundedTime(root)
    }
}
