/// Writes paragraph text as CommonMark so that it reads back as exactly that text: characters Markdown would take
/// as markup are backslash-escaped, whitespace Markdown would strip becomes a character reference.
enum MarkdownEscaping {
    /// How hard to escape: `.readable` escapes only where markup could start; `.everything` escapes every ASCII
    /// punctuation character (always valid CommonMark), for the rare text `.readable` gets wrong.
    enum Mode { case readable, everything }

    /// `text` (part of one line of a paragraph: no U+2028) escaped. `startsLine` and `endsLine` say whether it
    /// begins or ends its line, where Markdown strips whitespace and some characters open blocks.
    static func escape(_ text: Substring, startsLine: Bool, endsLine: Bool, mode: Mode) -> String {
        var out: [UInt8] = []
        append(Array(text.unicodeScalars), startsLine: startsLine, endsLine: endsLine, mode: mode, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `scalars` escaped, as UTF-8, to `out` (see `escape`).
    static func append(_ scalars: [Unicode.Scalar], startsLine: Bool, endsLine: Bool, mode: Mode, to out: inout [UInt8]) {
        let firstVisible = startsLine ? scalars.firstIndex { !isStrippable($0) } ?? scalars.count : 0
        let lastVisible = endsLine ? scalars.lastIndex { !isStrippable($0) } ?? -1 : scalars.count - 1
        for (i, scalar) in scalars.enumerated() {
            if i < firstVisible || i > lastVisible {
                out += "&#\(scalar.value);".utf8
                continue
            }
            if needsEscape(scalars, i, lineStart: startsLine ? firstVisible : nil, mode: mode) { out.append(0x5C) }
            UTF8.encode(scalar) { out.append($0) }
        }
    }

    /// Spaces and tabs at either end of a line, which Markdown drops.
    private static func isStrippable(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" }

    /// CommonMark's ASCII punctuation, as a bit per code point below 128.
    private static let punctuation: (low: UInt64, high: UInt64) = {
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".utf8 {
            if c < 64 { bits.low |= 1 << UInt64(c) } else { bits.high |= 1 << UInt64(c - 64) }
        }
        return bits
    }()

    private static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return v < 64 ? punctuation.low & (1 << UInt64(v)) != 0 : v < 128 && punctuation.high & (1 << UInt64(v - 64)) != 0
    }

    /// Whether the character at `i` needs a backslash; `lineStart` is where the line's text begins, when it does.
    private static func needsEscape(_ s: [Unicode.Scalar], _ i: Int, lineStart: Int?, mode: Mode) -> Bool {
        let c = s[i]
        guard isPunctuation(c) else { return false }
        if mode == .everything { return true }
        switch c {
        case "\\", "*", "`", "[", "]", "~":
            return true
        case "_":
            return !(isWordCharacter(s, i - 1) && isWordCharacter(s, i + 1))
        case "<":
            return i + 1 < s.count && (s[i + 1].properties.isAlphabetic || "/!?".unicodeScalars.contains(s[i + 1]))
        case "&":
            return looksLikeEntity(s, after: i)
        case "#", ">", "-", "+", "=":
            return i == lineStart
        case ".", ")":
            // "12. " or "3) " at a line start would open an ordered list.
            guard let lineStart, i > lineStart, i - lineStart < 10 else { return false }
            return s[lineStart..<i].allSatisfy { ("0"..."9").contains($0) }
        default:
            return false
        }
    }

    private static func isWordCharacter(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        i >= 0 && i < s.count && (s[i].properties.isAlphabetic || s[i].properties.numericType != nil)
    }

    /// `&` followed by a name or number and `;` would read as a character reference.
    private static func looksLikeEntity(_ s: [Unicode.Scalar], after i: Int) -> Bool {
        var j = i + 1
        while j < s.count, j - i <= 32, s[j].isASCII, s[j].properties.isAlphabetic || s[j].properties.numericType != nil || s[j] == "#" {
            j += 1
        }
        return j > i + 1 && j < s.count && s[j] == ";"
    }
}
