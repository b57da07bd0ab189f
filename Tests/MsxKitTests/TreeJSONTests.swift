import MsxTestSupport
import XCTest
@testable import MsxActions
@testable import MsxModel
@testable import MsxProject

/// `tree --json` writes its report node by node (`TreeReport.writeJSON`); the bytes must be the ones the general
/// path writes (the report encoded to a `JSONValue`, then `JSONWriter`), which every other report takes: checked on
/// random binders with every member set, unset, escaped and nested.
final class TreeJSONTests: SeededTestCase {
    func testTheStreamedTreeIsTheGeneralWritersText() throws {
        var random = seededGenerator(4141)
        let texts = ["Storm", "", "A \"quoted\" title", "Line\nbreak", "Café ☕︎", "tab\there", "back\\slash", "日本語", "\u{1}"]
        func text() -> String { texts.randomElement(using: &random)! }
        func maybe() -> String? { Bool.random(using: &random) ? text() : nil }
        var next = 0
        func counted(depth: Int) -> CountedNode {
            next += 1
            let folder = depth < 3 && Int.random(in: 0..<3, using: &random) == 0
            var node = BinderNode(id: "id\(next)", kind: folder ? .folder : .document, title: text(), path: "contents/p\(next).md")
            node.role = Int.random(in: 0..<5, using: &random) == 0 ? "draft" : nil
            (node.synopsis, node.label, node.status, node.compileAs) = (maybe(), maybe(), maybe(), maybe())
            node.keywords = (0..<Int.random(in: 0...2, using: &random)).map { _ in text() }
            node.includeInCompile = Bool.random(using: &random)
            node.target = Bool.random(using: &random) ? [0, 9, 10, -7, 1 << 53, -(1 << 60)].randomElement(using: &random)! + Int.random(in: 0...100_000, using: &random) : nil
            if Bool.random(using: &random) {
                node.custom = ["pov": .string(text()), "draft": .int(Int.random(in: 1...9, using: &random)),
                               "tags": .array([.string(text()), .bool(true), .null]), "nested": ["x": 1.5]]
            }
            let children = folder ? (0..<Int.random(in: 0...4, using: &random)).map { _ in counted(depth: depth + 1) } : []
            return CountedNode(node: node, words: folder ? children.reduce(0) { $0 + $1.words } : Int.random(in: 0...5_000, using: &random),
                               children: children, isMissing: !folder && Int.random(in: 0..<6, using: &random) == 0)
        }
        for round in 0..<200 {
            let binder = (0..<Int.random(in: 0...5, using: &random)).map { _ in counted(depth: 0) }
            let report = TreeReport(project: .init(id: "p\(round)", title: text(), author: text()),
                                    words: binder.reduce(0) { $0 + $1.words }, binder: binder.map(TreeReport.Node.init))
            var streamed: [UInt8] = []
            report.writeJSON { streamed += $0 }
            XCTAssertEqual(String(decoding: streamed, as: UTF8.self), JSONWriter.string(try report.json()), "round \(round)")
        }
    }

    /// A series' binder, one folder holding most of it: the same bytes, handed on in pieces of about 64 KB rather
    /// than the folder written whole.
    func testALongBinderIsHandedOnInPiecesWithTheSameBytes() throws {
        func document(_ n: Int) -> CountedNode {
            var node = BinderNode(id: "doc\(n)", kind: .document, title: "Chapter \(n)", path: "contents/draft/chapter-\(n).md")
            node.synopsis = String(repeating: "A long synopsis of the chapter. ", count: 3)
            return CountedNode(node: node, words: n, children: [])
        }
        func folder(_ id: String, _ children: [CountedNode]) -> CountedNode {
            CountedNode(node: BinderNode(id: id, kind: .folder, title: id, path: "contents/\(id)"), words: children.reduce(0) { $0 + $1.words },
                        children: children)
        }
        let draft = folder("draft", (0..<3_000).map(document) + [folder("inner", (3_000..<3_500).map(document))])
        let binder = [draft, folder("notes", [document(9_999)])]
        let report = TreeReport(project: .init(id: "p", title: "Series", author: "A"), words: binder.reduce(0) { $0 + $1.words },
                                binder: binder.map(TreeReport.Node.init))
        var pieces: [[UInt8]] = []
        report.writeJSON { pieces.append($0) }
        let streamed = pieces.flatMap { $0 }
        XCTAssertEqual(String(decoding: streamed, as: UTF8.self), JSONWriter.string(try report.json()))
        XCTAssertGreaterThan(streamed.count, 1_000_000)
        XCTAssertGreaterThan(pieces.count, streamed.count / (1 << 17), "the folder was handed on whole")
        XCTAssertLessThan(pieces.map(\.count).max() ?? 0, 1 << 17, "a piece much larger than 64 KB")
    }
}
