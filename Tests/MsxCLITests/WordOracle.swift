/// Words counted as docs/format.md (section 5) says, written apart from msx's code: the oracle of the word-count
/// tests.
enum WordOracle {
    /// Words as msx counts them: whitespace-separated pieces, an inline footnote's `^[` starting a piece, each CJK
    /// character a word of its own, the rest trimmed to their first and last letter or digit.
    static func words(_ text: String) -> [Substring: Int] {
        func isCJK(_ c: Character) -> Bool {
            c.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x3400...0x4DBF).contains($0.value)
                || (0x4E00...0x9FFF).contains($0.value) || (0xF900...0xFAFF).contains($0.value) }
        }
        var counts: [Substring: Int] = [:]
        let spaced = text.replacingOccurrences(of: "^[", with: "^ [")
        for piece in spaced.split(whereSeparator: \.isWhitespace) {
            for part in piece.split(omittingEmptySubsequences: true, whereSeparator: isCJK) {
                guard let first = part.firstIndex(where: { $0.isLetter || $0.isNumber }),
                      let last = part.lastIndex(where: { $0.isLetter || $0.isNumber }) else { continue }
                counts[part[first...last], default: 0] += 1
            }
            for c in piece where isCJK(c) { counts[Substring(String(c)), default: 0] += 1 }
        }
        return counts
    }

    /// Words added and removed from `old` to `new`.
    static func delta(_ old: String, _ new: String) -> (Int, Int) {
        let (a, b) = (words(old), words(new))
        var added = 0, removed = 0
        for key in Set(a.keys).union(b.keys) {
            let difference = (b[key] ?? 0) - (a[key] ?? 0)
            if difference > 0 { added += difference } else { removed -= difference }
        }
        return (added, removed)
    }
}
