import Foundation

/// A Markdown file read into msx's text model: its bytes, its front matter, and its paragraphs.
public struct MarkdownDocument: Sendable {
    /// The file exactly as it is on disk.
    public let source: [UInt8]
    /// Length in bytes of a YAML front-matter block at the top (kept as is, not text); 0 when there is none.
    public let frontMatterLength: Int
    public let blocks: [MarkdownBlock]
    /// Byte offset of the start of each line.
    let lineStarts: [Int]
    /// Whether the blocks keep their source map, and whether the bytes were known to be UTF-8: a later version read
    /// reusing this one takes its blocks only when read the same way.
    let sourceMapped: Bool
    let knownUTF8: Bool

    /// Parses Markdown source (already checked to be UTF-8).
    /// - Parameter sourceMap: keep each character's byte range, which formatting needs to splice Markdown; readers
    ///   (show, diff, history) leave it out and save 16 bytes a character.
    /// - Parameter previous: an earlier version of the file, read the same way, whose unchanged pieces are not read
    ///   again.
    public init(_ text: String, sourceMap: Bool = true, reusing previous: MarkdownDocument? = nil) {
        self.init(bytes: Array(text.utf8), sourceMap: sourceMap, isUTF8: true, reusing: previous)
    }

    /// - Parameter chunkSize: the size of the pieces a long file is read in (see `MarkdownChunks`).
    /// - Parameter isUTF8: whether `bytes` are known to be valid UTF-8 (a string's): the paragraphs' texts, made of
    ///   them, are then not checked again. Other bytes are read with U+FFFD for what is not UTF-8.
    /// - Parameter previous: an earlier version of the file, read the same way: the pieces of it `bytes` still hold
    ///   are not read again (see `MarkdownReuse`).
    package init(bytes: [UInt8], sourceMap: Bool = true, chunkSize: Int = MarkdownChunks.size, isUTF8: Bool = false,
                 reusing previous: MarkdownDocument? = nil) {
        let lineStarts = Self.lineStarts(of: bytes), body = Self.frontMatterLength(bytes, lineStarts: lineStarts)
        (source, self.lineStarts, frontMatterLength) = (bytes, lineStarts, body)
        (sourceMapped, knownUTF8) = (sourceMap, isUTF8)
        let read = { (piece: Range<Int>) in
            Self.blocks(of: bytes, piece, body: body, lineStarts: lineStarts, sourceMap: sourceMap, isUTF8: isUTF8)
        }
        if let previous, let blocks = MarkdownReuse.blocks(of: bytes, lineStarts: lineStarts, body: body, sourceMap: sourceMap,
                                                           isUTF8: isUTF8, chunkSize: chunkSize, reusing: previous, read: read) {
            self.blocks = blocks
            return
        }
        var blocks: [MarkdownBlock] = [], lists = ListCount()
        for piece in MarkdownChunks.ranges(bytes, from: body, lineStarts: lineStarts, size: chunkSize) {
            lists.append(read(piece), to: &blocks)
        }
        self.blocks = blocks
    }

    /// The file cut into pieces that cmark reads on their own into the same blocks (see `MarkdownChunks`), the first
    /// with the front matter: what is worked out from a piece's blocks can be kept by its bytes and reused for the
    /// next version of the file, which usually keeps every piece but the one edited.
    /// - Parameter size: the size a piece grows to before it is cut at the next place it can be.
    package static func pieces(of bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        let starts = lineStarts(of: bytes)
        let body = frontMatterLength(bytes, lineStarts: starts)
        return MarkdownChunks.ranges(bytes, from: body, lineStarts: starts, size: size).enumerated().map { index, range in
            bytes[(index == 0 ? 0 : range.lowerBound)..<range.upperBound]
        }
    }

    /// The blocks of one piece of the file, read by cmark on its own.
    static func blocks(of bytes: [UInt8], _ piece: Range<Int>, body: Int, lineStarts: [Int], sourceMap: Bool,
                               isUTF8: Bool) -> [MarkdownBlock] {
        let parsed = CommonMarkTree.parse(Array(bytes[piece]))
        // Reading recurses once per level of nesting: a deeply nested document is read on a thread with room for it.
        let deep = parsed.depth > DeepStack.shallowDepth
        let build = { @Sendable () -> [MarkdownBlock] in
            parsed.read { root in
                var builder = BlockBuilder(source: bytes, isUTF8: isUTF8, lineStarts: lineStarts, piece: piece,
                                           body: body, sourceMap: sourceMap, expectedBlocks: parsed.blockCount)
                builder.walk(root, quoteDepth: 0, list: nil)
                return builder.mappedBlocks(inParallel: !deep)
            }
        }
        return deep ? DeepStack.run(build) : build()
    }

    /// The document's text: its paragraphs joined by one newline.
    public var text: String { blocks.map(\.text).joined(separator: "\n") }

    /// The YAML front matter, if any, exactly as written.
    public var frontMatter: String? {
        frontMatterLength == 0 ? nil : String(decoding: source[..<frontMatterLength], as: UTF8.self)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var at = 0
            while at < raw.count, let newline = memchr(base + at, 0x0A, raw.count - at) {
                at = base.distance(to: UnsafeRawPointer(newline)) + 1
                starts.append(at)
            }
        }
        return starts
    }

    /// A front-matter block: `---` on the first line, up to a line of `---` or `...`.
    static func frontMatterLength(_ bytes: [UInt8], lineStarts: [Int]) -> Int {
        /// Whether line `i`, without the line ends after it, is three `mark` bytes (read as bytes: this runs for
        /// every document and every piece read).
        func line(_ i: Int, isThree mark: UInt8) -> Bool {
            var end = i + 1 < lineStarts.count ? lineStarts[i + 1] : bytes.count
            while end > lineStarts[i], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            let start = lineStarts[i]
            return end - start == 3 && bytes[start] == mark && bytes[start + 1] == mark && bytes[start + 2] == mark
        }
        let dash = UInt8(ascii: "-"), dot = UInt8(ascii: ".")
        guard lineStarts.count > 1, line(0, isThree: dash) else { return 0 }
        for i in 1..<lineStarts.count where line(i, isThree: dash) || line(i, isThree: dot) {
            return i + 1 < lineStarts.count ? lineStarts[i + 1] : bytes.count
        }
        return 0
    }

    /// The 0-based line holding a byte offset.
    func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The byte range of a line without its line ending.
    func lineContent(_ line: Int) -> Range<Int> {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : source.count
        if end > start, source[end - 1] == 0x0A { end -= 1 }
        if end > start, source[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }
}

/// The top-level lists of the pieces of a file read one after another: each piece counts its lists from 0 (no list
/// spans a cut), and they follow those of the pieces before.
struct ListCount {
    private var soFar = 0

    /// Appends a piece's blocks to the file's, their lists counted after those before.
    mutating func append(_ piece: [MarkdownBlock], to blocks: inout [MarkdownBlock]) {
        var piece = piece
        var last = -1
        for index in piece.indices where piece[index].list != nil {
            piece[index].list!.identity += soFar
            last = max(last, piece[index].list!.identity)
        }
        soFar = max(soFar, last + 1)
        if blocks.isEmpty { blocks = piece } else { blocks += piece }
    }
}

/// Turns cmark's block tree into the flat list of text-model paragraphs.
private struct BlockBuilder {
    let source: [UInt8]
    let lineStarts: [Int]
    /// The bytes of the file cmark read (the body after front matter, or a piece of the file).
    let piece: Range<Int>
    let sourceMap: Bool
    /// Whether the source is known to be valid UTF-8 (see `InlineMapper.text`).
    let isUTF8: Bool
    /// Blocks in order; those with inline content are placeholders until `mappedBlocks()` maps them.
    private var blocks: [MarkdownBlock] = []
    /// Blocks whose inline content is still to be mapped: the block's index, its node, and the byte its content
    /// starts at.
    private var pending: [(block: Int, node: CommonMarkNode, start: Int, isTableRow: Bool)] = []
    private let baseLine: Int
    private let bodyLine: Int

    /// - Parameter body: where the Markdown body starts (after front matter): a node cmark gives no position (line
    ///   0) is placed there, whichever piece of the file it was read in.
    init(source: [UInt8], isUTF8: Bool, lineStarts: [Int], piece: Range<Int>, body: Int, sourceMap: Bool, expectedBlocks: Int) {
        blocks.reserveCapacity(expectedBlocks)
        pending.reserveCapacity(expectedBlocks)
        self.source = source
        self.isUTF8 = isUTF8
        self.lineStarts = lineStarts
        self.piece = piece
        self.sourceMap = sourceMap
        baseLine = Self.line(startingAt: piece.lowerBound, in: lineStarts)
        bodyLine = Self.line(startingAt: body, in: lineStarts)
    }

    /// The 0-based file line of a cmark (1-based, piece-relative) line; cmark's 0 ("no position") is the body's
    /// start.
    private func fileLine(_ line: Int) -> Int {
        min(max(0, line - 1 + (line > 0 ? baseLine : bodyLine)), lineStarts.count - 1)
    }

    /// The index of the line that starts at `offset` (a binary search: a long file is read in many pieces).
    private static func line(startingAt offset: Int, in lineStarts: [Int]) -> Int {
        var low = 0, high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < lineStarts.count && lineStarts[low] == offset ? low : 0
    }

    /// Byte offset in the file of a cmark (1-based, piece-relative) line and byte column.
    func offset(line: Int, column: Int) -> Int {
        min(lineStarts[fileLine(line)] + max(0, column - 1), source.count)
    }

    func lines(of node: CommonMarkNode) -> ClosedRange<Int> {
        let first = fileLine(node.startLine)
        return first...max(first, fileLine(node.endLine))
    }

    /// Top-level lists met so far.
    private var topLevelLists = 0

    mutating func walk(_ node: CommonMarkNode, quoteDepth: Int, list: ListContext?) {
        switch node.kind {
        case .blockQuote:
            for child in node.children { walk(child, quoteDepth: quoteDepth + 1, list: list) }
        case .list:
            let depth = (list?.depth ?? 0) + 1
            let identity = list?.identity ?? topLevelLists
            if list == nil { topLevelLists += 1 }
            for item in node.children {
                let context = ListContext(
                    ordered: node.isOrderedList, depth: depth, taskChecked: item.taskChecked,
                    isFirstParagraph: true, start: node.isOrderedList ? max(0, node.listStart) : 1, identity: identity,
                    markerOffset: offset(line: item.startLine, column: item.startColumn))
                walkItem(item, quoteDepth: quoteDepth, list: context)
            }
        case .paragraph:
            addInline(node, kind: list == nil ? .paragraph : .listItem, quoteDepth: quoteDepth, list: list)
        case .heading:
            let setext = !isATXHeading(node)
            addInline(node, kind: .heading(level: node.headingLevel, setext: setext), quoteDepth: quoteDepth, list: list)
        case .codeBlock:
            var literal = node.literal ?? ""
            if literal.hasSuffix("\n") { literal.removeLast() }
            let start = offset(line: node.startLine, column: node.startColumn)
            blocks.append(leaf(.codeBlock, text: literal, node: node, quoteDepth: quoteDepth, list: list, start: start))
        case .thematicBreak:
            let start = offset(line: node.startLine, column: node.startColumn)
            blocks.append(leaf(.thematicBreak, text: "", node: node, quoteDepth: quoteDepth, list: list, start: start))
        case .tableRow, .tableHeader:
            let start = offset(line: node.startLine, column: 1)
            pending.append((blocks.count, node, start, true))
            blocks.append(leaf(.tableRow, text: "", node: node, quoteDepth: quoteDepth, list: list, start: start))
        case .htmlBlock:
            // A block a reader sees nothing of (a comment, an empty element) is no paragraph.
            var literal = node.literal ?? ""
            if literal.hasSuffix("\n") { literal.removeLast() }
            let text = HTMLText.readable(literal)
            guard !text.isEmpty else { break }
            let start = offset(line: node.startLine, column: node.startColumn)
            var block = leaf(.htmlBlock, text: text, node: node, quoteDepth: quoteDepth, list: list, start: start)
            block.raw = literal
            blocks.append(block)
        default:
            for child in node.children { walk(child, quoteDepth: quoteDepth, list: list) }
        }
    }

    private mutating func walkItem(_ item: CommonMarkNode, quoteDepth: Int, list: ListContext) {
        var context = list
        for child in item.children {
            walk(child, quoteDepth: quoteDepth, list: context)
            if child.kind == .paragraph { context.isFirstParagraph = false }
        }
        if item.children.isEmpty {
            let start = context.markerOffset
            blocks.append(leaf(.listItem, text: "", node: item, quoteDepth: quoteDepth, list: context, start: start))
        }
    }

    private func isATXHeading(_ node: CommonMarkNode) -> Bool {
        let start = offset(line: node.startLine, column: node.startColumn)
        return start < source.count && source[start] == UInt8(ascii: "#")
    }

    private mutating func addInline(_ node: CommonMarkNode, kind: BlockKind, quoteDepth: Int, list: ListContext?) {
        // A paragraph whose last line a table took as its header has no place in cmark-gfm's tree (line 0); the
        // table is given the paragraph's start instead.
        let placed = node.startLine == 0 ? node.next.flatMap { $0.kind == .table ? $0 : nil } ?? node : node
        var start = offset(line: placed.startLine, column: placed.startColumn)
        if case .heading(_, false) = kind {
            while start < source.count, source[start] == UInt8(ascii: "#") { start += 1 }
            while start < source.count, source[start] == 0x20 || source[start] == 0x09 { start += 1 }
        }
        if list?.taskChecked != nil, list?.isFirstParagraph == true {
            start = taskContentStart(from: start)
        }
        pending.append((blocks.count, node, start, false))
        blocks.append(leaf(kind, text: "", node: node, quoteDepth: quoteDepth, list: list, start: start))
    }

    /// cmark-gfm may or may not count the task box in the paragraph's column: step over it if it is there.
    private func taskContentStart(from start: Int) -> Int {
        var i = start
        if i + 2 < source.count, source[i] == UInt8(ascii: "["), source[i + 2] == UInt8(ascii: "]") {
            i += 3
            while i < source.count, source[i] == 0x20 || source[i] == 0x09 { i += 1 }
        }
        return i
    }

    /// The blocks with their inline content mapped to text, spans and source bytes: each block on its own, so a
    /// long document's blocks are mapped on all cores. Each mapping is cut down to what the block keeps as soon as it
    /// is done (the byte range of every character only with `sourceMap`), so memory stays as it was.
    mutating func mappedBlocks(inParallel: Bool) -> [MarkdownBlock] {
        let (source, sourceMap, isUTF8) = (self.source, self.sourceMap, self.isUTF8)
        // Inline notes (`^[...]`) are found by where each character stands: without a `^` in the piece there are
        // none, and without a source map the byte range of each character is not needed.
        let recordsRanges = sourceMap || source[piece].withUnsafeBytes { ByteSearch.contains($0, [UInt8(ascii: "^")]) }
        let work = pending.map { (node: $0.node, start: $0.start, isTableRow: $0.isTableRow) }
        let map = { @Sendable (job: (node: CommonMarkNode, start: Int, isTableRow: Bool)) -> MappedInline in
            var mapper = InlineMapper(source: source, sourceIsUTF8: isUTF8, start: job.start, recordsRanges: recordsRanges)
            if job.isTableRow { mapper.mapTableRow(cells: job.node.children) } else { mapper.map(job.node.children) }
            // A string made from the bytes once, in storage of its own size.
            let text = mapper.text
            let notes = InlineNotes.spans(in: text, sourceRanges: mapper.sourceRanges, besides: mapper.spans)
            // Built by appending, the text has room to spare (up to as much again): a long document keeps it trimmed.
            return MappedInline(text: text, spans: mapper.spans + notes, sourceRanges: sourceMap ? mapper.sourceRanges : nil,
                                delimiters: sourceMap ? mapper.delimiters : [], end: mapper.position)
        }
        let mapped = inParallel && piece.count >= 64 * 1024 ? work.concurrentMap(map) : work.map(map)
        // The blocks move out of the builder rather than being copied: a long document's blocks are held once.
        var result = blocks
        blocks = []
        for (job, inline) in zip(pending, mapped) {
            result[job.block].text = inline.text
            result[job.block].spans = inline.spans
            result[job.block].sourceRanges = inline.sourceRanges
            result[job.block].delimiters = inline.delimiters
            result[job.block].contentEnd = inline.end
        }
        return result
    }

    /// What a block keeps of its inline mapping.
    private struct MappedInline: Sendable {
        var text: String
        var spans: [InlineSpan]
        var sourceRanges: [Range<Int>]?
        var delimiters: [DelimiterMarkup]
        var end: Int
    }

    private func leaf(
        _ kind: BlockKind, text: String, node: CommonMarkNode, quoteDepth: Int, list: ListContext?, start: Int
    ) -> MarkdownBlock {
        MarkdownBlock(
            kind: kind, text: text, spans: [], quoteDepth: quoteDepth, list: list, lines: lines(of: node),
            sourceRanges: nil, delimiters: [], contentStart: start, contentEnd: start)
    }
}
