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

    /// The words `count` counts, in order: each a stretch from its first letter or digit to its last (the
    /// punctuation around it trimmed: "quay." is "quay"), a CJK character alone.
    public static func words(in text: Substring) -> [Substring] {
        var text = text
        var ranges: [Range<Int>] = []
        text.withUTF8 { bytes in forEachWord(in: bytes) { ranges.append($0) } }
        let utf8 = text.utf8
        var words: [Substring] = []
        words.reserveCapacity(ranges.count)
        var index = utf8.startIndex, offset = 0
        for range in ranges {
            let start = utf8.index(index, offsetBy: range.lowerBound - offset)
            index = utf8.index(start, offsetBy: range.count)
            offset = range.upperBound
            words.append(text[start..<index])
        }
        return words
    }

    private static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var words = 0
        forEachWord(in: bytes) { _ in words += 1 }
        return words
    }

    /// Calls `word` with each word's byte range, in order. Reads over the UTF-8 (valid: a string's), ASCII through a
    /// table, runs of ASCII letters or spaces in a tight loop: every report counts every document.
    @inline(__always)
    package static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ word: (Range<Int>) -> Void) {
        var first = -1  // where the run's first letter or digit starts (-1: none yet)
        var afterLast = 0  // where the run's last letter or digit ends
        var previous: UInt8 = 0  // the scalar before, when ASCII (only a '^' before '[' matters)
        var i = 0
        asciiKinds.withUnsafeBufferPointer { kinds in
            while i < bytes.count {
                let lead = bytes[i]
                let start = i
                let kind: Kind
                if lead < 0x80 {
                    // The common case, without a Unicode property lookup.
                    kind = lead == 0x5B && previous == 0x5E ? .space : kinds[Int(lead)]
                    i += 1
                    // The rest of a run of ASCII letters or of ASCII spaces changes nothing but where it ends: skipped
                    // in a tight loop (neither holds the `^` that makes a `[` a space).
                    if kind == .letter || kind == .space {
                        while i < bytes.count, bytes[i] < 0x80, kinds[Int(bytes[i])] == kind { i += 1 }
                    }
                    previous = bytes[i - 1]
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
                case .letter:
                    if first < 0 { first = start }
                    afterLast = i
                case .other:
                    break
                case .space, .cjk:
                    if first >= 0 { word(first..<afterLast) }
                    first = -1
                    if kind == .cjk { word(start..<i) }
                }
            }
        }
        if first >= 0 { word(first..<afterLast) }
    }

    /// Each ASCII character's kind: white space (tab to carriage return, space), a letter or digit, or other.
    private static let asciiKinds: [Kind] = (0..<128).map { byte -> Kind in
        switch byte {
        case 0x20, 0x09...0x0D: .space
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: .letter
        default: .other
        }
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
