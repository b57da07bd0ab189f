import CCmarkGFM
import Foundation

/// The kinds of node cmark-gfm makes (its own type strings are the raw values); any kind msx does not read is
/// `other`.
enum CommonMarkKind: String, Sendable {
    // Blocks
    case document, paragraph, heading, list, item, table
    case blockQuote = "block_quote"
    case codeBlock = "code_block"
    case htmlBlock = "html_block"
    case thematicBreak = "thematic_break"
    case tableRow = "table_row"
    case tableHeader = "table_header"
    case tableCell = "table_cell"
    // Inlines
    case text, softbreak, linebreak, code, emph, strong, strikethrough, link, image
    case htmlInline = "html_inline"
    /// A task list item's box (the tasklist extension's own kind).
    case tasklist
    case other
}

/// A node of cmark-gfm's parse tree, copied into Swift values. No C type escapes this file.
struct CommonMarkNode {
    var kind: CommonMarkKind
    var children: [CommonMarkNode] = []
    var literal: String?
    var url: String?
    var headingLevel = 0
    var isOrderedList = false
    var listStart = 1
    var isFenced = false
    /// For task list items: whether the box is checked; nil for ordinary items.
    var taskChecked: Bool?
    /// 1-based line and byte column as cmark reports them (reliable for blocks only).
    var startLine = 0
    var startColumn = 0
    var endLine = 0
    var endColumn = 0
}

/// Parses Markdown with cmark-gfm (CommonMark + tables, strikethrough, autolinks, task lists).
enum CommonMarkTree {
    private static let extensionNames = [CommonMarkKind.table.rawValue, CommonMarkKind.strikethrough.rawValue, "autolink",
                                         CommonMarkKind.tasklist.rawValue]

    /// cmark-gfm keeps the characters its extensions watch for in one process-wide table, which parsing changes
    /// (the table extension takes them out and puts them back around each row): one parse at a time, whatever the
    /// threads. Copying the tree into Swift values happens outside the lock.
    private static let parsing = NSLock()

    /// Parses `source` into cmark's tree; `ParsedTree.copy()` turns it into Swift values.
    static func parse(_ source: [UInt8]) -> ParsedTree {
        let root = parsing.withLock {
            cmark_gfm_core_extensions_ensure_registered()
            let parser = Parser()
            source.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    cmark_parser_feed(parser.handle, chars.baseAddress, chars.count)
                }
            }
            return OwnedNode(cmark_parser_finish(parser.handle))
        }
        return ParsedTree(root: root, depth: nestingDepth(root.handle))
    }

    /// A parsed document, and how deeply its nodes nest (which decides how much stack reading it needs).
    struct ParsedTree: Sendable {
        fileprivate let root: OwnedNode
        let depth: Int

        /// The tree as Swift values (recursive: a deep tree needs a deep stack, see `DeepStack`).
        func copy() -> CommonMarkNode { CommonMarkTree.copy(root.handle) }
    }

    /// The deepest nesting of nodes that have children, counted without recursion.
    private static func nestingDepth(_ root: OpaquePointer) -> Int {
        guard let iterator = cmark_iter_new(root) else { return 0 }
        defer { cmark_iter_free(iterator) }
        var depth = 0, deepest = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard cmark_node_first_child(cmark_iter_get_node(iterator)) != nil else { continue }
            depth += event == CMARK_EVENT_ENTER ? 1 : -1
            deepest = max(deepest, depth)
        }
        return deepest
    }

    /// Owns a cmark parser with the GitHub extensions attached.
    private final class Parser {
        let handle: OpaquePointer
        init() {
            handle = cmark_parser_new(CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE)
            for name in CommonMarkTree.extensionNames {
                if let ext = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(handle, ext)
                }
            }
        }
        deinit { cmark_parser_free(handle) }
    }

    /// Owns a cmark document tree (read by one thread at a time).
    fileprivate final class OwnedNode: @unchecked Sendable {
        let handle: OpaquePointer
        init(_ handle: OpaquePointer) { self.handle = handle }
        deinit { cmark_node_free(handle) }
    }

    private static func copy(_ node: OpaquePointer) -> CommonMarkNode {
        let kind = cmark_node_get_type_string(node).flatMap { CommonMarkKind(rawValue: String(cString: $0)) } ?? .other
        var result = CommonMarkNode(kind: kind)
        result.startLine = Int(cmark_node_get_start_line(node))
        result.startColumn = Int(cmark_node_get_start_column(node))
        result.endLine = Int(cmark_node_get_end_line(node))
        result.endColumn = Int(cmark_node_get_end_column(node))
        switch kind {
        case .text, .code, .codeBlock, .htmlInline, .htmlBlock:
            result.literal = cmark_node_get_literal(node).map { String(cString: $0) }
            if kind == .codeBlock {
                var length: Int32 = 0, offset: Int32 = 0
                var character: CChar = 0
                result.isFenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
            }
        case .heading:
            result.headingLevel = Int(cmark_node_get_heading_level(node))
        case .list:
            result.isOrderedList = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            result.listStart = Int(cmark_node_get_list_start(node))
        case .link, .image:
            result.url = cmark_node_get_url(node).map { String(cString: $0) }
        case .tasklist:
            result.taskChecked = cmark_gfm_extensions_get_tasklist_item_checked(node)
        default:
            break
        }
        var child = cmark_node_first_child(node)
        while let current = child {
            result.children.append(copy(current))
            child = cmark_node_next(current)
        }
        return result
    }
}
