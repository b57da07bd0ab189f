/// The tokens a word merge compares, as integer ids shared by the three versions: each word (a run of letters,
/// digits and their marks, `TextTokens.isWord`) is one token, every other UTF-16 unit one of its own. Comparing
/// ids instead of strings keeps the diff's hashing to one integer per token.
struct MergeTokens {
    private var ids: [ArraySlice<UInt16>: Int] = [:]
    /// Each id's text.
    private(set) var texts: [String] = []
    /// Each id's weight in the alignment: a word's length, zero for a space or a mark (aligned only between words).
    private(set) var weights: [Int] = []
    /// The id of a line break, the one mark the merge looks at.
    private(set) var lineBreak = 0

    init() { lineBreak = id(of: [0x0A][...]) }

    /// Whether a token is a word.
    func isWord(_ token: Int) -> Bool { weights[token] > 0 }

    /// The text of a sequence of tokens.
    func text<Tokens: Sequence<Int>>(_ tokens: Tokens) -> String { tokens.reduce(into: "") { $0 += texts[$1] } }

    /// A text's tokens, in order.
    mutating func tokens(_ text: String) -> [Int] {
        let units = Array(text.utf16)
        return Self.ranges(of: units).map { id(of: units[$0]) }
    }

    /// Where each token of `units` lies: a run of word units, or one other unit.
    static func ranges(of units: [UInt16]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(units.count / 3)
        var start = 0
        while start < units.count {
            var end = start + 1
            if TextTokens.isWord(UInt32(units[start])) {
                while end < units.count, TextTokens.isWord(UInt32(units[end])) { end += 1 }
            }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    private mutating func id(of units: ArraySlice<UInt16>) -> Int {
        if let known = ids[units] { return known }
        let id = texts.count
        ids[units] = id
        texts.append(String(decoding: units, as: UTF16.self))
        weights.append(TextTokens.isWord(UInt32(units[units.startIndex])) ? units.count : 0)
        return id
    }
}
