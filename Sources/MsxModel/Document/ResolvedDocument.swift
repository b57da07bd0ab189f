/// A stretch of a paragraph with every character attribute resolved.
public struct ResolvedRun: Equatable, Sendable {
    public var range: Range<Int>
    /// The run's characters. Runs cut from a paragraph look into the paragraph's text rather than copy it, so a long
    /// document holds its text once, however many runs are cut from it.
    public var characters: Substring
    public var attributes: Attributes

    /// The run's characters as a string of their own.
    public var text: String {
        get { String(characters) }
        set { characters = newValue[...] }
    }

    public init(range: Range<Int>, text: String, attributes: Attributes) {
        self.init(range: range, characters: text[...], attributes: attributes)
    }

    public init(range: Range<Int>, characters: Substring, attributes: Attributes) {
        self.range = range
        self.characters = characters
        self.attributes = attributes
    }
}

/// A paragraph with its paragraph attributes resolved and its text cut into runs of equal formatting.
extension ResolvedParagraph {
    /// Where the paragraph's images are (the offset of each U+FFFC standing for one) and what they show.
    public var imagePaths: [Int: String] {
        var paths: [Int: String] = [:]
        // A diff asks every paragraph; most hold no U+FFFC, and then no run's attributes are looked up. The text's
        // units are read only for a paragraph with a picture.
        guard ByteSearch.contains(text, "\u{FFFC}") else { return paths }
        var units: [UInt16]?
        for run in runs {
            guard case .string(let path)? = run.attributes[.image] else { continue }
            let all = units ?? UTF16Text.units(text)
            units = all
            for i in run.range where i < all.count && all[i] == 0xFFFC { paths[i] = path }
        }
        return paths
    }
}

public struct ResolvedParagraph: Equatable, Sendable {
    public var index: Int
    public var kind: BlockKind
    public var text: String
    public var attributes: Attributes
    public var runs: [ResolvedRun]
    /// Nesting depth of a list item (1 = top level), nil for other paragraphs.
    public var listDepth: Int? = nil
    /// The number a list item's ordered list starts at, when it is not 1.
    public var listStart: Int? = nil
    /// Which top-level list of its document a list item is in (two adjacent lists stay two).
    public var listIdentity: Int? = nil
    /// A further paragraph of a list item (not the one its marker introduces): compiled under the item, unnumbered.
    public var continuesListItem = false
    /// The HTML of a raw HTML block (compile to HTML passes it through); nil for other paragraphs.
    public var raw: String? = nil

    public init(index: Int, kind: BlockKind, text: String, attributes: Attributes, runs: [ResolvedRun], listDepth: Int? = nil) {
        self.index = index
        self.kind = kind
        self.text = text
        self.attributes = attributes
        self.runs = runs
        self.listDepth = listDepth
    }

    /// `checked`/`unchecked` for checklist paragraphs.
    public var checklist: String? { attributes[.checklist]?.stringValue }
}

extension RichDocument {
    static let paragraphBase: Attributes = [
        .alignment: "left", .firstLineHeadIndent: 0, .headIndent: 0, .tailIndent: 0, .lineHeightMultiple: 1,
        .lineSpacing: 0, .paragraphSpacingBefore: 0, .paragraphSpacing: 0, .tabStops: [],
    ]
    static let characterBase: Attributes = [
        .bold: false, .italic: false, .underline: .null, .strikethrough: false, .code: false, .link: .null,
        .fontFamily: .null, .fontSize: .null, .foregroundColor: .null, .backgroundColor: .null,
    ]

    /// Every paragraph with attributes resolved: project defaults, then its style, then Markdown, then the sidecar.
    public func resolved(with sheet: StyleSheet) -> [ResolvedParagraph] {
        Self.resolved(markdown.blocks, formatting, with: sheet)
    }

    /// The paragraphs of a document's blocks and formatting, resolved as `resolved(with:)` resolves them: a reader
    /// that has let go of the rest of the document (the file's bytes) holds a long one about once, not twice.
    package static func resolved(_ blocks: [MarkdownBlock], _ formatting: DocumentFormatting, with sheet: StyleSheet) -> [ResolvedParagraph] {
        var result: [ResolvedParagraph] = []
        result.reserveCapacity(blocks.count)
        forEachResolved(blocks, formatting, with: sheet) { result.append($0) }
        return result
    }

    /// Resolves the paragraphs one at a time, in order, as `resolved(with:)` does, holding only one: for a reader
    /// that writes each out as it comes (a long document's memory is then its Markdown, not its model).
    public func forEachResolved(with sheet: StyleSheet, _ body: (ResolvedParagraph) throws -> Void) rethrows {
        try Self.forEachResolved(markdown.blocks, formatting, with: sheet, body)
    }

    private static func forEachResolved(_ blocks: [MarkdownBlock], _ formatting: DocumentFormatting, with sheet: StyleSheet,
                                        _ body: (ResolvedParagraph) throws -> Void) rethrows {
        var bases = ResolvedBases(sheet: sheet)
        for (index, block) in blocks.enumerated() {
            try body(resolve(block, index: index, own: formatting.paragraphs[index], bases: &bases))
        }
    }

    /// One paragraph, resolved as `resolved(with:)` would.
    func resolved(paragraph index: Int, with sheet: StyleSheet) -> ResolvedParagraph {
        var bases = ResolvedBases(sheet: sheet)
        return Self.resolve(markdown.blocks[index], index: index, own: formatting.paragraphs[index], bases: &bases)
    }

    /// One paragraph as it would resolve with `own` as its sidecar formatting.
    package func resolved(paragraph index: Int, with sheet: StyleSheet, own: ParagraphFormatting) -> ResolvedParagraph {
        var bases = ResolvedBases(sheet: sheet)
        return Self.resolve(markdown.blocks[index], index: index, own: own, bases: &bases)
    }

    private static func resolve(_ block: MarkdownBlock, index: Int, own: ParagraphFormatting, bases: inout ResolvedBases) -> ResolvedParagraph {
        let styleName = own.attributes[.style]?.stringValue ?? Self.markdownStyle(of: block)
        let base = bases.attributes(for: block, styleName: styleName)
        var paragraph = base.paragraph
        let ownParagraph = own.attributes.filter { $0.key != .style }
        if !ownParagraph.isEmpty {
            // What the block itself says (its style, heading level, quote depth) stays over the sidecar's.
            let derived = base.paragraph.filter { ResolvedBases.derivedKeys.contains($0.key) }
            paragraph = paragraph.overlaid(with: ownParagraph).overlaid(with: derived)
        }
        var resolved = ResolvedParagraph(
            index: index, kind: block.kind, text: block.text, attributes: paragraph,
            runs: Self.runs(of: block, sidecar: own, base: base.character, bases: &bases), listDepth: block.list?.depth)
        if let start = block.list?.start, start != 1 { resolved.listStart = start }
        resolved.listIdentity = block.list?.identity
        resolved.continuesListItem = block.list.map { !$0.isFirstParagraph } ?? false
        resolved.raw = block.raw
        return resolved
    }

    /// The style Markdown implies for a block.
    package static func markdownStyle(of block: MarkdownBlock) -> String {
        switch block.kind {
        case .heading(let level, _): return "Heading \(min(level, 3))"
        case .codeBlock: return "Code Block"
        default: return block.quoteDepth > 0 ? "Block Quote" : "Body"
        }
    }

    /// Cuts a paragraph into maximal runs of equal resolved character attributes.
    static func runs(of block: MarkdownBlock, sidecar: ParagraphFormatting, base: ResolvedBases.CharacterBase,
                     bases: inout ResolvedBases) -> [ResolvedRun] {
        let length = UTF16Text.count(block.text)
        guard length > 0 else { return [] }
        // Every place a span or a sidecar run starts or ends, in order (a repeated place makes an empty stretch,
        // skipped below). An array, sorted once: a paragraph has a handful.
        var points = [0, length]
        points.reserveCapacity(2 + 2 * (block.spans.count + sidecar.runs.count))
        for range in block.spans.lazy.map(\.range) { points.append(range.lowerBound); points.append(range.upperBound) }
        for range in sidecar.runs.lazy.map(\.range) { points.append(range.lowerBound); points.append(range.upperBound) }
        points.removeAll { $0 < 0 || $0 > length }
        points.sort()
        var result: [ResolvedRun] = []
        result.reserveCapacity(points.count - 1)
        var lastTable: Int?
        var marks: [InlineAttribute] = []
        for (start, end) in zip(points, points.dropFirst()) where start < end {
            marks.removeAll(keepingCapacity: true)
            for span in block.spans where span.range.lowerBound <= start && end <= span.range.upperBound { marks.append(span.attribute) }
            var (attributes, table) = bases.attributes(of: base, marked: marks)
            if let run = sidecar.runs.first(where: { $0.range.lowerBound <= start && end <= $0.range.upperBound }) {
                for (key, value) in run.attributes { attributes[key] = value }
                table = nil
            }
            // Two runs from the tables are compared once per pair of tables; a sidecar's attributes each time.
            let alike = result.last.map { last in
                if let lastTable, let table { return bases.alike(lastTable, table) }
                return last.attributes == attributes
            } ?? false
            if alike {
                result[result.count - 1].range = result[result.count - 1].range.lowerBound..<end
                lastTable = lastTable ?? table
            } else {
                result.append(ResolvedRun(range: start..<end, characters: "", attributes: attributes))
                lastTable = table
            }
        }
        var slicer = UTF16Slicer(block.text, count: length)
        for i in result.indices {
            result[i].characters = slicer.slice(result[i].range)
        }
        return result
    }
}

/// The attributes a paragraph has before its own formatting, one dictionary per kind of block: paragraphs of one
/// kind share it (copy on write), so a long document holds a handful of dictionaries, not two per paragraph.
struct ResolvedBases {
    /// Keys the block sets itself, over any sidecar value.
    static let derivedKeys: Set<AttributeKey> = [.style, .headingLevel, .quoteDepth]

    private struct Kind: Hashable {
        var style: String
        var ordered: Bool?
        var checked: Bool?
        var headingLevel: Int?
        var quoteDepth: Int
        var code: Bool
    }

    /// The character attributes of a kind of block, and the table they are from (for `attributes(of:marked:)`).
    struct CharacterBase {
        var attributes: Attributes
        fileprivate var table: Int
    }

    /// A table's character attributes with Markdown's marks on them (in the order the spans come).
    private struct Marked: Hashable {
        var table: Int
        var marks: [InlineAttribute]
    }

    /// Two tables, for remembering whether their attributes are equal.
    private struct TablePair: Hashable {
        var first: Int
        var second: Int
    }

    let sheet: StyleSheet
    private var known: [Kind: (paragraph: Attributes, character: CharacterBase)] = [:]
    /// The character attributes of each kind of block and each way Markdown marks them, once: the runs so marked
    /// share them (copy on write).
    private var tables: [Attributes] = []
    private var marked: [Marked: Int] = [:]
    private var equalTables: [TablePair: Bool] = [:]

    init(sheet: StyleSheet) { self.sheet = sheet }

    /// The character attributes of a run of a block with `base` as its kind's, under Markdown's `marks`, and the
    /// table they are from. Marks with a text (a link's or an image's address) are not kept in a table: an address
    /// keeps its own bytes, where two canonically equivalent ones would find one table.
    mutating func attributes(of base: CharacterBase, marked marks: [InlineAttribute]) -> (attributes: Attributes, table: Int?) {
        guard !marks.isEmpty else { return (base.attributes, base.table) }
        let key = Marked(table: base.table, marks: marks)
        if let found = marked[key] { return (tables[found], found) }
        var attributes = base.attributes
        var kept = true
        for mark in marks {
            switch mark {
            case .bold: attributes[.bold] = true
            case .italic: attributes[.italic] = true
            case .strikethrough: attributes[.strikethrough] = true
            case .code: attributes[.code] = true
            case .link(let url):
                attributes[.link] = .string(url)
                kept = false
            case .image(let url):
                attributes[.image] = .string(url)
                kept = false
            case .footnote: attributes[.footnote] = true
            }
        }
        guard kept else { return (attributes, nil) }
        let table = add(attributes)
        marked[key] = table
        return (tables[table], table)
    }

    /// Whether two tables hold equal attributes, worked out once for each pair.
    mutating func alike(_ a: Int, _ b: Int) -> Bool {
        guard a != b else { return true }
        let pair = TablePair(first: min(a, b), second: max(a, b))
        if let known = equalTables[pair] { return known }
        let equal = tables[a] == tables[b]
        equalTables[pair] = equal
        return equal
    }

    private mutating func add(_ attributes: Attributes) -> Int {
        tables.append(SharedAttributes.shared(attributes))
        return tables.count - 1
    }

    /// Paragraph and character attributes of a block of this kind with this style.
    mutating func attributes(for block: MarkdownBlock, styleName: String) -> (paragraph: Attributes, character: CharacterBase) {
        var level: Int?
        if case .heading(let n, _) = block.kind { level = n }
        let kind = Kind(style: styleName, ordered: block.list?.ordered, checked: block.list?.taskChecked, headingLevel: level,
                        quoteDepth: block.quoteDepth, code: block.kind == .codeBlock)
        if let found = known[kind] { return found }
        let style = sheet.style(named: styleName)?.attributes ?? [:]
        var paragraph = RichDocument.paragraphBase
            .overlaid(with: sheet.defaults.only(AttributeKey.paragraph))
            .overlaid(with: style.only(AttributeKey.paragraph))
        if let ordered = kind.ordered {
            paragraph[.listFormat] = .string(ordered ? "decimal" : "bulletSymbols")
            if let checked = kind.checked { paragraph[.checklist] = .string(checked ? "checked" : "unchecked") }
        }
        paragraph[.style] = .string(styleName)
        if let level { paragraph[.headingLevel] = .int(level) }
        if kind.quoteDepth > 0 { paragraph[.quoteDepth] = .int(kind.quoteDepth) }
        var character = RichDocument.characterBase
            .overlaid(with: sheet.defaults.only(AttributeKey.character))
            .overlaid(with: style.only(AttributeKey.character))
        if kind.code { character[.code] = true }
        let table = add(character)
        let base = (paragraph: SharedAttributes.shared(paragraph), character: CharacterBase(attributes: tables[table], table: table))
        known[kind] = base
        return base
    }
}
