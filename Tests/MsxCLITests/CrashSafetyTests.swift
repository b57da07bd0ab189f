import MsxTestSupport
import Foundation
import XCTest

/// Crashes in the middle of a multi-file write: `MSX_FAULT` kills msx at each step, and a real `kill -9` at random.
final class CrashSafetyTests: MsxTestCase {
    static let faults = ["journaled", "moved", "committed"]
    /// The novel template's formatted scene, which has a sidecar.
    static let scene = "contents/draft/part-one/chapter-1/scene-1"

    /// How many random kills to try: 5 × `MSX_TEST_SCALE` (default 1).
    static var killRounds: Int {
        5 * max(1, Int(ProcessInfo.processInfo.environment["MSX_TEST_SCALE"] ?? "") ?? 1)
    }

    /// What a document looks like to a reader: its plain text and its paragraphs' resolved formatting.
    private func appearance(_ id: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> (text: String, model: Data) {
        let text = try expect(0, "show", id, "--as", "text", in: root, file: file, line: line).stdout
        let paragraphs = try paragraphs(of: id, in: root, file: file, line: line)
        return (text, try JSONSerialization.data(withJSONObject: paragraphs, options: [.sortedKeys]))
    }

    /// After an interruption: `check` repairs and exits 0, binder and files agree, the document with `id` sits at one
    /// of `paths` with its sidecar, and it reads exactly as `before`. Returns the path it ended at.
    @discardableResult
    private func assertRecovered(_ root: URL, id: String, at paths: [String], reads before: (text: String, model: Data),
                                 file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try expect(0, "check", in: root, file: file, line: line)
        try assertConsistent(root, file: file, line: line)
        let path = try XCTUnwrap(try node(id: id, in: root)?.path, file: file, line: line)
        XCTAssertTrue(paths.contains(path), "\(path) is not one of \(paths)", file: file, line: line)
        let sidecar = String(path.dropLast(3)) + ".attrs.json"
        XCTAssertTrue(exists(sidecar, in: root), "sidecar \(sidecar) missing", file: file, line: line)
        for other in paths where other != path {
            XCTAssertFalse(exists(other, in: root), "\(other) left behind", file: file, line: line)
            XCTAssertFalse(exists(String(other.dropLast(3)) + ".attrs.json", in: root), file: file, line: line)
        }
        let after = try appearance(id, in: root, file: file, line: line)
        XCTAssertEqual(after.text, before.text, file: file, line: line)
        XCTAssertEqual(after.model, before.model, "formatting changed", file: file, line: line)
        try expect(0, "check", in: root, file: file, line: line)
        return path
    }

    /// Runs `command` on a fresh novel project with `MSX_FAULT=fault`, expects the kill, and checks recovery to
    /// `old` (rolled back) or `new` (rolled forward, once the manifest was committed).
    private func crash(_ command: [String], at fault: String, old: String, new: String) throws {
        let root = try makeProject("novel", name: "\(command[0])-\(fault)")
        let id = try XCTUnwrap(try nodes(root).first { $0.path == old }?.id)
        let before = try appearance(id, in: root)
        let result = try MsxRunner.spawn(command, in: root, environment: ["MSX_FAULT": fault])
        XCTAssertTrue(result.signalled, "\(command) with MSX_FAULT=\(fault) was not killed: exit \(result.exitCode)")
        XCTAssertEqual(result.exitCode, SIGKILL)
        let landed = try assertRecovered(root, id: id, at: [old, new], reads: before)
        XCTAssertEqual(landed, fault == "committed" ? new : old, "\(command[0]) at \(fault)")
        // The project works normally afterwards.
        try expect(0, "rename", id, "After The Crash", in: root)
        try expect(0, "check", in: root)
    }

    func testRenameSurvivesEveryFaultPoint() throws {
        for fault in Self.faults {
            try crash(["rename", Self.scene + ".md", "Opening"], at: fault, old: Self.scene + ".md",
                      new: "contents/draft/part-one/chapter-1/opening.md")
        }
    }

    func testMoveSurvivesEveryFaultPoint() throws {
        for fault in Self.faults {
            try crash(["mv", Self.scene + ".md", "--into", "Chapter 3"], at: fault, old: Self.scene + ".md",
                      new: "contents/draft/part-two/chapter-3/scene-1-2.md")
        }
    }

    /// Format changes the `.md` and the sidecar but not the manifest: the journal is the commit point, so
    /// recovery always completes it.
    func testFormatRollsForwardAfterEveryFaultPoint() throws {
        for fault in Self.faults {
            let root = try makeProject("novel", name: "format-\(fault)")
            let path = Self.scene + ".md"
            let underlined = try runTexts(of: path, in: root, where: "underline", is: "single")
            XCTAssertFalse(underlined.contains("Nell Aske"))
            let result = try MsxRunner.spawn(["format", path, "--match", "Nell Aske", "--bold", "--underline"], in: root,
                                             environment: ["MSX_FAULT": fault])
            XCTAssertTrue(result.signalled, "format with MSX_FAULT=\(fault): exit \(result.exitCode)")
            try expect(0, "check", in: root)
            try assertConsistent(root)
            XCTAssertTrue(try read(path, in: root).contains("**Nell Aske**"), fault)
            XCTAssertEqual(Set(try runTexts(of: path, in: root, where: "underline", is: "single")),
                           Set(underlined + ["Nell Aske"]), fault)
        }
    }

    func testRandomKillNineLeavesAConsistentProject() throws {
        let root = try makeProject("novel")
        let id = try XCTUnwrap(try nodes(root).first { $0.path == Self.scene + ".md" }?.id)
        let before = try appearance(id, in: root)
        let titles = ["Scene 1", "The Lamp Goes Dark"]
        let folders = ["Chapter 1", "Chapter 3"]
        var generator = seededGenerator()
        for round in 0..<Self.killRounds {
            let command = round % 2 == 0
                ? ["rename", id, titles[(round / 2 + 1) % 2]]
                : ["mv", id, "--into", folders[(round / 2 + 1) % 2]]
            let launch = try MsxRunner.start(command, in: root)
            usleep(UInt32.random(in: 0...30_000, using: &generator))
            kill(launch.process.processIdentifier, SIGKILL)
            _ = launch.wait()
            try expect(0, "check", in: root)
            try assertConsistent(root, allowStaged: true)
            try expect(0, "check", "--repair", in: root)
            try assertConsistent(root)
            let path = try XCTUnwrap(try node(id: id, in: root)?.path)
            XCTAssertTrue(exists(String(path.dropLast(3)) + ".attrs.json", in: root), "round \(round): sidecar lost")
            let after = try appearance(id, in: root)
            XCTAssertEqual(after.text, before.text, "round \(round)")
            XCTAssertEqual(after.model, before.model, "round \(round): formatting changed")
        }
    }

    /// Removing the last formatting deletes the sidecar; a crash at any point is completed by the next command,
    /// deletion included.
    func testRemovingTheLastFormattingCompletesItsDeletionAfterEveryFaultPoint() throws {
        for fault in Self.faults {
            let root = try makeProject(name: "unformat-\(fault)")
            let document = try addDocument("Lamp", "The lamp went dark.\n", to: root)
            try expect(0, "format", "Lamp", "--match", "lamp", "--underline", in: root)
            let sidecar = String(document.path.dropLast(3)) + ".attrs.json"
            XCTAssertTrue(exists(sidecar, in: root))
            let result = try MsxRunner.spawn(["format", "Lamp", "--match", "lamp", "--no-underline"], in: root,
                                             environment: ["MSX_FAULT": fault])
            XCTAssertTrue(result.signalled, "format with MSX_FAULT=\(fault): exit \(result.exitCode)")
            try expect(0, "check", in: root)
            XCTAssertFalse(exists(sidecar, in: root), "\(fault): the emptied sidecar is still there")
            XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "single"), [], fault)
            try assertConsistent(root)
        }
    }

    /// Emptying the Trash removes files; after a crash the binder and the files agree: both still there (rolled
    /// back) or both gone (rolled forward), never files left without their binder entries.
    func testEmptyingTheTrashCompletesOrUndoesItsDeletionsAfterEveryFaultPoint() throws {
        for fault in Self.faults {
            let root = try makeProject(name: "empty-\(fault)")
            try addDocument("Old Draft", "Words to throw away.\n", to: root)
            try expect(0, "format", "Old Draft", "--match", "throw", "--underline", in: root)
            try expect(0, "trash", "Old Draft", in: root)
            let trashed = try node(titled: "Old Draft", in: root).path
            let sidecar = String(trashed.dropLast(3)) + ".attrs.json"
            let result = try MsxRunner.spawn(["trash", "--empty", "--yes"], in: root, environment: ["MSX_FAULT": fault])
            XCTAssertTrue(result.signalled, "trash --empty with MSX_FAULT=\(fault): exit \(result.exitCode)")
            let report = try expect(0, "check", "--json", in: root).json()
            let listed = try nodes(root).contains { $0.path == trashed }
            XCTAssertEqual(exists(trashed, in: root), listed, "\(fault): the file and the binder disagree")
            XCTAssertEqual(exists(sidecar, in: root), listed, "\(fault): the sidecar and the binder disagree")
            XCTAssertEqual(listed, fault != "committed", "\(fault): rolled the wrong way")
            XCTAssertEqual((report["findings"] as? [[String: Any]])?.count, 0, "\(fault): \(report)")
            try assertConsistent(root)
        }
    }
}
