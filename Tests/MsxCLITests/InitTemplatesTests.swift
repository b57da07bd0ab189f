import Foundation
import XCTest

/// `msx init` and `msx templates`.
final class InitTemplatesTests: MsxTestCase {
    static let templateNames = ["blank", "non-fiction", "novel", "screenplay", "short-story"]

    /// The ids of every node in a template's manifest, as shipped.
    private func templateIDs(_ template: String) throws -> Set<String> {
        let url = MsxRunner.templates.appendingPathComponent(template).appendingPathComponent("manuscript.json")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return Set(Node.flatten(json["binder"] as? [[String: Any]] ?? []).map(\.id))
    }

    func testTemplatesListsTheFive() throws {
        let text = try expect(0, "templates")
        for name in Self.templateNames {
            XCTAssertTrue(text.stdout.contains(name), "templates text lacks \(name): \(text.stdout)")
        }
        let json = try expect(0, "templates", "--json").json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        let names = (json["templates"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(Set(names), Set(Self.templateNames))
    }

    func testInitFromEveryTemplateGivesACheckedProjectWithFreshIDs() throws {
        for template in Self.templateNames {
            let root = try makeProject(template, name: template, title: "Book of \(template)")
            try expect(0, "check", in: root)
            let check = try expect(0, "check", "--json", in: root).json()
            XCTAssertEqual(check["schemaVersion"] as? Int, 1)
            XCTAssertEqual(check["ok"] as? Bool, true, "\(template): \(check)")

            let tree = try treeNodes(root)
            XCTAssertFalse(tree.isEmpty, "\(template): tree --json lists no nodes")
            XCTAssertEqual(Set(tree.filter { $0.depth == 0 }.compactMap { $0.fields["role"] as? String }),
                           ["draft", "research", "notes", "trash"], template)
            XCTAssertTrue(tree.contains { $0.kind == "document" }, "\(template) has no document")

            let manifest = try self.manifest(root)
            XCTAssertEqual(manifest["title"] as? String, "Book of \(template)")
            let raw = try read("manuscript.json", in: root)
            XCTAssertFalse(raw.contains("{{"), "\(template): placeholder left in manuscript.json")
            XCTAssertEqual((manifest["author"] as? [String: Any])?["name"] as? String, "Ada Lovelace")

            let shipped = try templateIDs(template)
            let ids = Set(try nodes(root).map(\.id))
            XCTAssertEqual(ids.intersection(shipped), [], "\(template): node ids copied from the template")
            let projectID = manifest["id"] as? String ?? ""
            XCTAssertNotNil(projectID.range(of: "^[0-9a-f]{12}$", options: .regularExpression), projectID)
        }
    }

    func testInitFillsTitleInMarkdownAndKeepsQuotesValid() throws {
        let root = try makeProject("non-fiction", title: #"The "Quoted" Book"#)
        XCTAssertEqual(try manifest(root)["title"] as? String, #"The "Quoted" Book"#)
        let page = try read("contents/draft/front-matter/title-page.md", in: root)
        XCTAssertTrue(page.contains(#"The "Quoted" Book"#), page)
        XCTAssertFalse(page.contains("{{"), page)
    }

    func testInitJSONReportsTheProject() throws {
        let json = try expect(0, "init", "b", "--template", "novel", "--title", "T", "--json").json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        XCTAssertEqual(json["template"] as? String, "novel")
        XCTAssertEqual((json["project"] as? [String: Any])?["title"] as? String, "T")
    }

    func testInitIntoANonEmptyFolderFailsAndWritesNothing() throws {
        let folder = scratch.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let before = snapshot(folder, includePrivate: true)
        try expect(1, "init", "taken", "--template", "novel")
        assertSameSnapshot(before, snapshot(folder, includePrivate: true))
        // Also from inside the folder, with no folder argument.
        try expect(1, "init", in: folder)
        assertSameSnapshot(before, snapshot(folder, includePrivate: true))
        assertJSONError(try msx("init", "taken", "--json"), 1)
    }

    func testInitWithAnUnknownTemplateFails() throws {
        try expect(1, "init", "x", "--template", "no-such-template")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("x/manuscript.json").path))
        assertJSONError(try msx("init", "y", "--template", "no-such-template", "--json"), 1)
    }

    func testInitFromAProjectFolderAsTemplate() throws {
        let source = try makeProject("short-story", name: "source")
        try addDocument("Extra Scene", "Words here.\n", to: source)
        let root = try makeProject(source.path, name: "copy")
        try expect(0, "check", in: root)
        XCTAssertEqual(try node(titled: "Extra Scene", in: root).path, "contents/draft/extra-scene.md")
    }

    /// A template's formatting follows the first edit made in another editor inside a formatted phrase: its
    /// sidecars are saved with the text they are anchored to.
    func testATemplatesFormattingFollowsTheFirstOutsideEdit() throws {
        let root = try makeProject("novel", name: "novel")
        let scene = "contents/draft/part-one/chapter-1/scene-1.md"
        let text = try read(scene, in: root)
        XCTAssertTrue(text.contains("the kettle argued with the stove"))
        try write(text.replacingOccurrences(of: "the kettle argued with the stove", with: "the old kettle argued loudly with the stove"),
                  to: scene, in: root)
        let check = try expect(0, "check", "--json", in: root).json()
        XCTAssertEqual((check["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }, ["stale-sidecar"], "\(check)")
        let shown = try expect(0, "show", scene, "--as", "json", in: root).stdout
        XCTAssertTrue(shown.contains("the old kettle argued loudly with the stove"), shown)
        XCTAssertTrue(shown.contains("underline"), "the underline is still there")
    }
}
