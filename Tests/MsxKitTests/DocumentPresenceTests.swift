import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel
@testable import MsxProject

/// `hasMissingDocument`, which skips `fileStatus`'s checks for files found where the binder says, against
/// `isMissingDocument` asked of every entry: the same answer whatever happened to the files and folders behind msx's
/// back, and a file whose name is another spelling of the document's (equal as Swift strings) is not its file.
final class DocumentPresenceTests: SeededTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testAProjectWithEveryFileInPlaceMissesNone() throws {
        let root = try makeProject(named: "whole", folders: 3, documentsPerFolder: 4)
        XCTAssertFalse(try Project(root: root).hasMissingDocument())
    }

    /// Swift's strings call the two spellings of `é` equal; the file system does not, and neither does lstat(2).
    func testAFileWhoseNameIsSpelledWithACombiningAccentIsNotTheDocuments() throws {
        let root = try makeProject(named: "accent", folders: 1, documentsPerFolder: 1, name: { _, _ in "caf\u{E9}" })
        let path = root.appendingPathComponent("contents/part-0/caf\u{E9}.md").path
        XCTAssertEqual(rename(path, root.appendingPathComponent("contents/part-0").path + "/cafe\u{301}.md"), 0)
        XCTAssertTrue(try missesAFileByLstat(root))
        XCTAssertTrue(try Project(root: root).hasMissingDocument())
    }

    /// The Kelvin sign is `K` to Swift's strings: a file named with it is not the document named with the letter.
    func testAFileWhoseNameIsTheKelvinSignIsNotTheDocumentNamedK() throws {
        let root = try makeProject(named: "kelvin", folders: 1, documentsPerFolder: 1, name: { _, _ in "K" })
        let folder = root.appendingPathComponent("contents/part-0").path
        XCTAssertEqual(rename(folder + "/K.md", folder + "/\u{212A}.md"), 0)
        XCTAssertTrue(try missesAFileByLstat(root))
        XCTAssertTrue(try Project(root: root).hasMissingDocument())
    }

    func testFilesAndFoldersChangedByHandGiveTheAnswerOfAnLstatOfEachFile() throws {
        var random = seededGenerator(4127)
        var answers: [Bool: Int] = [:]
        for round in 0..<scaled(40) {
            let root = try makeProject(named: "round-\(round)", folders: 3, documentsPerFolder: 5,
                                       name: { f, d in (f + d) % 3 == 0 ? "caf\u{E9}-\(d)" : "scene-\(d)" })
            try disturb(try Project(root: root), random: &random)
            // Each answer from a project opened afresh: neither sees folders the other already looked at.
            let expected = try missesAFileByLstat(root)
            XCTAssertEqual(try Project(root: root).hasMissingDocument(), expected, "round \(round)")
            answers[expected, default: 0] += 1
        }
        // Both answers came up, so each was checked.
        XCTAssertGreaterThan(answers[true] ?? 0, 0)
        XCTAssertGreaterThan(answers[false] ?? 0, 0)
    }

    /// What a writer, a file manager or a sync tool may do to a project's files: each document's file kept,
    /// deleted, made a link (inside, outside, to nothing) or a folder, renamed to the other spelling of its accent;
    /// each folder kept, deleted, or moved (inside or outside) with a link left where it was.
    private func disturb(_ project: Project, random: inout SeededGenerator) throws {
        let files = FileManager.default
        let outside = folder.appendingPathComponent("outside-\(random.next())")
        try files.createDirectory(at: outside, withIntermediateDirectories: true)
        try "far away".write(to: outside.appendingPathComponent("far.md"), atomically: true, encoding: .utf8)
        // Most documents are left alone, so that a round often misses nothing.
        let keep = Int.random(in: 0...1, using: &random) == 0
        for node in project.manifest.entries.map(\.node) where node.kind == .document && !keep && Int.random(in: 0..<4, using: &random) == 0 {
            let path = project.root.appendingPathComponent(node.path).path
            let sibling = (path as NSString).deletingLastPathComponent + "/sibling.md"
            try? "beside".write(toFile: sibling, atomically: true, encoding: .utf8)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: unlink(path)
            case 1: unlink(path); symlink(sibling, path)
            case 2: unlink(path); symlink(outside.appendingPathComponent("far.md").path, path)
            case 3: unlink(path); symlink(path + ".nowhere", path)
            case 4: unlink(path); mkdir(path, 0o755)
            default: rename(path, path.precomposedStringWithCanonicalMapping == path ? path.decomposedStringWithCanonicalMapping : path)
            }
        }
        for node in project.manifest.entries.map(\.node) where node.kind == .folder && node.path.hasPrefix("contents/part")
            && !keep && Int.random(in: 0..<4, using: &random) == 0 {
            let path = project.root.appendingPathComponent(node.path).path
            switch Int.random(in: 0..<3, using: &random) {
            case 0: try files.removeItem(atPath: path)
            case 1:
                let moved = outside.appendingPathComponent(node.slug).path
                try files.moveItem(atPath: path, toPath: moved)
                symlink(moved, path)
            default:
                let moved = project.root.appendingPathComponent("contents/moved-\(node.slug)").path
                try files.moveItem(atPath: path, toPath: moved)
                symlink(moved, path)
            }
        }
    }

    private func missesAFileByLstat(_ root: URL) throws -> Bool {
        let project = try Project(root: root)
        return project.manifest.entries.contains(where: project.isMissingDocument)
    }

    /// A project whose binder lists `folders` folders of `documentsPerFolder` documents each, every file written.
    private func makeProject(named name: String, folders: Int, documentsPerFolder: Int,
                             name documentName: (Int, Int) -> String = { _, d in "scene-\(d)" }) throws -> URL {
        let creator = ProjectCreator(templateFolders: [packageRoot.appendingPathComponent("templates")])
        let created = try creator.create(at: folder.appendingPathComponent(name), from: try creator.locate("novel", relativeTo: folder),
                                         details: .init(title: "Presence", author: "Ada", date: "2026-11-30"))
        var manifest = created.manifest
        for f in 0..<folders {
            var part = BinderNode(id: String(format: "%012x", 0xF000 + f), kind: .folder, title: "Part \(f)", path: "contents/part-\(f)")
            for d in 0..<documentsPerFolder {
                let path = "\(part.path)/\(documentName(f, d)).md"
                part.children.append(BinderNode(id: String(format: "%012x", 0xD000 + f * 100 + d), kind: .document, title: "Scene \(f).\(d)", path: path))
                try FileManager.default.createDirectory(at: created.root.appendingPathComponent(part.path), withIntermediateDirectories: true)
                try "Words of scene \(f).\(d).\n".write(to: created.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
            }
            manifest.binder.append(part)
        }
        try manifest.json.write(to: created.root.appendingPathComponent(Manifest.fileName), atomically: true, encoding: .utf8)
        return created.root
    }
}
