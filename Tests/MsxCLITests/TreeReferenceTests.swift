import Foundation
import XCTest

/// `msx tree` / `msx ls` word counts, and how every command resolves a reference.
final class TreeReferenceTests: MsxTestCase {
    func testTreeCountsWordsIncludingCJK() throws {
        let root = try makeProject()
        try addDocument("Latin", "Hello, world! don't watch-room 3.14 —\n", to: root)  // 5 words
        try addDocument("CJK", "日本語 iPhone用\n", to: root)  // 3 + 2 words
        try addDocument("Marked", "# Title\n\n**Bold** and _it_.\n", to: root)  // markup adds nothing: 4 words
        let tree = try treeNodes(root)
        func words(_ title: String) -> Int? { tree.first { $0.title == title }?.words }
        XCTAssertEqual(words("Latin"), 5)
        XCTAssertEqual(words("CJK"), 5)
        XCTAssertEqual(words("Marked"), 4)
        let chapter = words("Chapter 1") ?? 0
        XCTAssertEqual(words("Draft"), chapter + 14, "a folder counts its documents")
        XCTAssertEqual(words("Trash"), 0)
    }

    func testTreeJSONShapeAndLsAlias() throws {
        let root = try makeProject("novel")
        let json = try expect(0, "tree", "--json", in: root).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        XCTAssertEqual((json["project"] as? [String: Any])?["title"] as? String, "Test Book")
        let binder = Node.flatten(json["binder"] as? [[String: Any]] ?? [])
        let draftWords = binder.filter { $0.depth == 0 && $0.fields["role"] as? String != "trash" }.compactMap(\.words)
        XCTAssertEqual(json["words"] as? Int, draftWords.reduce(0, +))
        for node in binder {
            XCTAssertNotNil(node.words, "\(node.title) has no word count")
            XCTAssertFalse(node.id.isEmpty)
        }
        let tree = try expect(0, "tree", in: root).stdout
        let ls = try expect(0, "ls", in: root).stdout
        XCTAssertEqual(tree, ls)
        XCTAssertTrue(tree.contains("Scene 1"), tree)
        XCTAssertTrue(tree.contains("words"), tree)
    }

    func testTreeCountChangesAfterAnOutsideEdit() throws {
        let root = try makeProject()
        let doc = try addDocument("Grow", "one two\n", to: root)
        XCTAssertEqual(try treeNodes(root).first { $0.title == "Grow" }?.words, 2)
        try write("one two three four five six seven\n", to: doc.path, in: root)
        XCTAssertEqual(try treeNodes(root).first { $0.title == "Grow" }?.words, 7)
    }

    /// Found by the corruption soak: a word count changed in the cache (a flipped digit is still a number) was shown
    /// by `tree` and added into its folder; the cache's checksum no longer matches, so it is counted again.
    func testADamagedWordCountCacheIsNotBelieved() throws {
        let root = try makeProject()
        try addDocument("Grow", "one two three\n", to: root)
        XCTAssertEqual(try treeNodes(root).first { $0.title == "Grow" }?.words, 3)
        let cache = ".msx/cache/counts"
        // SIZE SECONDS NANOSECONDS WORDS HASH PATH: the count of the document's line, 3, becomes 9.
        let lines = try read(cache, in: root).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 6, fields[5].hasSuffix("grow.md") { fields[3] = fields[3] == "3" ? "9" : "?" }
            return fields.joined(separator: "\t")
        }
        let damaged = lines.joined(separator: "\n")
        XCTAssertTrue(damaged.contains("\t9\t"), "the cache should hold the count: \(damaged)")
        try write(damaged, to: cache, in: root)
        XCTAssertEqual(try treeNodes(root).first { $0.title == "Grow" }?.words, 3)
        XCTAssertFalse(try read(cache, in: root).contains("\t9\t"), "the damaged cache should have been written again")
    }

    /// A project with two documents titled "Scene" and one "Storm Night".
    private func referenceProject() throws -> (root: URL, storm: (id: String, path: String)) {
        let root = try makeProject()
        let storm = try addDocument("Storm Night", "The storm.\n", to: root)
        try expect(0, "new", "Part A", "--folder", in: root)
        try expect(0, "new", "Scene", in: root)
        try expect(0, "new", "Scene", "--in", "Part A", in: root)
        return (root, storm)
    }

    func testReferencesByIDPrefixTitleAndPath() throws {
        let (root, storm) = try referenceProject()
        // A prefix unique to this node (ids are random, so find the shortest one that is).
        let others = try nodes(root).map(\.id).filter { $0 != storm.id }
        let length = (4...12).first { n in !others.contains { $0.hasPrefix(storm.id.prefix(n)) } } ?? 12
        for reference in [storm.id, String(storm.id.prefix(length)), "storm night", "STORM NIGHT", storm.path] {
            let shown = try expect(0, "show", reference, in: root)
            XCTAssertEqual(shown.stdout, "The storm.\n", "reference \(reference)")
        }
    }

    func testAmbiguousTitleListsCandidates() throws {
        let (root, _) = try referenceProject()
        let scenes = try nodes(root).filter { $0.title == "Scene" }
        XCTAssertEqual(scenes.count, 2)
        let result = try expect(1, "show", "scene", in: root)
        for scene in scenes {
            XCTAssertTrue(result.stderr.contains(scene.id), "candidate \(scene.id) not listed: \(result.stderr)")
        }
        let message = assertJSONError(try msx("meta", "Scene", "--json", in: root), 1)
        XCTAssertTrue(message.contains(scenes[0].path) || message.contains(scenes[0].id), message)
        // Each one is reachable by its path.
        for scene in scenes { try expect(0, "meta", scene.path, in: root) }
    }

    func testUnknownReferenceFails() throws {
        let (root, _) = try referenceProject()
        for command in [["show", "Nope"], ["meta", "Nope"], ["mv", "Nope", "--into", "Notes"], ["rename", "Nope", "X"],
                        ["trash", "Nope"], ["format", "Nope", "--paragraph", "1", "--bold"], ["edit", "Nope"]] {
            let result = try MsxRunner.run(command, in: root)
            assertExit(result, 1)
            XCTAssertTrue(result.stderr.contains("Nope"), "\(command): \(result.stderr)")
        }
        assertJSONError(try msx("show", "contents/draft/nope.md", "--json", in: root), 1)
    }

    func testShowOfAFolderIsRefused() throws {
        let (root, _) = try referenceProject()
        assertJSONError(try msx("show", "Part A", "--json", in: root), 1)
    }
}
