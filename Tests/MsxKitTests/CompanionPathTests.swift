import MsxModel
import XCTest

/// A document's sidecar and notes sit beside its Markdown under the same name, whatever the name's letters; a folder,
/// or a document whose file does not end in `.md`, has none.
final class CompanionPathTests: XCTestCase {
    func testCompanionsReplaceTheMarkdownExtension() {
        let cases: [(path: String, sidecar: String?, notes: String?)] = [
            ("contents/draft/storm.md", "contents/draft/storm.attrs.json", "contents/draft/storm.notes.md"),
            ("contents/été/Schloß 日本.md", "contents/été/Schloß 日本.attrs.json", "contents/été/Schloß 日本.notes.md"),
            ("contents/draft/e\u{301}.md", "contents/draft/e\u{301}.attrs.json", "contents/draft/e\u{301}.notes.md"),
            (".md", ".attrs.json", ".notes.md"),
            ("contents/draft/storm.MD", nil, nil),
            ("contents/draft/storm.txt", nil, nil),
            ("md", nil, nil),
            ("", nil, nil),
        ]
        for (path, sidecar, notes) in cases {
            let node = BinderNode(id: "a", kind: .document, title: "A", path: path)
            XCTAssertEqual(node.sidecarPath, sidecar, path)
            XCTAssertEqual(node.notesPath, notes, path)
            XCTAssertEqual(node.companionPaths, [sidecar, notes].compactMap { $0 }, path)
            // Byte for byte too: Swift's strings call "é" and "e" with a combining accent equal, file systems do not.
            XCTAssertEqual(node.sidecarPath.map { Array($0.utf8) }, sidecar.map { Array($0.utf8) }, path)
            XCTAssertEqual(node.notesPath.map { Array($0.utf8) }, notes.map { Array($0.utf8) }, path)
        }
        XCTAssertNil(BinderNode(id: "f", kind: .folder, title: "F", path: "contents/draft.md").sidecarPath)
        XCTAssertNil(BinderNode(id: "f", kind: .folder, title: "F", path: "contents/draft.md").notesPath)
    }
}
