/// List number formats and the symbols they show (as the Apple apps number them).
public enum ListFormat: String, CaseIterable, Sendable {
    case none, decimal, lowercaseRoman, uppercaseRoman, lowercaseLetter, uppercaseLetter, footnoteSymbols, bulletSymbols

    /// Whether Markdown writes this format as an ordered list (`1.`); the others are bullet lists.
    public var isOrdered: Bool {
        switch self {
        case .decimal, .lowercaseRoman, .uppercaseRoman, .lowercaseLetter, .uppercaseLetter: return true
        case .none, .footnoteSymbols, .bulletSymbols: return false
        }
    }

    /// The marker shown for the item at 0-based `index`.
    public func symbol(at index: Int) -> String {
        switch self {
        case .none: return ""
        case .decimal: return "\(index + 1)."
        case .lowercaseRoman: return Self.roman(index + 1).lowercased() + "."
        case .uppercaseRoman: return Self.roman(index + 1) + "."
        case .lowercaseLetter: return Self.letters(index) + "."
        case .uppercaseLetter: return Self.letters(index).uppercased() + "."
        case .footnoteSymbols: return ["*", "\u{2020}", "\u{2021}", "\u{00A7}", "\u{00B6}"][index % 5]
        case .bulletSymbols: return ["\u{2022}", "\u{25E6}", "\u{25AA}", "\u{25AB}", "\u{25B8}"][index % 5]
        }
    }

    static func roman(_ number: Int) -> String {
        let table: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
            (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var n = number
        var result = ""
        for (value, numeral) in table {
            while n >= value { result += numeral; n -= value }
        }
        return result
    }

    /// a, b, ..., z, aa, ab, ...
    static func letters(_ index: Int) -> String {
        var n = index
        var result = ""
        repeat {
            result = String(UnicodeScalar(UInt8(97 + n % 26))) + result
            n = n / 26 - 1
        } while n >= 0
        return result
    }
}
