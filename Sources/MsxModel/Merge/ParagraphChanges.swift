/// The differences between two versions of one document, paragraph by paragraph, each of which can be taken alone:
/// how a review is accepted or rejected one change at a time.
///
/// A change is a stretch of the older version's paragraphs that the newer replaced by others (none, for a deletion;
/// none replaced, for an insertion). Two paragraphs are the same only when their Markdown and their sidecar
/// formatting are, so a change of formatting alone is a change too. Taking one change splices the other version's
/// Markdown lines and formatting in, and is re-read before it is returned: a splice that would not read back as
/// exactly the expected paragraphs is refused, never written.
public struct ParagraphChanges: Sendable {
    /// One change: the older version's paragraphs `old` became the newer's `new`.
    public struct Change: Sendable, Equatable {
        public var old: Range<Int>
        public var new: Range<Int>
        /// Names the change by what it holds (its paragraphs' Markdown and formatting, on both sides), so that a
        /// decision made on a page that is out of date is refused instead of landing on another change.
        public var fingerprint: String
    }

    public let older: RichDocument
    public let newer: RichDocument
    public let changes: [Change]
    private let olderSpans: Spans
    private let newerSpans: Spans

    public init(older: DocumentMerge.Version, newer: DocumentMerge.Version) {
        let olderDocument = RichDocument(markdown: MarkdownDocument(older.markdown), sidecar: older.sidecar)
        let newerDocument = RichDocument(markdown: MarkdownDocument(newer.markdown), sidecar: newer.sidecar)
        let (olderSpans, newerSpans) = (Spans(olderDocument.markdown), Spans(newerDocument.markdown))
        let (olderFormatting, newerFormatting) = (olderDocument.formatting.paragraphs, newerDocument.formatting.paragraphs)
        var keys = ParagraphKeys()
        let oldKeys = olderFormatting.indices.map { keys.key(olderSpans.text($0), olderFormatting[$0]) }
        let newKeys = newerFormatting.indices.map { keys.key(newerSpans.text($0), newerFormatting[$0]) }
        var changes: [Change] = []
        for step in PatienceDiff.diff(oldKeys, newKeys) {
            let (old, new): (Range<Int>, Range<Int>)
            switch step {
            case .equal: continue
            case .delete(let range, let at): (old, new) = (range, at..<at)
            case .insert(let range, let at): (old, new) = (at..<at, range)
            }
            if let last = changes.last, last.old.upperBound == old.lowerBound, last.new.upperBound == new.lowerBound {
                changes[changes.count - 1].old = last.old.lowerBound..<old.upperBound
                changes[changes.count - 1].new = last.new.lowerBound..<new.upperBound
            } else {
                changes.append(Change(old: old, new: new, fingerprint: ""))
            }
        }
        for k in changes.indices {
            let change = changes[k]
            let parts = change.old.map { "-" + olderSpans.text($0) + "\u{1}" + Self.describe(olderFormatting[$0]) }
                + change.new.map { "+" + newerSpans.text($0) + "\u{1}" + Self.describe(newerFormatting[$0]) }
            changes[k].fingerprint = String(TextHash.fnv1a64("\(change.old.lowerBound)\u{2}" + parts.joined(separator: "\u{2}")).prefix(12))
        }
        (self.older, self.newer, self.olderSpans, self.newerSpans, self.changes) = (olderDocument, newerDocument, olderSpans, newerSpans, changes)
    }

    /// The older version with `change` taken from the newer.
    /// - Throws: `cannot-take-alone` when the splice would not read back as exactly the paragraphs expected.
    public func taking(_ change: Change) throws -> DocumentMerge.Version {
        try Self.splice(into: older, olderSpans, replacing: change.old, with: change.new, of: newer, newerSpans)
    }

    /// The newer version with `change` undone (the older's paragraphs back in its place).
    /// - Throws: `cannot-take-alone` when the splice would not read back as exactly the paragraphs expected.
    public func undoing(_ change: Change) throws -> DocumentMerge.Version {
        try Self.splice(into: newer, newerSpans, replacing: change.new, with: change.old, of: older, olderSpans)
    }

    /// The texts of a change's paragraphs on each side, and the words it adds and removes.
    public func texts(of change: Change) -> (old: [String], new: [String], added: Int, removed: Int) {
        let (old, new) = (Array(older.paragraphTexts[change.old]), Array(newer.paragraphTexts[change.new]))
        let (added, removed) = WordDelta.between(old.joined(separator: "\n"), new.joined(separator: "\n"))
        return (old, new, added, removed)
    }

    /// The change with this fingerprint, if the documents still hold it.
    public func change(named fingerprint: String) -> Change? { changes.first { $0.fingerprint == fingerprint } }

    /// A paragraph's formatting as text that is the same in every process (a dictionary's order is not).
    private static func describe(_ formatting: ParagraphFormatting) -> String {
        func attributes(_ attributes: Attributes) -> String {
            attributes.map { "\($0.key)=\(JSONWriter.string($0.value, pretty: false))" }.sorted().joined(separator: ",")
        }
        return attributes(formatting.attributes) + formatting.runs.map { "|\($0.range)" + attributes($0.attributes) }.joined()
    }

    private static func splice(into target: RichDocument, _ targetSpans: Spans, replacing range: Range<Int>,
                               with sourceRange: Range<Int>, of source: RichDocument, _ sourceSpans: Spans) throws -> DocumentMerge.Version {
        let before = targetSpans.bytes(upTo: range.lowerBound)
        let taken = sourceSpans.bytes(of: sourceRange)
        let after = targetSpans.bytes(from: range.upperBound)
        let blocks = Array(target.markdown.blocks[..<range.lowerBound]) + source.markdown.blocks[sourceRange]
            + target.markdown.blocks[range.upperBound...]
        var formatting = target.formatting
        formatting.paragraphs = Array(target.formatting.paragraphs[..<range.lowerBound]) + source.formatting.paragraphs[sourceRange]
            + target.formatting.paragraphs[range.upperBound...]
        // A stretch taken from its own surroundings may need a blank line on either side to stay its own paragraphs.
        let blank: [UInt8] = [0x0A]
        let candidates = [before + taken + after, before + blank + taken + after, before + taken + blank + after,
                          before + blank + taken + blank + after]
        for bytes in candidates {
            let markdown = MarkdownDocument(bytes: bytes)
            guard markdown.blocks.count == blocks.count,
                  zip(markdown.blocks, blocks).allSatisfy({ $0.text == $1.text && $0.kind == $1.kind && $0.list?.depth == $1.list?.depth })
            else { continue }
            let texts = markdown.blocks.map(\.text)
            let sidecar = formatting.sidecar(texts: texts, keeping: target.sidecarExtra)
            let empty = sidecar.paragraphs.isEmpty && sidecar.extra.isEmpty
            let reread = RichDocument(markdown: markdown, sidecar: empty ? nil : sidecar)
            guard reread.formatting == formatting else { continue }
            return DocumentMerge.Version(markdown: String(decoding: bytes, as: UTF8.self), sidecar: empty ? nil : sidecar)
        }
        throw MsxError(.cannotTakeAlone, "this change cannot be taken alone (it would not read back as the same paragraphs)")
    }
}

/// Each paragraph's Markdown lines: from its first line to the next paragraph's first line, so the blank lines after
/// a paragraph go with it; what comes before the first (front matter) stays with the document.
private struct Spans: Sendable {
    let source: [UInt8]
    /// Byte where each paragraph's lines start, then the end of the file.
    let starts: [Int]

    init(_ markdown: MarkdownDocument) {
        source = markdown.source
        var lineStarts = [0]
        for (offset, byte) in source.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
        starts = markdown.blocks.map { lineStarts[min($0.lines.lowerBound, lineStarts.count - 1)] } + [source.count]
    }

    func bytes(upTo paragraph: Int) -> [UInt8] { Array(source[..<starts[paragraph]]) }
    func bytes(from paragraph: Int) -> [UInt8] { Array(source[starts[paragraph]...]) }
    func bytes(of paragraphs: Range<Int>) -> [UInt8] { Array(source[starts[paragraphs.lowerBound]..<starts[paragraphs.upperBound]]) }

    /// A paragraph's Markdown without the blank lines after it.
    func text(_ paragraph: Int) -> String {
        var end = starts[paragraph + 1]
        while end > starts[paragraph], source[end - 1] == 0x0A || source[end - 1] == 0x20 || source[end - 1] == 0x0D { end -= 1 }
        return String(decoding: source[starts[paragraph]..<end], as: UTF8.self)
    }
}

/// Numbers paragraphs by content: equal Markdown and equal formatting, one number.
private struct ParagraphKeys {
    private var seen: [String: [(ParagraphFormatting, Int)]] = [:]
    private var count = 0

    mutating func key(_ text: String, _ formatting: ParagraphFormatting) -> Int {
        if let found = seen[text]?.first(where: { $0.0 == formatting }) { return found.1 }
        count += 1
        seen[text, default: []].append((formatting, count))
        return count
    }
}
