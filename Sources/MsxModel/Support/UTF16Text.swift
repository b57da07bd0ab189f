/// Offsets in msx count UTF-16 code units, as NSRange does. These helpers convert and widen ranges.
extension String {
    /// The number of UTF-16 code units.
    var utf16Length: Int { utf16.count }

    /// The substring between two UTF-16 offsets (clamped to the string).
    package func utf16Slice(_ start: Int, _ end: Int) -> String {
        let u = utf16
        let lower = u.index(u.startIndex, offsetBy: max(0, min(start, u.count)))
        let upper = u.index(u.startIndex, offsetBy: max(0, min(end, u.count)))
        guard lower < upper else { return "" }
        return String(self[lower..<upper])
    }

    /// Widens a UTF-16 range so it neither splits a surrogate pair nor a grapheme cluster.
    func widenedToGraphemes(_ range: Range<Int>) -> Range<Int> {
        var start = 0
        var lower = range.lowerBound
        var upper = range.upperBound
        for character in self {
            let end = start + character.utf16.count
            if start < range.lowerBound && range.lowerBound < end { lower = start }
            if start < range.upperBound && range.upperBound < end { upper = end }
            if start >= range.upperBound { break }
            start = end
        }
        return lower..<upper
    }

    /// All UTF-16 offsets where `needle` occurs, non-overlapping, in order.
    func utf16Occurrences(of needle: String) -> [Int] {
        let hay = Array(utf16)
        let pat = Array(needle.utf16)
        guard !pat.isEmpty, pat.count <= hay.count else { return [] }
        var result: [Int] = []
        var i = 0
        let first = pat[0]
        while i <= hay.count - pat.count {
            if hay[i] == first && hay[i..<(i + pat.count)].elementsEqual(pat) {
                result.append(i)
                i += pat.count
            } else {
                i += 1
            }
        }
        return result
    }
}
