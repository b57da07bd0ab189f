import Foundation
import XCTest

/// `msx meta`: showing and setting a node's metadata.
final class MetaTests: MsxTestCase {
    /// The node as `meta --json` reports it.
    private func metaJSON(_ reference: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let json = try expect(0, "meta", reference, "--json", in: root, file: file, line: line).json(file: file, line: line)
        XCTAssertEqual(json["schemaVersion"] as? Int, 1, file: file, line: line)
        return json["node"] as? [String: Any] ?? [:]
    }

    func testShowMetadataAsTextAndJSON() throws {
        let root = try makeProject("novel")
        let text = try expect(0, "meta", "contents/draft/part-one/chapter-1/scene-1.md", in: root).stdout
        XCTAssertTrue(text.contains("Scene 1"), text)
        XCTAssertTrue(text.contains("First Draft"), text)
        XCTAssertTrue(text.contains("harbour"), text)
        let node = try metaJSON("contents/draft/part-one/chapter-1/scene-1.md", in: root)
        XCTAssertEqual(node["status"] as? String, "First Draft")
        XCTAssertEqual(node["label"] as? String, "Scene")
        XCTAssertEqual(node["keywords"] as? [String], ["harbour", "lighthouse"])
        XCTAssertEqual(node["target"] as? Int, 1500)
        XCTAssertEqual((node["custom"] as? [String: String])?["pov"], "Nell")
        XCTAssertEqual(node["kind"] as? String, "document")
        XCTAssertEqual(try metaJSON("Draft", in: root)["kind"] as? String, "folder")
    }

    func testSetEveryField() throws {
        let root = try makeProject()
        let json = try expect(0, "meta", "Chapter 1", "--synopsis", "It begins.", "--label", "Chapter", "--status", "Revised",
                              "--add-keyword", "sea", "--add-keyword", "night", "--target", "2500", "--exclude",
                              "--set", "pov=Mara", "--set", "formula=a=b", "--json", in: root).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        XCTAssertFalse((json["changes"] as? [String] ?? []).isEmpty)
        let node = try metaJSON("Chapter 1", in: root)
        XCTAssertEqual(node["synopsis"] as? String, "It begins.")
        XCTAssertEqual(node["label"] as? String, "Chapter")
        XCTAssertEqual(node["status"] as? String, "Revised")
        XCTAssertEqual(node["keywords"] as? [String], ["sea", "night"])
        XCTAssertEqual(node["target"] as? Int, 2500)
        XCTAssertEqual(node["includeInCompile"] as? Bool, false)
        XCTAssertEqual(node["custom"] as? [String: String], ["pov": "Mara", "formula": "a=b"])
        // The manifest holds it too, in the documented form.
        let stored = try self.node(titled: "Chapter 1", in: root).fields
        XCTAssertEqual(stored["includeInCompile"] as? Bool, false)
        XCTAssertEqual(stored["target"] as? Int, 2500)
        XCTAssertTrue(try expect(0, "tree", in: root).stdout.contains("not compiled"))
    }

    func testUnsetAndClear() throws {
        let root = try makeProject()
        try expect(0, "meta", "Chapter 1", "--synopsis", "S", "--label", "Chapter", "--status", "Final",
                   "--add-keyword", "a", "--add-keyword", "b", "--target", "10", "--exclude", "--set", "k=v",
                   "--set", "keep=1", in: root)
        try expect(0, "meta", "Chapter 1", "--remove-keyword", "a", "--unset", "k", "--include", "--target", "0",
                   "--synopsis", "", "--label", "", "--status", "", in: root)
        let node = try metaJSON("Chapter 1", in: root)
        XCTAssertEqual(node["keywords"] as? [String], ["b"])
        XCTAssertEqual(node["custom"] as? [String: String], ["keep": "1"])
        XCTAssertEqual(node["includeInCompile"] as? Bool, true)
        XCTAssertTrue(node["target"] is NSNull, "\(node)")
        XCTAssertTrue(node["synopsis"] is NSNull, "\(node)")
        XCTAssertTrue(node["label"] is NSNull, "\(node)")
        XCTAssertTrue(node["status"] is NSNull, "\(node)")
        // Cleared fields are omitted from the manifest, not written as null or defaults.
        let stored = try self.node(titled: "Chapter 1", in: root).fields
        for key in ["synopsis", "label", "status", "target", "includeInCompile"] {
            XCTAssertNil(stored[key], "manuscript.json still has \(key): \(stored)")
        }
    }

    func testMetaOnFolders() throws {
        let root = try makeProject()
        try expect(0, "meta", "Research", "--synopsis", "Background", "--add-keyword", "lore", in: root)
        let folder = try node(titled: "Research", in: root)
        XCTAssertEqual(folder.synopsis, "Background")
        XCTAssertEqual(folder.fields["keywords"] as? [String], ["lore"])
    }

    func testMetaUsageErrors() throws {
        let root = try makeProject()
        let before = snapshot(root)
        try expect(64, "meta", "Chapter 1", "--set", "novalue", in: root)
        try expect(64, "meta", "Chapter 1", "--set", "=x", in: root)
        try expect(64, "meta", "Chapter 1", "--include", "--exclude", in: root)
        try expect(64, "meta", "Chapter 1", "--target", "many", in: root)
        try expect(64, "meta", in: root)
        assertSameSnapshot(before, snapshot(root))
    }
}
