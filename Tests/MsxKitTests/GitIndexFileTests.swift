import Foundation
import MsxTestSupport
import XCTest
@testable import MsxGit
import MsxModel

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

    /// Index versions 3 (an intent-to-add entry's extended flags), 2 and 4 (paths compressed against the one before),
    /// conflict stages, a path too long for an entry's name length, non-ASCII paths, and git's optional extensions
    /// (cached trees, the untracked cache): the same entries as libgit2's, under every prefix.
    func testTheIndexReadsAsLibgit2ReadsItInEveryVersion() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeRepository(in: folder)
        try git(["-c", "user.name=T", "-c", "user.email=t@example.invalid", "merge", "-q", "other"], in: folder,
                allowingFailure: true)
        XCTAssertFalse(try git(["ls-files", "-u"], in: folder).isEmpty, "the merge left no conflict")
        try "new\n".write(to: folder.appendingPathComponent("intent.md"), atomically: true, encoding: .utf8)
        try git(["add", "-N", "intent.md"], in: folder)
        try git(["update-index", "--untracked-cache"], in: folder)
        for version in [3, 2, 4] {
            // Version 2 cannot hold an intent-to-add entry's flags (git writes version 3 then); the libgit2 msx links
            // refuses a path as long as the long one in version 4 (so does this reader: see the next test).
            if version == 2 { try git(["rm", "-q", "--cached", "intent.md"], in: folder) }
            if version == 4 { try git(["rm", "-q", "--cached", longPath], in: folder) }
            try git(["update-index", "--index-version", String(version)], in: folder)
            let file = [UInt8](try Data(contentsOf: folder.appendingPathComponent(".git/index")))
            XCTAssertEqual(file[7], UInt8(version), "git wrote another version")
            for prefix in ["", "contents/", "contents/draft/part-2/", "nothing/"] {
                try assertReadAsLibgit2Reads(file, in: folder, under: prefix, "version \(version), prefix '\(prefix)'")
            }
        }
    }

    /// Anything it does not know gets nil, left to libgit2: another version, a cut file, a required (lower-case)
    /// extension, a split index, a damaged checksum and the zeros `index.skipHash` writes; an optional (upper-case)
    /// extension it does not know is stepped over. Each file but the damaged ones has a valid checksum.
    func testFormsItDoesNotKnowAreLeftToLibgit2() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeRepository(in: folder)
        let index = folder.appendingPathComponent(".git/index")
        let plain = [UInt8](try Data(contentsOf: index))
        let body = Array(plain.dropLast(20))
        func read(_ bytes: [UInt8]) -> [String: GitIndexStat.Entry]? { bytes.withUnsafeBytes { GitIndexFile.entries($0, under: "") } }
        let entries = try XCTUnwrap(read(plain))
        var future = body
        future[7] = 9
        XCTAssertNil(read(sealed(future)), "version 9 was read")
        XCTAssertNil(read(sealed(Array(body.dropLast(9)))), "a cut index was read")
        XCTAssertNil(read(sealed(body + Array("abcd".utf8) + [0, 0, 0, 0])), "a required extension was stepped over")
        XCTAssertEqual(read(sealed(body + Array("ABCD".utf8) + [0, 0, 0, 2, 7, 7]))?.count, entries.count,
                       "an optional extension was not stepped over")
        XCTAssertNil(read(sealed(body + Array("ABCD".utf8) + [0, 0, 0, 9, 7])), "an extension running past the end was read")
        var damaged = plain
        damaged[20] ^= 0x01
        XCTAssertNil(read(damaged), "a damaged index passed its checksum")
        XCTAssertNil(read(body + [UInt8](repeating: 0, count: 20)), "an index without its checksum was read")
        try git(["update-index", "--index-version", "4"], in: folder)
        XCTAssertNil(read([UInt8](try Data(contentsOf: index))), "a version 4 path as long as libgit2 refuses was read")
        try git(["update-index", "--index-version", "2"], in: folder)
        try git(["update-index", "--split-index"], in: folder)
        XCTAssertNil(read([UInt8](try Data(contentsOf: index))), "a split index was read as whole")
    }

    /// Random bytes of a real index's header and entries changed and its checksum made good again: whenever it reads
    /// the file, libgit2 reads it too, to the same entries. (The cached tree after the entries, which libgit2 reads
    /// and this reader steps over, is left alone.)
    func testADamagedIndexIsReadAsLibgit2ReadsItOrLeftToIt() throws {
        var random = seededGenerator(8_087)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeRepository(in: folder)
        let index = folder.appendingPathComponent(".git/index")
        let body = Array([UInt8](try Data(contentsOf: index)).dropLast(20))
        let entriesEnd = body.firstRange(of: Array("TREE".utf8))?.lowerBound ?? body.count
        var (read, left) = (0, 0)
        for _ in 0..<scaled(150) {
            var bytes = body
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                bytes[Int.random(in: 8..<entriesEnd, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let file = sealed(bytes)
            try Data(file).write(to: index)
            guard file.withUnsafeBytes({ GitIndexFile.entries($0, under: "") }) != nil else { left += 1; continue }
            read += 1
            try assertReadAsLibgit2Reads(file, in: folder, under: "", "changed bytes")
        }
        XCTAssertGreaterThan(read, 0, "no changed index was read (\(left) left to libgit2)")
    }

    /// A checksum proved before is not computed again, but only for the index of the stamp it was proved for and
    /// ending with it: bytes changed after the proof (the checksum left as it was) are read on its word, and refused
    /// for any other stamp or checksum. A checksum proved now is recorded with the index's stamp.
    func testAProvedChecksumIsBelievedOnlyForItsStampAndChecksum() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeRepository(in: folder)
        let gitFolder = folder.appendingPathComponent(".git"), index = gitFolder.appendingPathComponent("index")
        let memory = ProvedChecksums()
        XCTAssertNotNil(GitIndexStat.read(gitFolder: gitFolder, under: "", proved: memory))
        let file = [UInt8](try Data(contentsOf: index))
        let trailer = Array(file.suffix(20)).withUnsafeBytes(GitOID.init(rawBytes:))
        XCTAssertEqual(memory.recorded.count, 1)
        XCTAssertEqual(memory.recorded.first?.stamp, FileStamp(path: index.path))
        XCTAssertEqual(memory.recorded.first?.checksum, trailer)
        // An entry's recorded size changed, the checksum left: only a believed proof lets it be read.
        var damaged = file
        damaged[12 + 36] ^= 0x01
        try Data(damaged).write(to: index)
        let stamp = try XCTUnwrap(FileStamp(path: index.path))
        let other = Array(repeating: UInt8(0xAB), count: 20).withUnsafeBytes(GitOID.init(rawBytes:))
        let cases: [(String, [(stamp: FileStamp, checksum: GitOID)], Bool)] = [
            ("proved for this stamp and checksum", [(stamp, trailer)], true),
            ("nothing proved", [], false),
            ("another checksum proved", [(stamp, other)], false),
            ("proved for another stamp", [(try XCTUnwrap(memory.recorded.first).stamp, trailer)], false),
        ]
        for (name, proved, read) in cases {
            let answers = ProvedChecksums(believed: proved)
            XCTAssertEqual(GitIndexStat.read(gitFolder: gitFolder, under: "", proved: answers) != nil, read, name)
            XCTAssertTrue(answers.recorded.isEmpty, "\(name): a refused index recorded as proved")
        }
    }

    /// A repository with files in folders, a non-ASCII path, a path longer than an entry's name length can say (the
    /// index alone holds it), and a branch `other` whose change to a.md conflicts with main's.
    private func makeRepository(in folder: URL) throws {
        try git(["init", "-q", "-b", "main"], in: folder)
        let paths = ["a.md", "contents/draft/part-1/chapter-1-1.md", "contents/draft/part-1/chapter-1-1.attrs.json",
                     "contents/draft/part-1/chapter-1-2.md", "contents/draft/part-2/Ångström déjà vu.md", "z.txt"]
        for (n, path) in paths.enumerated() {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "file \(n)\n".write(to: url, atomically: true, encoding: .utf8)
        }
        try git(["add", "-A"], in: folder)
        let blob = try git(["hash-object", "-w", "z.txt"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        try git(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(longPath)"], in: folder)
        let commit = ["-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-q"]
        try git(commit + ["-m", "one"], in: folder)
        try git(["checkout", "-q", "-b", "other"], in: folder)
        try "other\n".write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try git(commit + ["-am", "other"], in: folder)
        try git(["checkout", "-q", "main"], in: folder)
        try "mine\n".write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try git(commit + ["-am", "mine"], in: folder)
    }

    /// A path longer than the 4,095 bytes an entry's name length can say.
    private let longPath = "contents/" + String(repeating: "long-folder-name/", count: 260) + "deep.md"

    /// `body` with the SHA-1 checksum git ends an index with.
    private func sealed(_ body: [UInt8]) -> [UInt8] { body + body.withUnsafeBytes(SHA1.digest) }

    /// Asserts that `file`, written as the repository's index, reads to the entries libgit2 reads (a repository
    /// opened afresh: libgit2 keeps the index it read first).
    private func assertReadAsLibgit2Reads(_ file: [UInt8], in folder: URL, under prefix: String, _ message: String,
                                          line: UInt = #line) throws {
        try Data(file).write(to: folder.appendingPathComponent(".git/index"))
        let read = try XCTUnwrap(file.withUnsafeBytes { GitIndexFile.entries($0, under: prefix) }, message, line: line)
        let repository = try XCTUnwrap(try GitRepository.discover(containing: folder))
        let expected: [String: GitIndexStat.Entry]
        do { expected = try repository.indexEntriesThroughLibgit2(under: prefix) } catch {
            return XCTFail("\(message): libgit2 refuses an index msx reads (\(error))", line: line)
        }
        XCTAssertEqual(Set(read.keys), Set(expected.keys), message, line: line)
        for (path, entry) in expected {
            guard let mine = read[path] else { continue }
            XCTAssertTrue(mine.id == entry.id && mine.size == entry.size && mine.seconds == entry.seconds
                          && mine.nanoseconds == entry.nanoseconds, "\(message): \(path)", line: line)
        }
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @discardableResult
    private func git(_ arguments: [String], in folder: URL, input: String = "", allowingFailure: Bool = false) throws -> String {
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
        guard process.terminationStatus == 0 || allowingFailure else {
            throw NSError(domain: "git", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed"])
        }
        return output
    }
}

/// Checksums proved before, as the test says, and those recorded.
private final class ProvedChecksums: ProvedIndexChecksums {
    let believed: [(stamp: FileStamp, checksum: GitOID)]
    private(set) var recorded: [(stamp: FileStamp, checksum: GitOID)] = []

    init(believed: [(stamp: FileStamp, checksum: GitOID)] = []) { self.believed = believed }

    func checksum(provedFor stamp: FileStamp) -> GitOID? { believed.first { $0.stamp == stamp }?.checksum }
    func record(_ checksum: GitOID, provedFor stamp: FileStamp) { recorded.append((stamp, checksum)) }
}
