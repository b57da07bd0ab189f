/// msx's single definition of a word, used by `tree`, the count cache and every later report.
///
/// Text is split at white space; a piece is a word if it holds a letter or a digit. Each CJK ideograph, Hiragana or
/// Katakana character is a word of its own, and the letters around it count once per maximal non-CJK run. A
/// footnote written inline (`came^[It rained.]`) starts a word of its own: its words count, as the text's do.
public enum WordCount {
    /// Counts the words of `text`.
    public static func count(_ text: String) -> Int {
        var words = 0
        var inRun = false
        var runHasLetter = false
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            defer { previous = scalar.value }
            if scalar.isASCII {
                // The common case, without a Unicode property lookup.
                let v = scalar.value
                if v == 0x20 || (0x09...0x0D).contains(v) || (v == 0x5B && previous == 0x5E) {
                    if inRun && runHasLetter { words += 1 }
                    inRun = false
                    runHasLetter = false
                } else {
                    inRun = true
                    if (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) { runHasLetter = true }
                }
            } else if scalar.properties.isWhitespace {
                if inRun && runHasLetter { words += 1 }
                inRun = false
                runHasLetter = false
            } else if isCJK(scalar) {
                if inRun && runHasLetter { words += 1 }
                words += 1
                inRun = false
                runHasLetter = false
            } else {
                inRun = true
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { runHasLetter = true }
            }
        }
        if inRun && runHasLetter { words += 1 }
        return words
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
