import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// The binder's three-way merge by node id. Random edits on both sides to different nodes (metadata,
/// keywords, documents added, deleted and moved): every edit of either side is in the result, and merging the other
/// way round gives the same nodes, fields and folders (only the order of new siblings may differ).
final class ManifestMergeTests: SeededTestCase {
    private func base(documents: Int) throws -> Manifest {
        let docs = (0..<documents).map { i in
            "{\"id\": \"d\(i)\", \"kind\": \"document\", \"title\": \"Doc \(i)\", \"path\": \"contents/draft/doc-\(i).md\"}"
        }
        let folders = """
            {"id": "draft", "kind": "folder", "title": "Draft", "path": "contents/draft", "role": "draft", "children": [\(docs.joined(separator: ","))]},
            {"id": "notes", "kind": "folder", "title": "Notes", "path": "contents/notes", "role": "notes"}
            """
        return try Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"title\": \"T\", \"author\": {\"name\": \"A\"}, \"binder\": [\(folders)]}")
    }

    /// Applies random edits to the documents `ids` of `manifest`; returns what must survive: id -> (status, keyword,
    /// parent) expected, or nil for a deleted document.
    private func edit(_ manifest: inout Manifest, _ ids: [String], side: String, random: inout SeededGenerator) -> [String: (String?, String?, String)?] {
        var expected: [String: (String?, String?, String)?] = [:]
        for id in ids {
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                manifest.update(id) { $0.status = "Status \(side)" }
                expected[id] = ("Status \(side)", nil, "draft")
            case 1:
                manifest.update(id) { $0.keywords.append("kw-\(side)") }
                expected[id] = (nil, "kw-\(side)", "draft")
            case 2:
                _ = manifest.remove(id)
                expected[id] = .some(nil)
            case 3:
                if let node = manifest.remove(id) { manifest.insert(node, into: "notes") }
                expected[id] = (nil, nil, "notes")
            default:
                let new = BinderNode(id: "\(side)-\(id)", kind: .document, title: "New \(side) \(id)", path: "contents/draft/new-\(side)-\(id).md")
                manifest.insert(new, into: "draft", at: Int.random(in: 0...(manifest.node(id: "draft")?.children.count ?? 0), using: &random))
                expected[new.id] = (nil, nil, "draft")
            }
        }
        return expected
    }

    private func facts(_ manifest: Manifest) -> [String: String] {
        var result: [String: String] = [:]
        for entry in manifest.entries {
            result[entry.node.id] = "\(entry.parentID ?? "-") \(entry.node.status ?? "-") \(entry.node.keywords.sorted()) \(entry.node.path)"
        }
        return result
    }

    func testEditsOfBothSidesSurviveAndTheMergeIsSymmetric() throws {
        var random = seededGenerator(13)
        for round in 0..<scaled(200) {
            let common = try base(documents: 12)
            let ids = (0..<12).map { "d\($0)" }.shuffled(using: &random)
            var ours = common, theirs = common
            let mine = edit(&ours, Array(ids[0..<5]), side: "a", random: &random)
            let other = edit(&theirs, Array(ids[5..<10]), side: "b", random: &random)
            let merged = try ManifestMerge.merge(base: common, ours: ours, theirs: theirs)
            let swapped = try ManifestMerge.merge(base: common, ours: theirs, theirs: ours)
            XCTAssertEqual(facts(merged.manifest), facts(swapped.manifest), "round \(round)")
            XCTAssertTrue(merged.conflicts.isEmpty && merged.kept.isEmpty, "round \(round): \(merged.conflicts) \(merged.kept)")
            for (id, expectation) in mine.merging(other, uniquingKeysWith: { a, _ in a }) {
                let node = merged.manifest.node(id: id)
                guard let (status, keyword, parent) = expectation else {
                    XCTAssertNil(node, "round \(round): \(id) was deleted")
                    continue
                }
                XCTAssertNotNil(node, "round \(round): \(id) lost")
                if let status { XCTAssertEqual(node?.status, status, "round \(round)") }
                if let keyword { XCTAssertTrue(node?.keywords.contains(keyword) == true, "round \(round)") }
                XCTAssertEqual(merged.manifest.entries.first { $0.node.id == id }?.parentID, parent, "round \(round): \(id)")
            }
            // Untouched documents are as they were.
            for id in ids[10...] { XCTAssertEqual(merged.manifest.node(id: id), common.node(id: id), "round \(round)") }
        }
    }

    func testAFieldBothSidesChangedKeepsThisSidesValueAndSaysSo() throws {
        let common = try base(documents: 2)
        var ours = common, theirs = common
        ours.update("d0") { $0.status = "Mine" }
        theirs.update("d0") { $0.status = "Theirs" }
        _ = theirs.remove("d1")
        ours.update("d1") { $0.synopsis = "Changed here" }
        let merged = try ManifestMerge.merge(base: common, ours: ours, theirs: theirs)
        XCTAssertEqual(merged.manifest.node(id: "d0")?.status, "Mine")
        XCTAssertEqual(merged.conflicts, ["'Doc 0': status changed on both sides; kept this side's"])
        XCTAssertEqual(merged.manifest.node(id: "d1")?.synopsis, "Changed here", "a changed document is never dropped")
        XCTAssertEqual(merged.kept, ["'Doc 1' was deleted there and changed here: kept"])
    }

    /// A document renamed on one side and moved on the other is both, in its merged folder; two documents both
    /// sides added under one name in one folder get different files, the same ones either way round.
    func testPathsFollowTheMergedFolderAndNeverCollide() throws {
        let base = try base(documents: 2)
        var ours = base, theirs = base
        ours.update("d0") { $0.title = "Storm"; $0.path = "contents/draft/storm.md" }
        if let node = theirs.remove("d0") { theirs.insert(node, into: "notes") }
        theirs.update("d0") { $0.path = "contents/notes/doc-0.md" }
        ours.insert(BinderNode(id: "n1", kind: .document, title: "Calm", path: "contents/draft/calm.md"), into: "draft")
        theirs.insert(BinderNode(id: "n2", kind: .document, title: "Calm", path: "contents/draft/calm.md"), into: "draft")
        for (mine, other) in [(ours, theirs), (theirs, ours)] {
            let merged = try ManifestMerge.merge(base: base, ours: mine, theirs: other).manifest
            XCTAssertEqual(merged.node(id: "d0")?.path, "contents/notes/storm.md")
            XCTAssertEqual(merged.node(id: "n1")?.path, "contents/draft/calm.md")
            XCTAssertEqual(merged.node(id: "n2")?.path, "contents/draft/calm-2.md")
            XCTAssertNil(merged.conflict)
        }
    }
}
