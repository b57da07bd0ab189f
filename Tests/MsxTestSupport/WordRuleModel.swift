/// msx's rule for a word written out scalar by scalar with Unicode's properties, independent of `WordCount` (which
/// reads bytes): an oracle for the words msx finds and for the words a change adds and removes.
public enum WordRuleModel {
    /// The words of a text by the rule as written, scalar by scalar with Unicode's properties (msx reads bytes): runs
    /// between white space, from the first letter or digit to the last; a CJK character alone; `^[` a space.
    public static func words(_ text: String) -> [String] {
        var words: [String] = [], run: [Unicode.Scalar] = []
        func close() {
            let isLetter = { (s: Unicode.Scalar) in s.properties.isAlphabetic || s.properties.numericType != nil }
            if let first = run.firstIndex(where: isLetter), let last = run.lastIndex(where: isLetter) {
                words.append(String(String.UnicodeScalarView(run[first...last])))
            }
            run = []
        }
        var previous: Unicode.Scalar = "\0"
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || (scalar == "[" && previous == "^") {
                close()
            } else if isCJK(scalar) {
                close()
                words.append(String(scalar))
            } else {
                run.append(scalar)
            }
            previous = scalar
        }
        close()
        return words
    }

    /// The words `new` holds more often than `old` (added) and the other way round (removed), each text's words
    /// counted whole: what a diff, a snapshot and a log report as added and removed.
    public static func delta(_ old: String, _ new: String) -> [Int] {
        func bag(_ text: String) -> [String: Int] { Dictionary(words(text).map { ($0, 1) }, uniquingKeysWith: +) }
        let before = bag(old), after = bag(new)
        return [after.reduce(0) { $0 + max(0, $1.value - (before[$1.key] ?? 0)) },
                before.reduce(0) { $0 + max(0, $1.value - (after[$1.key] ?? 0)) }]
    }

    /// Han, Hiragana and Katakana: each character a word of its own.
    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F, 0xFF66...0xFF9F:
            return true
        default:
            return false
        }
    }
}
