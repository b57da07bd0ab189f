import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

final class ProjectTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func makeProject(template: String = "novel") throws -> Project {
        let creator = ProjectCreator(templateFolders: [packageRoot.appendingPathComponent("templates")])
        return try creator.create(
            at: folder.appendingPathComponent("book"), from: try creator.locate(template, relativeTo: folder),
            details: .init(title: "The \"Lighthouse\"", author: "Ada", date: "2026-11-22"))
    }

    func testInitGivesNewIdsAndFillsPlaceholders() throws {
        let project = try makeProject()
        let template = try Manifest(json: String(contentsOf: packageRoot.appendingPathComponent("templates/novel/manuscript.json"), encoding: .utf8))
        XCTAssertEqual(project.manifest.title, "The \"Lighthouse\"")
        XCTAssertTrue(Set(project.manifest.entries.map(\.node.id)).isDisjoint(with: Set(template.entries.map(\.node.id))))
        XCTAssertEqual(project.manifest.entries.count, template.entries.count)
        XCTAssertNotNil(project.manifest.roleFolder("trash"))
    }

    func testReferencesByIdPrefixTitleAndPath() throws {
        let project = try makeProject()
        let node = project.manifest.entries.first { $0.node.title == "Setting" }!.node
        let resolver = project.references()
        XCTAssertEqual(try resolver.resolve(node.id).id, node.id)
        XCTAssertEqual(try resolver.resolve(String(node.id.prefix(6))).id, node.id)
        XCTAssertEqual(try resolver.resolve("setting").id, node.id)
        XCTAssertEqual(try resolver.resolve(node.path).id, node.id)
        XCTAssertEqual(try resolver.resolve(String(node.path.dropFirst("contents/".count).dropLast(3))).id, node.id)
        XCTAssertThrowsError(try resolver.resolve("Scene 1")) { XCTAssertEqual(($0 as? MsxError)?.code, .ambiguousReference) }
        XCTAssertThrowsError(try resolver.resolve("No such thing")) { XCTAssertEqual(($0 as? MsxError)?.code, .unknownReference) }
    }

    func testRenameMovesTheFileAndSidecarAndKeepsTheId() throws {
        var editor = BinderEditor(project: try makeProject())
        let scene = editor.project.manifest.entries.first { $0.node.sidecarPath != nil && FileManager.default.fileExists(atPath: editor.project.root.appendingPathComponent($0.node.sidecarPath!).path) }!.node
        let change = try editor.rename(scene, to: "The Dark Lamp")
        let renamed = change.nodes[0]
        XCTAssertEqual(renamed.id, scene.id)
        XCTAssertTrue(renamed.path.hasSuffix("/the-dark-lamp.md"))
        let root = editor.project.root
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(renamed.path).path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(renamed.sidecarPath!).path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(scene.path).path))
        let reopened = try Project(root: root)
        XCTAssertEqual(reopened.manifest.node(id: scene.id)?.title, "The Dark Lamp")
    }

    func testTrashAndUntrashReturnsToTheOriginalFolder() throws {
        var editor = BinderEditor(project: try makeProject())
        let setting = editor.project.manifest.entries.first { $0.node.title == "Setting" }!
        _ = try editor.trash(setting.node)
        XCTAssertTrue(editor.project.manifest.isTrashed(setting.node.id))
        _ = try editor.untrash(editor.project.manifest.node(id: setting.node.id)!)
        let back = editor.project.manifest.entries.first { $0.node.id == setting.node.id }!
        XCTAssertEqual(back.parentID, setting.parentID)
        XCTAssertEqual(back.node.path, setting.node.path)
    }

    func testAnInterruptedCommandRollsBackBeforeTheManifestCommitAndForwardAfter() throws {
        let project = try makeProject()
        let root = project.root
        let paths = ProjectPaths(root: root)
        let node = project.manifest.entries.first { $0.node.title == "Setting" }!.node
        let target = "contents/research/elsewhere.md"
        // Crash after the move, before the manifest rename: the staged manifest still exists -> roll back.
        try FileManager.default.moveItem(at: root.appendingPathComponent(node.path), to: root.appendingPathComponent(target))
        let staged = "manuscript.json.staged.msx-tmp"
        try "{}".write(to: root.appendingPathComponent(staged), atomically: true, encoding: .utf8)
        try writeJournal(root, moves: [(node.path, target)], manifestStaged: staged)
        XCTAssertEqual(try FileTransaction.recover(paths: paths), .rolledBack)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(node.path).path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(staged).path))
        // Crash after the manifest rename, before the move finished: roll forward.
        try writeJournal(root, moves: [(node.path, target)], manifestStaged: "gone.msx-tmp")
        XCTAssertEqual(try FileTransaction.recover(paths: paths), .completed)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path))
        XCTAssertNil(try FileTransaction.recover(paths: paths))
    }

    func testPathsEscapingTheProjectAreRefused() throws {
        let project = try makeProject()
        let paths = ProjectPaths(root: project.root)
        for bad in ["../x.md", "/etc/passwd", "contents/../../x", "contents//x.md", "contents/./x.md"] {
            XCTAssertThrowsError(try paths.url(bad)) { XCTAssertEqual(($0 as? MsxError)?.code, .pathEscapesProject) }
        }
        try FileManager.default.createSymbolicLink(atPath: project.root.appendingPathComponent("contents/out").path, withDestinationPath: folder.path)
        XCTAssertThrowsError(try paths.url("contents/out/x.md"))
    }

    func testOutlineBecomesFoldersAndDocuments() throws {
        let items = Outline.parse("""
            # Part One
            The beginning.

            - Chapter 1

              Mara arrives.
            - Chapter 2
            # Part Two
            - Chapter 3
              - Scene A
            """)
        XCTAssertEqual(items.map(\.node.title), ["Part One", "Part Two"])
        XCTAssertEqual(items[0].node.synopsis, "The beginning.")
        XCTAssertEqual(items[0].children.map(\.node.title), ["Chapter 1", "Chapter 2"])
        XCTAssertEqual(items[0].children[0].node.synopsis, "Mara arrives.")
        XCTAssertEqual(items[1].children[0].children.map(\.node.title), ["Scene A"])
    }

    private func writeJournal(_ root: URL, moves: [(String, String)], manifestStaged: String) throws {
        let journal: JSONValue = [
            "moves": .array(moves.map { ["from": .string($0.0), "to": .string($0.1)] }), "writes": [], "deletions": [],
            "manifest": ["target": "manuscript.json", "staged": .string(manifestStaged)],
        ]
        try FileIO.writeAtomically(Data(JSONWriter.string(journal).utf8), to: root.appendingPathComponent(".msx/journal.json"))
    }
}
