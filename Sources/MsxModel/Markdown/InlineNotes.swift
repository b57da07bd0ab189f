/// Footnotes written inline, `^[note text]` (the syntax pandoc and Obsidian read), found in a block's mapped text:
/// a `^[` and its matching `]` written as they are in the source (escaped, `\^[` or `^\[`, they are plain text),
/// with the brackets written as they are inside it nesting. The span covers the `^[` and `]` too: the note's text
/// in the model is `^[note text]`, as msx writes it and as the RTF writer and HTML compile turn into a real
/// footnote.
enum InlineNotes {
    /// The notes of a block's `text`, each a `.footnote` span; none when the block could not be mapped to its source
    /// (`sourceRanges` nil) or lies in code.
    static func spans(in text: String, sourceRanges: [Range<Int>]?, besides spans: [InlineSpan]) -> [InlineSpan] {
        guard let sourceRanges, ByteSearch.contains(text, "^") else { return [] }
        let units = Array(text.utf16)
        let code = spans.filter { $0.attribute == .code }.map(\.range)
        func written(_ i: Int, _ unit: UInt16) -> Bool {
            units[i] == unit && sourceRanges[i].count == 1 && !code.contains { $0.contains(i) }
        }
        var notes: [InlineSpan] = []
        var i = 0
        while i + 1 < units.count {
            guard written(i, 0x5E), written(i + 1, 0x5B) else { i += 1; continue }
            var depth = 1, j = i + 2
            while j < units.count {
                if written(j, 0x5B) { depth += 1 } else if written(j, 0x5D) { depth -= 1 }
                if depth == 0 { break }
                j += 1
            }
            guard j < units.count, j > i + 2 else { i += 2; continue }
            notes.append(InlineSpan(range: i..<j + 1, attribute: .footnote))
            i = j + 1
        }
        return notes
    }
}
