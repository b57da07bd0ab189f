/// Formatting Markdown itself can carry on a stretch of a paragraph's text.
public enum InlineAttribute: Hashable, Sendable {
    case bold
    case italic
    case strikethrough
    case code
    case link(String)
    case image(String)
    /// A footnote written inline, `^[note text]` (see `InlineNotes`).
    case footnote
}

/// A stretch of a paragraph's text (UTF-16 offsets) carrying one Markdown inline attribute.
public struct InlineSpan: Hashable, Sendable {
    public var range: Range<Int>
    public var attribute: InlineAttribute
}

/// Where the markup around an emphasis, strong, strikethrough, code or link span sits in the source (byte ranges):
/// for a link, `[` and `](destination)` (or `<` and `>`). A bare autolink has none.
struct DelimiterMarkup: Hashable {
    var attribute: InlineAttribute
    var open: Range<Int>
    var close: Range<Int>
    var textRange: Range<Int>
}

/// What sort of block a paragraph of the text model comes from.
public enum BlockKind: Hashable, Sendable {
    case paragraph
    case heading(level: Int, setext: Bool)
    case listItem
    case codeBlock
    /// A raw HTML block: its text is what a reader sees of it; `raw` holds the HTML.
    case htmlBlock
    case tableRow
    case thematicBreak

    /// A heading's level (nil for other blocks).
    public var headingLevel: Int? {
        if case .heading(let level, _) = self { level } else { nil }
    }

    /// The name used in JSON output.
    public var name: String {
        switch self {
        case .paragraph: return "paragraph"
        case .heading: return "heading"
        case .listItem: return "listItem"
        case .codeBlock: return "codeBlock"
        case .htmlBlock: return "htmlBlock"
        case .tableRow: return "tableRow"
        case .thematicBreak: return "thematicBreak"
        }
    }
}

/// The list a list-item paragraph belongs to.
public struct ListContext: Equatable, Sendable {
    public var ordered: Bool
    /// 1 for a top-level list, 2 inside it, ...
    public var depth: Int
    /// Checked state of a task item's box; nil when the item has none.
    public var taskChecked: Bool?
    /// Whether this is the item's first paragraph (the one its marker introduces).
    public var isFirstParagraph: Bool
    /// The number an ordered list starts at (`3.` before its first item); 1 for bullet lists.
    public var start = 1
    /// Which top-level list of the document the item is in: items of one list share it, and two lists one right after
    /// the other (`1.` then `1)`) stay two. It counts the lists met (0 for the first); a list nothing visible is read
    /// from (an HTML comment its only item) may or may not be counted, so only equality means anything.
    public var identity = 0
    /// Byte offset of the item's marker (`-`, `1.`) in the file.
    var markerOffset: Int
}

/// One paragraph of the text model, as Markdown wrote it.
public struct MarkdownBlock: Sendable {
    public var kind: BlockKind
    public var text: String
    /// The HTML of a raw HTML block (final newline dropped); nil for other blocks.
    public var raw: String? = nil
    public var spans: [InlineSpan]
    public var quoteDepth: Int
    public var list: ListContext?
    /// 0-based first and last line of the block in the file.
    package var lines: ClosedRange<Int>
    /// For each UTF-16 unit of `text`, the byte range in the file it was read from; nil when msx could not map the
    /// block's inline markup to bytes (the block's formatting then goes to the sidecar).
    package var sourceRanges: [Range<Int>]?
    /// Where its bold, italic and strikethrough delimiters are, for editing them: kept, as `sourceRanges`, only when
    /// the document was read with its source map.
    var delimiters: [DelimiterMarkup]
    /// Byte where the block's inline content starts (after `#`, `>`, list marker, task box).
    var contentStart: Int
    /// Byte just after the block's inline content.
    var contentEnd: Int
}

extension MarkdownBlock {
    /// Whether msx found every character of this block in the source, so Markdown formatting can be spliced in.
    public var isSourceMapped: Bool { sourceRanges != nil }
}
