import Foundation
import XCTest

/// A binder node as read from `manuscript.json` or `tree --json`, with its nesting.
struct Node {
    var fields: [String: Any]
    var depth: Int
    var parentID: String?

    var id: String { fields["id"] as? String ?? "" }
    var title: String { fields["title"] as? String ?? "" }
    var path: String { fields["path"] as? String ?? "" }
    var kind: String { fields["kind"] as? String ?? "" }
    var children: [[String: Any]] { fields["children"] as? [[String: Any]] ?? [] }
    var childTitles: [String] { children.map { $0["title"] as? String ?? "" } }
    var words: Int? { fields["words"] as? Int }
    var synopsis: String? { fields["synopsis"] as? String }

    /// Every node of a binder array, depth first in binder order.
    static func flatten(_ binder: [[String: Any]], depth: Int = 0, parentID: String? = nil) -> [Node] {
        binder.flatMap { fields -> [Node] in
            let node = Node(fields: fields, depth: depth, parentID: parentID)
            return [node] + flatten(node.children, depth: depth + 1, parentID: node.id)
        }
    }
}

extension MsxTestCase {
    /// `manuscript.json` parsed.
    func manifest(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("manuscript.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], file: file, line: line)
    }

    /// Every node of the manifest's binder, in binder order.
    func nodes(_ root: URL) throws -> [Node] {
        Node.flatten(try manifest(root)["binder"] as? [[String: Any]] ?? [])
    }

    /// The only node with this title (fails when there is not exactly one).
    func node(titled title: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> Node {
        let matches = try nodes(root).filter { $0.title == title }
        XCTAssertEqual(matches.count, 1, "nodes titled '\(title)'", file: file, line: line)
        return try XCTUnwrap(matches.first, file: file, line: line)
    }

    /// The node with this id, if any.
    func node(id: String, in root: URL) throws -> Node? {
        try nodes(root).first { $0.id == id }
    }

    /// The nodes of `tree --json`, with their word counts.
    func treeNodes(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [Node] {
        let json = try expect(0, "tree", "--json", in: root, file: file, line: line).json(file: file, line: line)
        XCTAssertEqual(json["schemaVersion"] as? Int, 1, file: file, line: line)
        return Node.flatten(json["binder"] as? [[String: Any]] ?? [])
    }

    /// Asserts the binder and the files agree: every document's `.md` exists, no `.md` under `contents/` is
    /// missing from the binder, no journal is left over, and (unless `allowStaged`: a write killed before its
    /// journal leaves one, which `check --repair` removes) no staged `*.msx-tmp` file outside `.msx/`.
    func assertConsistent(_ root: URL, allowStaged: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let all = try nodes(root)
        let documents = Set(all.filter { $0.kind == "document" }.map(\.path))
        for path in documents.sorted() {
            XCTAssertTrue(exists(path, in: root), "binder document \(path) has no file", file: file, line: line)
        }
        let files = snapshot(root, includePrivate: true).keys
        let notes = Set(documents.map { String($0.dropLast(3)) + ".notes.md" })
        let strays = files.filter { $0.hasPrefix("contents/") && $0.hasSuffix(".md") && !documents.contains($0) && !notes.contains($0) }
        XCTAssertEqual(strays.sorted(), [], ".md files not in the binder", file: file, line: line)
        if !allowStaged {
            let staged = files.filter { $0.hasSuffix(".msx-tmp") && !$0.hasPrefix(".msx/") }
            XCTAssertEqual(staged.sorted(), [], "leftover staged files", file: file, line: line)
        }
        XCTAssertFalse(files.contains(".msx/journal.json"), "journal left behind", file: file, line: line)
        XCTAssertEqual(Set(all.map(\.id)).count, all.count, "duplicate ids", file: file, line: line)
    }

    /// The paragraphs of `show --as json` (text and resolved attributes).
    func paragraphs(of reference: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let json = try expect(0, "show", reference, "--as", "json", in: root, file: file, line: line).json(file: file, line: line)
        XCTAssertEqual(json["schemaVersion"] as? Int, 1, file: file, line: line)
        return json["paragraphs"] as? [[String: Any]] ?? []
    }

    /// The runs of `show --as json` whose character attribute `key` equals `value`, as their texts.
    func runTexts(of reference: String, in root: URL, where key: String, is value: String,
                  file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try paragraphs(of: reference, in: root, file: file, line: line).flatMap { paragraph in
            (paragraph["runs"] as? [[String: Any]] ?? []).compactMap { run in
                ((run["attributes"] as? [String: Any])?[key] as? String) == value ? run["text"] as? String : nil
            }
        }
    }
}

/// A JSON number as a Double, whether the parser produced an integer, a double or an NSNumber.
func jsonNumber(_ value: Any?) -> Double? {
    switch value {
    case let int as Int: return Double(int)
    case let double as Double: return double
    case let number as NSNumber: return number.doubleValue
    default: return nil
    }
}
