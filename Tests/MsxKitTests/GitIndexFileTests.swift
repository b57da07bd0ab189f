import Foundation
import MsxTestSupport
import XCTest
@testable import MsxHistory

/// msx reads git's index file itself (`GitIndexFile`, with `SHA1` for its checksum) and leaves every form it does not
/// know to libgit2: both readers must give the same entries, on indexes written by git itself.
final class GitIndexFileTests: SeededTestCase {
    func testSHA1MatchesTheStandardVectors() {
        let vectors = [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
            (String(repeating: "a", count: 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        ]
        for (message, expected) in vectors {
            XCTAssertEqual(hex(Array(message.utf8).withUnsafeBytes(SHA1.digest)), expected, "\(message.prefix(20))")
        }
    }

    /// Every length around the 64-byte block and its 56-byte padding boundary, and random ones, against git's own
    /// object hashing (`git hash-object` hashes "blob LENGTH\0" and the bytes).
    func testSHA1AgreesWithGitOnEveryLengthNearABlock() throws {
        var random = seededGenerator(4_111)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lengths = Array(0...130) + (0..<scaled(20)).map { _ in Int.random(in: 131...70_000, using: &random) }
        var objects: [[UInt8]] = []
        var files: [String] = []
        for (n, length) in lengths.enumerated() {
            let content = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let file = folder.appendingPathComponent("blob-\(n)")
            try Data(content).write(to: file)
            files.append(file.path)
            objects.append(Array("blob \(length)\0".utf8) + content)
        }
        let expected = try git(["hash-object", "--stdin-paths"], in: folder, input: files.joined(separator: "\n") + "\n")
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(expected.count, objects.count)
        for (object, id) in zip(objects, expected) {
            XCTAssertEqual(hex(object.withUnsafeBytes(SHA1.digest)), id, "length \(object.count)")
        }
    }

    /// Index versions 2, 3 (with an intent-to-add entry's extended flags) and 4 (paths compressed against the one
    /// before), conflict stages, long and non-ASCII paths, and git's optional extensions: the same entries as libgit2's.
    func testTheIndexReadsAsLibgit2ReadsItInEveryVersion() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try git(["init", "-q", "-b", "main"], in: folder)
        let paths = ["a.md", "contents/draft/part-1/chapter-1-1.md", "contents/draft/part-1/chapter-1-1.attrs.json",
                     "contents/draft/part-1/chapter-1-2.md", "contents/draft/part-2/Ångström déjà vu.md", "z.txt"]
        for (n, path) in paths.enumerated() {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "file \(n)\n".write(to: url, atomically: true, encoding: .utf8)
        }
        try git(["add", "-A"], in: folder)
        // A path longer than an entry's 12-bit name length can say (no file system holds it: the index alone does).
        let blob = try git(["hash-object", "-w", "z.txt"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        let long = "contents/" + String(repeating: "long-folder-name/", count: 260) + "deep.md"
        try git(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(long)"], in: folder)
        try git(["-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "one"], in: folder)
        // A conflict: stages 1 to 3 of a.md.
        try git(["checkout", "-q", "-b", "other"], in: folder)
        try "other\n".write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try git(["-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-q", "-am", "other"], in: folder)
        try git(["checkout", "-q", "main"], in: folder)
        try "mine\n".write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try git(["-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-q", "-am", "mine"], in: folder)
        _ = try? git(["merge", "-q", "other"], in: folder)
        try "new\n".write(to: folder.appendingPathComponent("intent.md"), atomically: true, encoding: .utf8)
        try git(["add", "-N", "intent.md"], in: folder)
        try git(["update-index", "--untracked-cache"], in: folder)
        let repository = try XCTUnwrap(try GitRepository.discover(containing: folder))
        let index = folder.appendingPathComponent(".git/index")
        for version in ["2", "3", "4"] {
            try git(["update-index", "--index-version", version], in: folder)
            for prefix in ["", "contents/", "contents/draft/part-2/", "nothing/"] {
                let file = try Data(contentsOf: index)
                let read = try XCTUnwrap(file.withUnsafeBytes { GitIndexFile.entries($0, under: prefix) }, "version \(version)")
                let expected = try repository.indexEntriesThroughLibgit2(under: prefix)
                XCTAssertEqual(read.count, expected.count, "version \(version), prefix '\(prefix)'")
                for (path, entry) in expected {
                    let mine = try XCTUnwrap(read[path], "version \(version): \(path) missing")
                    XCTAssertTrue(mine.id == entry.id && mine.size == entry.size && mine.seconds == entry.seconds
                                  && mine.nanoseconds == entry.nanoseconds, "version \(version): \(path)")
                }
            }
        }
    }

    /// A split index, a damaged checksum, a cut file and a version from the future are left to libgit2.
    func testFormsItDoesNotKnowAreLeftToLibgit2() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try git(["init", "-q", "-b", "main"], in: folder)
        try "text\n".write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try git(["add", "a.md"], in: folder)
        let index = folder.appendingPathComponent(".git/index")
        let plain = [UInt8](try Data(contentsOf: index))
        XCTAssertNotNil(plain.withUnsafeBytes { GitIndexFile.entries($0, under: "") })
        var damaged = plain
        damaged[20] ^= 0x01
        XCTAssertNil(damaged.withUnsafeBytes { GitIndexFile.entries($0, under: "") }, "a damaged index passed its checksum")
        XCTAssertNil(Array(plain.dropLast(7)).withUnsafeBytes { GitIndexFile.entries($0, under: "") }, "a cut index was read")
        var future = plain
        future[7] = 9
        XCTAssertNil(future.withUnsafeBytes { GitIndexFile.entries($0, under: "") }, "version 9 was read")
        try git(["update-index", "--split-index"], in: folder)
        let split = [UInt8](try Data(contentsOf: index))
        XCTAssertNil(split.withUnsafeBytes { GitIndexFile.entries($0, under: "") }, "a split index was read as whole")
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @discardableResult
    private func git(_ arguments: [String], in folder: URL, input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let stdin = FileManager.default.temporaryDirectory.appendingPathComponent("git-input-\(UUID().uuidString)")
        try input.write(to: stdin, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: stdin) }
        process.standardInput = try FileHandle(forReadingFrom: stdin)
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "git", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed"])
        }
        return output
    }
}
