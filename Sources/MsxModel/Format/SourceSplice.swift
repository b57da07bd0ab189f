/// A change to a Markdown file's bytes: replace `range` with `replacement`.
struct ByteEdit: Equatable {
    var range: Range<Int>
    var replacement: [UInt8]

    static func insert(_ text: String, at offset: Int) -> ByteEdit { ByteEdit(range: offset..<offset, replacement: Array(text.utf8)) }
    static func delete(_ range: Range<Int>) -> ByteEdit { ByteEdit(range: range, replacement: []) }
}

extension MarkdownDocument {
    /// The document with `edits` applied (non-overlapping; at one offset, deletions land before insertions).
    func applying(_ edits: [ByteEdit]) -> MarkdownDocument {
        var bytes = source
        let ordered = edits.sorted { a, b in
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound > b.range.lowerBound }
            return a.range.count > b.range.count
        }
        for edit in ordered { bytes.replaceSubrange(edit.range, with: edit.replacement) }
        return MarkdownDocument(bytes: bytes)
    }

    /// Whether another parse has the same paragraphs with the same text (the only difference allowed is markup).
    func hasSameText(as other: MarkdownDocument) -> Bool {
        blocks.count == other.blocks.count && zip(blocks, other.blocks).allSatisfy { $0.text == $1.text }
    }

    /// The source as a string.
    public var sourceText: String { String(decoding: source, as: UTF8.self) }
}

/// Tries candidate edits in order and keeps the first whose result passes `accept`: msx never trusts a splice it
/// has not re-read.
func firstAccepted(_ candidates: [[ByteEdit]], on document: MarkdownDocument,
                   accept: (MarkdownDocument) -> Bool) -> MarkdownDocument? {
    for edits in candidates {
        let result = document.applying(edits)
        if result.hasSameText(as: document) && accept(result) { return result }
    }
    return nil
}
