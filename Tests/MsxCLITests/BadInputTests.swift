import Foundation
import XCTest

/// Damaged projects (exit 3), not-a-project (exit 1), usage errors (exit 64) and `-C`.
final class BadInputTests: MsxTestCase {
    /// Read-only commands that open the project and every document.
    static let readers: [[String]] = [["tree"], ["show", "Chapter 1"], ["meta", "Chapter 1"]]

    /// Replaces text in a project file, failing the test if `old` is not there.
    private func edit(_ relative: String, in root: URL, replacing old: String, with new: String,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try read(relative, in: root)
        XCTAssertTrue(text.contains(old), "\(relative) lacks \(old)", file: file, line: line)
        try write(text.replacingOccurrences(of: old, with: new), to: relative, in: root)
    }

    /// Runs each command and asserts exit `status`, with stderr (or the JSON message) containing every `words`;
    /// and that nothing in the project changed.
    private func assertAllFail(_ commands: [[String]], in root: URL, status: Int32, naming words: [String],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let before = snapshot(root)
        for command in commands {
            let result = try MsxRunner.run(command, in: root)
            assertExit(result, status, file: file, line: line)
            for word in words {
                XCTAssertTrue(result.stderr.contains(word), "\(command): '\(word)' not in \(result.stderr)", file: file, line: line)
            }
            let message = assertJSONError(try MsxRunner.run(command + ["--json"], in: root), status, file: file, line: line)
            for word in words { XCTAssertTrue(message.contains(word), "\(command) --json: \(message)", file: file, line: line) }
        }
        assertSameSnapshot(before, snapshot(root), file: file, line: line)
    }

    /// A command run in a folder deleted behind its back says so at once (it looked for the project in "..", "../.."
    /// and on, for ever); given `-C` with a full path it works as anywhere. (Linux: other systems may still name a
    /// deleted folder; there the command must only not hang.)
    func testACurrentFolderDeletedBehindMsxsBackIsAnErrorNotAHang() throws {
        let msx = try MsxRunner.requireBinary()
        let project = try makeProject()
        for (arguments, status) in [(["log"], Int32(74)), (["status"], 74), (["-C", project.path, "status"], 0)] {
            let gone = scratch.appendingPathComponent("gone-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"cd "$1" && rmdir "$1" && shift && exec "$@""#, "sh", gone.path, msx.path] + arguments
            process.environment = MsxRunner.environment([:])
            let errors = Pipe()
            (process.standardOutput, process.standardError) = (FileHandle.nullDevice, errors)
            let ended = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in ended.signal() }
            try process.run()
            if ended.wait(timeout: .now() + 60) == .timedOut {
                process.terminate()
                ended.wait()
                XCTFail("\(arguments) still ran after 60 s")
                continue
            }
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #if os(Linux)
            XCTAssertEqual(process.terminationStatus, status, "\(arguments): \(stderr)")
            if status != 0 {
                XCTAssertTrue(stderr.hasPrefix("msx: ") && stderr.contains("the current folder was deleted"), stderr)
                XCTAssertEqual(stderr.split(separator: "\n").count, 1, stderr)
            }
            #endif
        }
    }

    func testMalformedManifestNamesFileLineAndColumn() throws {
        let root = try makeProject()
        try edit("manuscript.json", in: root, replacing: "\"formatVersion\": 1,", with: "\"formatVersion\": 1,,")
        let result = try expect(3, "tree", in: root)
        XCTAssertTrue(result.stderr.contains("manuscript.json"), result.stderr)
        XCTAssertNotNil(result.stderr.range(of: #"line \d+"#, options: .regularExpression), result.stderr)
        XCTAssertNotNil(result.stderr.range(of: #"column \d+"#, options: .regularExpression), result.stderr)
        try assertAllFail(Self.readers + [["check"], ["new", "X"], ["rename", "Chapter 1", "Y"]], in: root,
                          status: 3, naming: ["manuscript.json"])
    }

    func testNewerFormatVersionIsRefused() throws {
        let root = try makeProject()
        try edit("manuscript.json", in: root, replacing: "\"formatVersion\": 1,", with: "\"formatVersion\": 99,")
        try assertAllFail(Self.readers + [["check"], ["new", "X"]], in: root, status: 3, naming: ["manuscript.json", "99"])
    }

    func testMissingFormatVersionIsDamaged() throws {
        let root = try makeProject()
        try edit("manuscript.json", in: root, replacing: "\"formatVersion\": 1,", with: "")
        try assertAllFail([["tree"]], in: root, status: 3, naming: ["manuscript.json"])
    }

    func testBinderPathWithDotDotIsRefused() throws {
        let root = try makeProject()
        try edit("manuscript.json", in: root, replacing: "contents/draft/chapter-1.md", with: "contents/draft/../../escape.md")
        try assertAllFail([["tree"], ["show", "Chapter 1"], ["format", "Chapter 1", "--paragraph", "1", "--bold"],
                           ["rename", "Chapter 1", "Z"], ["mv", "Chapter 1", "--into", "Notes"]],
                          in: root, status: 3, naming: ["manuscript.json"])
        // check cannot read a damaged manifest either: it says so the same way (exit 3), naming the file.
        try assertAllFail([["check"]], in: root, status: 3, naming: ["manuscript.json"])
    }

    /// A binder path outside contents/ (git's config, the manifest itself, a folder beside the
    /// project's) is refused before any byte is written.
    func testBinderPathsOutsideContentsAreRefused() throws {
        for (k, target) in [".git/config", "manuscript.json", "elsewhere/notes.md"].enumerated() {
            let root = try makeProject(name: "book\(k)")
            let config = try read(".git/config", in: root)
            try edit("manuscript.json", in: root, replacing: "contents/draft/chapter-1.md", with: target)
            try assertAllFail([["tree"], ["show", "Chapter 1"], ["format", "Chapter 1", "--paragraph", "1", "--bold"],
                               ["rename", "Chapter 1", "Z"], ["check", "--repair"]],
                              in: root, status: 3, naming: ["manuscript.json", "'\(target)'", "not under contents/"])
            XCTAssertEqual(try read(".git/config", in: root), config)
        }
    }

    /// msx's own files reached through a link that leaves the project are refused, and nothing
    /// is written there.
    func testOwnFilesLinkedOutsideTheProjectAreRefused() throws {
        let root = try makeProject()
        let outside = scratch.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let privateFolder = root.appendingPathComponent(".msx")
        try? FileManager.default.removeItem(at: privateFolder)
        try FileManager.default.createSymbolicLink(at: privateFolder, withDestinationURL: outside)
        try assertAllFail([["show", "Chapter 1"], ["format", "Chapter 1", "--paragraph", "1", "--bold"], ["check", "--repair"]],
                          in: root, status: 3, naming: [".msx: a link that leads outside the project"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
        try FileManager.default.removeItem(at: privateFolder)

        let manifest = root.appendingPathComponent("manuscript.json")
        let moved = outside.appendingPathComponent("manuscript.json")
        try FileManager.default.moveItem(at: manifest, to: moved)
        try FileManager.default.createSymbolicLink(at: manifest, withDestinationURL: moved)
        let before = try Data(contentsOf: moved)
        try assertAllFail([["tree"], ["new", "X"], ["check", "--repair"]], in: root, status: 3,
                          naming: ["manuscript.json: a link that leads outside the project"])
        XCTAssertEqual(try Data(contentsOf: moved), before)
    }

    /// A manifest with an escaping path is damaged as a whole, even for commands that only read metadata.
    func testBinderPathWithDotDotDamagesMeta() throws {
        let root = try makeProject()
        try edit("manuscript.json", in: root, replacing: "contents/draft/chapter-1.md", with: "contents/draft/../../escape.md")
        try assertAllFail([["meta", "Chapter 1"]], in: root, status: 3, naming: ["manuscript.json"])
    }

    func testSymlinkedDocumentOutsideTheProjectIsRefused() throws {
        let root = try makeProject()
        let outside = scratch.appendingPathComponent("outside.md")
        try Data("Secret words outside.\n".utf8).write(to: outside)
        try FileManager.default.removeItem(at: root.appendingPathComponent("contents/draft/chapter-1.md"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("contents/draft/chapter-1.md"),
                                                   withDestinationURL: outside)
        try assertAllFail([["show", "Chapter 1"], ["format", "Chapter 1", "--match", "Secret", "--bold"],
                           ["format", "Chapter 1", "--match", "Secret", "--underline"]],
                          in: root, status: 3, naming: ["chapter-1.md"])
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "Secret words outside.\n")
        XCTAssertFalse(exists("outside.attrs.json", in: scratch))
        try expect(1, "check", in: root)
    }

    /// A folder and a link whose names Swift's strings call equal (`é`, and `e` with a combining accent) are two
    /// entries to the file system: the link is refused though the real folder was seen first.
    func testALinkNamedLikeARealFolderIsRefused() throws {
        let root = try makeProject()
        let alpha = try addDocument("Alpha", "Alpha words.\n", to: root)
        let beta = try addDocument("Beta", "Beta words.\n", to: root)
        let draft = root.appendingPathComponent(alpha.path).deletingLastPathComponent()
        let composed = "\u{E9}", decomposed = "e\u{301}"
        XCTAssertEqual(mkdir(draft.path + "/" + composed, 0o755), 0)
        XCTAssertEqual(rename(root.path + "/" + alpha.path, draft.path + "/" + composed + "/alpha.md"), 0)
        let outside = scratch.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("Secret words outside.\n".utf8).write(to: outside.appendingPathComponent("beta.md"))
        XCTAssertEqual(symlink(outside.path, draft.path + "/" + decomposed), 0)
        try FileManager.default.removeItem(at: root.appendingPathComponent(beta.path))
        let folder = String(alpha.path.split(separator: "/").dropLast().joined(separator: "/"))
        try edit("manuscript.json", in: root, replacing: alpha.path, with: folder + "/" + composed + "/alpha.md")
        try edit("manuscript.json", in: root, replacing: beta.path, with: folder + "/" + decomposed + "/beta.md")
        try assertAllFail([["tree"], ["show", "Beta"]], in: root, status: 3, naming: ["beta.md"])
    }

    func testSymlinkedFolderOutsideTheProjectIsRefused() throws {
        let root = try makeProject()
        try expect(0, "new", "Kept", "--in", "Notes", in: root)
        let outside = scratch.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: root.appendingPathComponent("contents/notes"), to: outside)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("contents/notes"), withDestinationURL: outside)
        let result = try msx("new", "Leak", "--in", "Notes", in: root)
        assertExit(result, 3)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: outside.path)), [".gitkeep", "kept.md"],
                       "msx wrote outside the project")
        // The document found through the link is read by no command.
        try assertAllFail([["show", "Kept"], ["status"], ["tree"], ["search", "the"]], in: root, status: 3,
                          naming: ["contents/notes/kept.md' leads outside the project"])
        // The refusal leaves the project usable once the link is gone.
        try FileManager.default.removeItem(at: root.appendingPathComponent("contents/notes"))
        try FileManager.default.moveItem(at: outside, to: root.appendingPathComponent("contents/notes"))
        try expect(0, "check", in: root)
        try expect(0, "new", "Fine", "--in", "Notes", in: root)
    }

    func testMalformedSidecarNamesTheSidecar() throws {
        let root = try makeProject()
        try write("{ \"formatVersion\": 1, \"paragraphs\": [ }\n", to: "contents/draft/chapter-1.attrs.json", in: root)
        try assertAllFail([["show", "Chapter 1"], ["show", "Chapter 1", "--as", "json"],
                           ["format", "Chapter 1", "--paragraph", "1", "--align", "center"]],
                          in: root, status: 3, naming: ["chapter-1.attrs.json"])
        let check = try expect(1, "check", in: root)
        XCTAssertTrue(check.stdout.contains("chapter-1.attrs.json"), check.stdout)
    }

    func testInvalidUTF8DocumentNamesTheFile() throws {
        let root = try makeProject()
        try Data([0x4F, 0x6B, 0x20, 0xFF, 0xFE, 0x0A]).write(to: root.appendingPathComponent("contents/draft/chapter-1.md"))
        try assertAllFail([["show", "Chapter 1"], ["tree"], ["format", "Chapter 1", "--paragraph", "1", "--bold"]],
                          in: root, status: 3, naming: ["chapter-1.md"])
        XCTAssertTrue(try expect(1, "check", in: root).stdout.contains("chapter-1.md"))
    }

    func testNotAProject() throws {
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for command in [["tree"], ["check"], ["show", "x"], ["new", "x"], ["meta", "x"]] {
            assertExit(try MsxRunner.run(command, in: empty), 1)
            assertJSONError(try MsxRunner.run(command + ["--json"], in: empty), 1)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty.path), [])
    }

    func testDashCBeforeTheSubcommand() throws {
        let root = try makeProject()
        let elsewhere = scratch.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let viaC = try expect(0, "-C", root.path, "tree", "--json", in: elsewhere)
        XCTAssertEqual(viaC.stdout, try expect(0, "tree", "--json", in: root).stdout)
        try expect(0, "-C", "book", "new", "Added", in: scratch)
        XCTAssertTrue(exists("contents/draft/added.md", in: root))
        // Found by walking up from a folder inside the project.
        try expect(0, "show", "Added", in: root.appendingPathComponent("contents/draft"))
        try expect(64, "-C", scratch.appendingPathComponent("missing").path, "tree")
    }

    func testUsageErrors() throws {
        let root = try makeProject()
        try expect(64, "frobnicate", in: root)
        try expect(64, "tree", "--bogus", in: root)
        try expect(64, "rename", "Chapter 1", in: root)
        try expect(64, "show", in: root)
        try expect(0, "--version", in: root)
        XCTAssertTrue(try expect(0, "--help", in: root).stdout.contains("SUBCOMMANDS"))
    }

    func testCompletionScripts() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try expect(0, "--generate-completion-script", shell)
            XCTAssertFalse(result.stdout.isEmpty, shell)
            XCTAssertTrue(result.stdout.contains("msx"), shell)
        }
    }
}
