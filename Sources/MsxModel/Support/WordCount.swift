/// msx's single definition of a word, used by `tree`, the count cache and every later report.
///
/// Text is split at white space; a piece is a word if it holds a letter or a digit. Each CJK ideograph, Hiragana or
/// Katakana character is a word of its own, and the letters around it count once per maximal non-CJK run. A
/// footnote written inline (`came^[It rained.]`) starts a word of its own: its words count, as the text's do.
public enum WordCount {
    /// Counts the words of `text`.
    public static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8(count)
    }

    /// Counts the words of a stretch of a text, read in place.
    public static func count(_ text: Substring) -> Int {
        var text = text
        return text.withUTF8(count)
    }

    /// Reads over the UTF-8 (valid: a string's), ASCII a byte at a time: every report counts every document.
    private static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var words = 0
        var inRun = false
        var runHasLetter = false
        var previous: UInt8 = 0  // the scalar before, when ASCII (only a '^' before '[' matters)
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let kind: Kind
            if lead < 0x80 {
                // The common case, without a Unicode property lookup.
                switch lead {
                case 0x20, 0x09...0x0D: kind = .space
                case 0x5B where previous == 0x5E: kind = .space
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: kind = .letter
                default: kind = .other
                }
                previous = lead
                i += 1
            } else {
                // Valid UTF-8 (a String's): the lead byte gives the length.
                let width = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var value = UInt32(lead) & (0xFF >> (width + 1))
                for k in 1..<width { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
                kind = Self.kind(Unicode.Scalar(value)!)
                previous = 0
                i += width
            }
            switch kind {
            case .space, .cjk:
                if inRun && runHasLetter { words += 1 }
                inRun = false
                runHasLetter = false
                if kind == .cjk { words += 1 }
            case .letter:
                inRun = true
                runHasLetter = true
            case .other:
                inRun = true
            }
        }
        return words + (inRun && runHasLetter ? 1 : 0)
    }

    /// The words `count` counts, in order: each a stretch from its first letter or digit to its last (the
    /// punctuation around it trimmed: "quay." is "quay"), a CJK character alone.
    public static func words<Text: StringProtocol>(in text: Text) -> [Text.SubSequence] {
        var words: [Text.SubSequence] = []
        let scalars = text.unicodeScalars
        var first: Text.Index?  // the run's first letter or digit
        var afterLast = scalars.startIndex
        var previous: Unicode.Scalar = "\0"
        var index = scalars.startIndex
        func close() {
            if let start = first { words.append(text[start..<afterLast]) }
            first = nil
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            let kind: Kind = scalar == "[" && previous == "^" ? .space : Self.kind(scalar)
            switch kind {
            case .space: close()
            case .cjk: close(); words.append(text[index..<next])
            case .letter:
                if first == nil { first = index }
                afterLast = next
            case .other: break
            }
            previous = scalar
            index = next
        }
        close()
        return words
    }

    /// What a scalar is to a word count.
    private enum Kind { case space, cjk, letter, other }

    private static func kind(_ scalar: Unicode.Scalar) -> Kind {
        if scalar.properties.isWhitespace { return .space }
        if isCJK(scalar) { return .cjk }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil ? .letter : .other
    }

    /// Whether a scalar is written without spaces between words (Han, Hiragana, Katakana).
    package static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
            0x20000...0x2FA1F, 0xFF66...0xFF9F:
            return true
        default:
            return false
        }
    }
}
