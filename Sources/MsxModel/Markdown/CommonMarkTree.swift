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

/// A node of cmark-gfm's parse tree, read in place (no copy of the tree is made). No C type escapes this file. A
/// node is read only while its tree is (inside `ParsedTree.read`), so it holds no reference: a document's hundreds
/// of thousands of nodes are copied and dropped without counting references. The tree is only read once parsed
/// (`CommonMarkTree.parse` makes cmark's C strings first, so reading a literal changes nothing), so nodes may be
/// read from several threads.
struct CommonMarkNode: @unchecked Sendable {
    private let handle: OpaquePointer
    let kind: CommonMarkKind

    fileprivate init(_ handle: OpaquePointer) {
        self.handle = handle
        kind = CommonMarkTree.kind(of: handle)
    }

    var children: [CommonMarkNode] {
        var result: [CommonMarkNode] = []
        var child = cmark_node_first_child(handle)
        while let current = child {
            result.append(CommonMarkNode(current))
            child = cmark_node_next(current)
        }
        return result
    }

    var literal: String? {
        guard CommonMarkTree.hasLiteral(kind) else { return nil }
        return cmark_node_get_literal(handle).map { String(cString: $0) }
    }

    /// The literal's UTF-8 where cmark keeps it (valid while the tree is read, see `ParsedTree.read`), for a reader
    /// that compares it with the source without making a string of it.
    var literalBytes: UnsafeBufferPointer<UInt8>? {
        guard CommonMarkTree.hasLiteral(kind), let literal = cmark_node_get_literal(handle) else { return nil }
        return UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
    }

    var url: String? {
        guard kind == .link || kind == .image else { return nil }
        return cmark_node_get_url(handle).map { String(cString: $0) }
    }

    var headingLevel: Int { kind == .heading ? Int(cmark_node_get_heading_level(handle)) : 0 }
    var isOrderedList: Bool { kind == .list && cmark_node_get_list_type(handle) == CMARK_ORDERED_LIST }
    var listStart: Int { kind == .list ? Int(cmark_node_get_list_start(handle)) : 1 }

    var isFenced: Bool {
        guard kind == .codeBlock else { return false }
        var length: Int32 = 0, offset: Int32 = 0
        var character: CChar = 0
        return cmark_node_get_fenced(handle, &length, &offset, &character) != 0
    }

    /// For task list items: whether the box is checked; nil for ordinary items.
    var taskChecked: Bool? { kind == .tasklist ? cmark_gfm_extensions_get_tasklist_item_checked(handle) : nil }

    /// The node after this one in its parent, if any.
    var next: CommonMarkNode? { cmark_node_next(handle).map(CommonMarkNode.init) }

    /// 1-based line and byte column as cmark reports them (reliable for blocks only).
    var startLine: Int { Int(cmark_node_get_start_line(handle)) }
    var startColumn: Int { Int(cmark_node_get_start_column(handle)) }
    var endLine: Int { Int(cmark_node_get_end_line(handle)) }
    var endColumn: Int { Int(cmark_node_get_end_column(handle)) }
}

/// Parses Markdown with cmark-gfm (CommonMark + tables, strikethrough, autolinks, task lists).
enum CommonMarkTree {
    private static let extensionNames = [CommonMarkKind.table.rawValue, CommonMarkKind.strikethrough.rawValue, "autolink",
                                         CommonMarkKind.tasklist.rawValue]

    /// cmark-gfm keeps the characters its extensions watch for in one process-wide table, which parsing changes
    /// (the table extension takes them out and puts them back around each row): one parse at a time, whatever the
    /// threads (which also makes the arena being filled, `ParseArena.filling`, one). Copying the tree into Swift
    /// values happens outside the lock.
    private static let parsing = NSLock()

    /// Parses `source` into cmark's tree, read through `ParsedTree.read`; the tree lives in an arena of its own.
    static func parse(_ source: [UInt8]) -> ParsedTree {
        parsing.withLock {
            let arena = ParseArena()
            ParseArena.filling = arena
            defer { ParseArena.filling = nil }
            cmark_gfm_core_extensions_ensure_registered()
            let root = withExtendedLifetime(Parser()) { parser in
                source.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { chars in
                        cmark_parser_feed(parser.handle, chars.baseAddress, chars.count)
                    }
                }
                return cmark_parser_finish(parser.handle)!
            }
            let (depth, blocks) = shape(of: root)
            return ParsedTree(tree: OwnedTree(root, in: arena), depth: depth, blockCount: blocks)
        }
    }

    /// A parsed document, and how deeply its nodes nest (which decides how much stack reading it needs).
    struct ParsedTree: Sendable {
        fileprivate let tree: OwnedTree
        /// How deeply nodes nest (reading the tree recurses: a deep tree needs a deep stack, see `DeepStack`).
        let depth: Int
        /// About how many blocks of the text model the tree makes (leaf blocks and list items), to size arrays once.
        let blockCount: Int

        /// `body` given the document node, the tree kept until it returns: no node may be kept longer.
        func read<T>(_ body: (CommonMarkNode) throws -> T) rethrows -> T {
            try withExtendedLifetime(tree) { try body(CommonMarkNode(tree.handle)) }
        }
    }

    /// The deepest nesting of nodes that have children, and the number of leaf blocks and list items, counted
    /// without recursion; every literal and URL is made a C string on the way (in the parse's arena: reading the
    /// tree later allocates nothing).
    private static func shape(of root: OpaquePointer) -> (depth: Int, blocks: Int) {
        guard let iterator = cmark_iter_new(root) else { return (0, 0) }
        defer { cmark_iter_free(iterator) }
        var depth = 0, deepest = 0, blocks = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            let node = cmark_iter_get_node(iterator)
            if event == CMARK_EVENT_ENTER {
                let kind = Self.kind(of: node!)
                if makesOneBlock(kind) { blocks += 1 }
                // cmark makes a literal's or a URL's C string when first asked: asked here, once, reading the tree
                // later changes nothing in it.
                if hasLiteral(kind) { _ = cmark_node_get_literal(node) }
                if kind == .link || kind == .image { _ = cmark_node_get_url(node) }
            }
            guard cmark_node_first_child(node) != nil else { continue }
            depth += event == CMARK_EVENT_ENTER ? 1 : -1
            deepest = max(deepest, depth)
        }
        return (deepest, blocks)
    }

    /// Kinds that make (at most) one block of the text model each (a task item is a list item).
    private static func makesOneBlock(_ kind: CommonMarkKind) -> Bool {
        switch kind {
        case .paragraph, .heading, .codeBlock, .htmlBlock, .thematicBreak, .item, .tasklist: true
        default: false
        }
    }

    /// Owns a cmark parser with the GitHub extensions attached, allocating from the arena being filled.
    private final class Parser {
        let handle: OpaquePointer
        init() {
            handle = cmark_parser_new_with_mem(CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE, ParseArena.allocator)
            for name in CommonMarkTree.extensionNames {
                if let ext = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(handle, ext)
                }
            }
        }
        deinit { cmark_parser_free(handle) }
    }

    /// Owns a cmark document tree: its arena, which holds all of it and is released with it (its nodes are not
    /// freed one by one).
    final class OwnedTree: @unchecked Sendable {
        let handle: OpaquePointer
        private let arena: ParseArena
        init(_ handle: OpaquePointer, in arena: ParseArena) { (self.handle, self.arena) = (handle, arena) }
    }

    /// The kind of a node. A node no extension claimed has one of cmark's fixed types, whose names never change;
    /// an extension's node (a table's, a task item) is known by the name the extension gives it.
    static func kind(of node: OpaquePointer) -> CommonMarkKind {
        if cmark_node_get_syntax_extension(node) == nil, let kind = coreKind(cmark_node_get_type(node)) { return kind }
        return kindByName(of: node)
    }

    /// The kind of a node by its type name (cmark's own or its extension's): the rule `kind(of:)` must agree with.
    private static func kindByName(of node: OpaquePointer) -> CommonMarkKind {
        cmark_node_get_type_string(node).flatMap { CommonMarkKind(rawValue: String(cString: $0)) } ?? .other
    }

    /// The kinds of cmark's own node types, as `cmark_node_get_type_string` names them for a node without an
    /// extension; nil for a type that has no kind of its own here.
    private static func coreKind(_ type: cmark_node_type) -> CommonMarkKind? {
        switch type {
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_SOFTBREAK: .softbreak
        case CMARK_NODE_EMPH: .emph
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_LINEBREAK: .linebreak
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_IMAGE: .image
        default: nil
        }
    }

    /// Kinds whose text cmark keeps as a literal.
    static func hasLiteral(_ kind: CommonMarkKind) -> Bool {
        switch kind {
        case .text, .code, .codeBlock, .htmlInline, .htmlBlock: true
        default: false
        }
    }
}
