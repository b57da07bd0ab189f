import Foundation
import XCTest

/// `msx check` and `msx check --repair`.
final class CheckTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// The findings of `check --json`, asserting its exit status and shape.
    private func findings(_ root: URL, status: Int32 = 0, repair: Bool = false,
                          file: StaticString = #filePath, line: UInt = #line) throws -> (codes: [String], json: [String: Any]) {
        let arguments = ["check", "--json"] + (repair ? ["--repair"] : [])
        let result = try MsxRunner.run(arguments, in: root)
        assertExit(result, status, file: file, line: line)
        let json = result.json(file: file, line: line)
        XCTAssertEqual(json["schemaVersion"] as? Int, 1, file: file, line: line)
        XCTAssertEqual(json["ok"] as? Bool, status == 0, file: file, line: line)
        let list = json["findings"] as? [[String: Any]] ?? []
        return (list.compactMap { $0["code"] as? String }, json)
    }

    func testCleanProject() throws {
        let root = try makeProject("novel")
        XCTAssertEqual(try expect(0, "check", in: root).stdout, "ok\n")
        let (codes, json) = try findings(root)
        XCTAssertEqual(codes, [])
        XCTAssertEqual(json["errors"] as? Int, 0)
        XCTAssertEqual(json["warnings"] as? Int, 0)
    }

    func testMissingFileIsAnError() throws {
        let root = try makeProject()
        try FileManager.default.removeItem(at: root.appendingPathComponent("contents/draft/chapter-1.md"))
        let text = try expect(1, "check", in: root)
        XCTAssertTrue(text.stdout.contains("error"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Chapter 1"), text.stdout)
        let (codes, json) = try findings(root, status: 1)
        XCTAssertEqual(codes, ["missing-file"])
        XCTAssertEqual(json["errors"] as? Int, 1)
        // Nothing to re-attach it to: the error stays.
        XCTAssertEqual(try findings(root, status: 1, repair: true).codes, ["missing-file"])
    }

    func testStrayDocumentIsAWarningAndRepairAdoptsItWhereItLies() throws {
        let root = try makeProject()
        try write("Found in a drawer.\n", to: "contents/notes/found-notes.md", in: root)
        try write("{\n  \"formatVersion\": 1,\n  \"paragraphs\": []\n}\n", to: "contents/notes/found-notes.attrs.json", in: root)
        let text = try expect(0, "check", in: root)
        XCTAssertTrue(text.stdout.contains("warning"), text.stdout)
        XCTAssertTrue(text.stdout.contains("contents/notes/found-notes.md"), text.stdout)
        let (codes, json) = try findings(root)
        XCTAssertEqual(codes, ["not-in-binder"])
        XCTAssertEqual(json["warnings"] as? Int, 1)

        let repaired = try findings(root, repair: true).json
        XCTAssertEqual((repaired["repairs"] as? [String])?.count, 1, "\(repaired)")
        let notes = try node(titled: "Notes", in: root)
        let adopted = try XCTUnwrap(try nodes(root).first { $0.parentID == notes.id && $0.title == "Found notes" })
        XCTAssertEqual(adopted.path, "contents/notes/found-notes.md", "filed where it was found, its file untouched")
        XCTAssertEqual(try read(adopted.path, in: root), "Found in a drawer.\n")
        XCTAssertTrue(exists("contents/notes/found-notes.attrs.json", in: root), "its sidecar stays beside it")
        XCTAssertFalse(try nodes(root).contains { $0.title == "Recovered" })
        XCTAssertEqual(try findings(root).codes, [])
        try assertConsistent(root)
    }

    func testAStrayInAFolderTheBinderDoesNotHaveGoesToRecovered() throws {
        let root = try makeProject()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("contents/boxes"), withIntermediateDirectories: true)
        try write("Found in a box.\n", to: "contents/boxes/old.md", in: root)
        _ = try findings(root, repair: true)
        let folder = try node(titled: "Recovered", in: root)
        XCTAssertEqual(folder.depth, 0)
        let adopted = try XCTUnwrap(try nodes(root).first { $0.parentID == folder.id })
        XCTAssertEqual(try read(adopted.path, in: root), "Found in a box.\n")
        XCTAssertFalse(exists("contents/boxes/old.md", in: root))
        XCTAssertEqual(try findings(root).codes, [])
        try assertConsistent(root)
    }

    func testDocumentRenamedOutsideMsxIsReattachedWithItsID() throws {
        let root = try makeProject("novel")
        let scene = try node(titled: "Scene 2", in: root)
        XCTAssertEqual(scene.path, "contents/draft/part-one/chapter-1/scene-2.md")
        try expect(0, "tree", in: root)  // fills the count cache, which knows the text though no version does
        let folder = root.appendingPathComponent("contents/draft/part-one/chapter-1")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("scene-2.md"),
                                         to: folder.appendingPathComponent("the-refusal.md"))
        let (codes, _) = try findings(root, status: 0)
        XCTAssertEqual(codes, ["renamed-by-hand"])

        let repaired = try findings(root, repair: true).json
        XCTAssertFalse((repaired["repairs"] as? [String] ?? []).isEmpty)
        let reattached = try XCTUnwrap(try node(id: scene.id, in: root))
        XCTAssertEqual(reattached.path, "contents/draft/part-one/chapter-1/the-refusal.md")
        XCTAssertEqual(reattached.title, "Scene 2")
        let chapter = try XCTUnwrap(try nodes(root).first { $0.id == reattached.parentID })
        XCTAssertEqual(chapter.childTitles, ["Scene 1", "Scene 2"], "it keeps its place in the binder")
        XCTAssertEqual(reattached.fields["synopsis"] as? String, scene.fields["synopsis"] as? String)
        XCTAssertFalse(try nodes(root).contains { $0.title == "Recovered" }, "re-attached, not adopted")
        XCTAssertEqual(try findings(root).codes, [])
        try assertConsistent(root)
    }

    func testDocumentMovedToAnotherFolderIsReattachedAndItsSidecarFollows() throws {
        let root = try makeProject("novel")
        let old = "contents/draft/part-one/chapter-1/scene-1"
        let scene = try XCTUnwrap(try nodes(root).first { $0.path == old + ".md" })
        XCTAssertEqual(try runTexts(of: scene.id, in: root, where: "foregroundColor", is: "#8B0000"), ["the first wrong thing"])
        try FileManager.default.moveItem(at: root.appendingPathComponent(old + ".md"),
                                         to: root.appendingPathComponent("contents/draft/part-two/chapter-3/the-lamp.md"))
        XCTAssertEqual(try findings(root, status: 0).codes, ["renamed-by-hand"])
        _ = try findings(root, repair: true)
        let reattached = try XCTUnwrap(try node(id: scene.id, in: root))
        XCTAssertEqual(reattached.path, "contents/draft/part-two/chapter-3/the-lamp.md")
        XCTAssertEqual(try node(titled: "Chapter 3", in: root).childTitles.count, 2)
        XCTAssertTrue(exists("contents/draft/part-two/chapter-3/the-lamp.attrs.json", in: root))
        XCTAssertFalse(exists(old + ".attrs.json", in: root))
        XCTAssertEqual(try runTexts(of: scene.id, in: root, where: "foregroundColor", is: "#8B0000"), ["the first wrong thing"])
        XCTAssertEqual(try findings(root).codes, [])
        try assertConsistent(root)
    }

    func testLeftoverTemporaryFileIsRemovedByRepair() throws {
        let root = try makeProject()
        try write("half-written\n", to: "contents/draft/.chapter-1.md.ABCD1234.msx-tmp", in: root)
        XCTAssertEqual(try findings(root).codes, ["temporary-file"])
        _ = try findings(root, repair: true)
        XCTAssertFalse(exists("contents/draft/.chapter-1.md.ABCD1234.msx-tmp", in: root))
        XCTAssertEqual(try findings(root).codes, [])
    }

    func testDuplicateIDsAreAnError() throws {
        let root = try makeProject()
        let draft = try node(titled: "Draft", in: root)
        let chapter = try node(titled: "Chapter 1", in: root)
        let text = try read("manuscript.json", in: root)
        try write(text.replacingOccurrences(of: "\"\(chapter.id)\"", with: "\"\(draft.id)\""), to: "manuscript.json", in: root)
        let result = try MsxRunner.run(["check", "--json"], in: root)
        XCTAssertNotEqual(result.exitCode, 0, result.stdout)
    }

    /// A stray .md that is a symbolic link (perhaps leading outside) is never adopted; the rest of the repair
    /// goes through and the project stays usable.
    func testRepairLeavesSymlinkedStraysAlone() throws {
        let root = try makeProject()
        let outside = scratch.appendingPathComponent("outside.md")
        try Data("Outside words.\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("contents/notes/link.md").path,
                                                   withDestinationPath: outside.path)
        try write("A real stray.\n", to: "contents/notes/stray.md", in: root)
        try expect(0, "check", "--repair", in: root)
        try expect(0, "status", in: root)
        XCTAssertTrue(try expect(0, "tree", in: root).stdout.contains("Stray"))
        XCTAssertFalse(try expect(0, "tree", in: root).stdout.contains("link"))
    }
}
