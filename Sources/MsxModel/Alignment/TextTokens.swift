/// A text cut into the pieces it is compared by: words (letters, digits and marks, with any surrogate pair), and
/// every other unit on its own (a space, a punctuation mark, a paragraph separator).
struct TextTokens {
    /// The unit that joins paragraphs in a compared text (no UTF-16 unit has this value).
    static let separator: UInt32 = 0x1_0000

    /// Each token's range in the text.
    let ranges: [Range<Int>]

    init(_ units: [UInt32]) {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < units.count {
            var end = start + 1
            if Self.isWord(units[start]) { while end < units.count, Self.isWord(units[end]) { end += 1 } }
            ranges.append(start..<end)
            start = end
        }
        self.ranges = ranges
    }

    /// Whether a unit belongs to a word (surrogates do: emoji and rare letters sit in them).
    static func isWord(_ unit: UInt32) -> Bool {
        if unit < 0x80 { return (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit) }
        guard unit < separator else { return false }
        guard let scalar = Unicode.Scalar(unit) else { return true }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
    }

    /// A unit as compared: letters in lower case where that is one unit too, so a change of case keeps its letters.
    static func folded(_ unit: UInt32) -> UInt32 {
        if unit < 0x80 { return unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit }
        guard unit < separator, let scalar = Unicode.Scalar(unit), scalar.properties.changesWhenLowercased else { return unit }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        guard lower.count == 1, let only = lower.first, only.value < separator, !UTF16.isLeadSurrogate(UInt16(only.value)) else {
            return unit
        }
        return only.value
    }
}
