import Foundation
import XCTest

/// A truncated or corrupt git object is an error in bounded time, naming the object
/// (libgit2 1.5 spins forever on a truncated loose object, holding msx's lock); a shallow history says what is
/// missing.
final class DamagedObjectTests: HistoryTestCase {
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

    /// A shallow clone's missing versions are an error naming what is missing, not "No versions".
    func testAShallowCloneSaysItsOlderVersionsAreMissing() throws {
        let root = try project()
        let clone = scratch.appendingPathComponent("shallow-\(UUID().uuidString)")
        let cloned = try gitRun(["clone", "-q", "--depth", "1", "file://" + root.path, clone.path], in: scratch)
        try XCTSkipUnless(cloned.status == 0, "git could not make a shallow clone here")
        for command in [["log"], ["log", "Storm"], ["show", "Storm@~1"], ["diff", "--from", "HEAD~1"]] {
            let result = try runMsx(command, in: clone, stdin: nil, env: [:])
            XCTAssertEqual(result.exitCode, 3, "\(command): \(result.stdout)\(result.stderr)")
            XCTAssertTrue(result.stderr.contains("the history is shallow") && result.stderr.contains("git fetch --unshallow"), result.stderr)
        }
    }

    /// Objects missing from a damaged pack are an `incomplete-history` error, not "no version".
    func testObjectsMissingFromADamagedPackAreNamed() throws {
        let root = try project()
        try git("gc", "-q", in: root)
        let packs = root.appendingPathComponent(".git/objects/pack")
        let pack = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: packs.path).first { $0.hasSuffix(".pack") })
        try damage(packs.appendingPathComponent(pack)) { $0 = $0.prefix(32) }
        for command in [["log"], ["status"], ["diff"], ["show", "Storm@~1"]] {
            let result = try MsxRunner.start(command, in: root).wait(hangingAfter: 120)
            XCTAssertFalse(result.signalled, "\(command) hung")
            XCTAssertEqual(result.exitCode, 3, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("is missing") || result.stderr.contains("is damaged"), "\(command): \(result.stderr)")
        }
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

    /// A loose object file that holds another object (sound zlib, a sound header) is damage, not the other object.
    func testALooseObjectHoldingAnotherObjectIsDamage() throws {
        let root = try project()
        let objects = try looseObjects(root)
        let contents = try objects.map { try Data(contentsOf: $0) }
        for (index, object) in objects.enumerated() {
            try damage(object) { $0 = contents[(index + 1) % contents.count] }
        }
        try assertEveryCommandFailsInBoundedTime(root)
    }

    /// Found by the corruption soak: an older version that cannot be read made `log` say "No versions." with exit
    /// 0 (the walk took libgit2's error for the end of the history); the damage is named and exits 3.
    func testAnUnreadableOlderVersionIsDamageNotAShorterHistory() throws {
        let root = try project()
        let parent = try revision("HEAD~1", in: root)
        let object = root.appendingPathComponent(".git/objects/\(parent.prefix(2))/\(parent.dropFirst(2))")
        try FileManager.default.removeItem(at: object)
        for command in [["log"], ["log", "Storm"], ["show", "Storm@~1"]] {
            let result = try MsxRunner.start(command, in: root).wait(hangingAfter: 120)
            XCTAssertEqual(result.exitCode, 3, "\(command): \(result.stdout)\(result.stderr)")
            XCTAssertTrue(result.stderr.contains("is missing"), "\(command): \(result.stderr)")
            XCTAssertFalse(result.stdout.contains("No versions"), "\(command)")
        }
    }
}
