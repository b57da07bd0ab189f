import CCmarkGFM
import Foundation
import XCTest
@testable import MsxModel

/// `CommonMarkTree.kind(of:)` knows most nodes by cmark's type number. The oracle is the name cmark itself gives
/// each node (`cmark_node_get_type_string`, an extension's name included): for every node of the corpus and of a
/// text holding every construct msx reads, the kind must be the one that name makes.
final class CommonMarkKindTests: XCTestCase {
    private let everyConstruct = """
        # Heading *emph* **strong** ~~struck~~ `code`

        A paragraph with a [link](https://example.org), an ![image](a.png), <span>html</span>,
        a soft break and a hard one\\
        and https://autolinked.example.org.

        > A quote
        > - [ ] an open task
        > - [x] a done task
        > - a plain item

        1. one
        2. two

        ```
        fenced
        ```

            indented code

        <div>
        html block
        </div>

        ---

        | a | b |
        |---|---|
        | c | d |
        """

    func testKindsAgreeWithCmarksOwnNames() throws {
        let corpus = packageRoot.appendingPathComponent("Tests/MsxKitTests/Fixtures/corpus")
        var texts = [everyConstruct]
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() where name.hasSuffix(".md") {
            texts.append(try String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8))
        }
        XCTAssertGreaterThan(texts.count, 5, "the corpus was read")
        var seen = Set<CommonMarkKind>()
        for text in texts {
            forEachNode(of: text) { node in
                let named = cmark_node_get_type_string(node).flatMap { CommonMarkKind(rawValue: String(cString: $0)) } ?? .other
                XCTAssertEqual(CommonMarkTree.kind(of: node), named, "a node cmark names \(String(cString: cmark_node_get_type_string(node)))")
                seen.insert(named)
            }
        }
        let expected: Set<CommonMarkKind> = [.document, .paragraph, .heading, .list, .item, .table, .blockQuote, .codeBlock,
                                             .htmlBlock, .thematicBreak, .tableRow, .tableHeader, .tableCell, .text, .softbreak,
                                             .linebreak, .code, .emph, .strong, .strikethrough, .link, .image, .htmlInline,
                                             .tasklist]
        XCTAssertEqual(expected.subtracting(seen), [], "every kind was met at least once")
    }

    /// Visits every node of `text` as cmark-gfm parses it with the extensions msx attaches (parsed here, apart
    /// from msx).
    private func forEachNode(of text: String, _ visit: (OpaquePointer) -> Void) {
        cmark_gfm_core_extensions_ensure_registered()
        let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE)
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        cmark_parser_feed(parser, text, text.utf8.count)
        let root = cmark_parser_finish(parser)
        defer { cmark_node_free(root) }
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { visit(node) }
        }
    }
}
