/// The lines a line merge compares, as integer ids shared by the three versions: each line with the line break
/// that ends it (the last line may have none), compared byte for byte as git compares them.
struct MergeLines {
    private var ids: [ByteLine: Int] = [:]
    private var texts: [ArraySlice<UInt8>] = []
    private var blank: [Bool] = []

    /// Whether a line holds nothing but spaces, tabs and its line break.
    func isBlank(_ line: Int) -> Bool { blank[line] }

    /// A text's lines, in order.
    mutating func lines(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        var lines: [Int] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            end = min(end + 1, bytes.count)
            lines.append(id(of: bytes[start..<end]))
            start = end
        }
        return lines
    }

    /// The text of a sequence of lines.
    func text<Lines: Sequence<Int>>(_ lines: Lines) -> String {
        var bytes: [UInt8] = []
        for line in lines { bytes += texts[line] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Two insertions at one place as one text, so that nothing of either is lost and nothing both hold is there
    /// twice: the one that holds all of the other's words in order; else their paragraphs joined, the paragraphs
    /// they share once and each one's own where they stand (as git's union merge joins lines).
    static func together(_ first: String, _ second: String) -> String {
        var words = MergeTokens()
        let (a, b) = (words.tokens(first), words.tokens(second))
        if isSubsequence(a, of: b) { return second }
        if isSubsequence(b, of: a) { return first }
        var ids: [String: Int] = [:]
        let (x, y) = (paragraphs(first), paragraphs(second))
        let id = { (paragraph: String) in ids[paragraph] ?? { ids[paragraph] = ids.count; return ids.count - 1 }() }
        let (xIDs, yIDs) = (x.map(id), y.map(id))
        return PatienceDiff.diff(xIDs, yIDs).reduce(into: "") { text, step in
            switch step {
            case .equal(let old, _), .delete(let old, _): text += x[old].joined()
            case .insert(let new, _): text += y[new].joined()
            }
        }
    }

    /// A text's paragraphs, each with the blank lines after it (the first with those before it too).
    private static func paragraphs(_ text: String) -> [String] {
        let source = SourceBlocks(text)
        var paragraphs = zip(source.blocks, source.separators).map { $0 + $1 }
        guard !paragraphs.isEmpty else { return source.prefix.isEmpty ? [] : [source.prefix] }
        paragraphs[0] = source.prefix + paragraphs[0]
        return paragraphs
    }

    private static func isSubsequence(_ short: [Int], of long: [Int]) -> Bool {
        var rest = long[...]
        for element in short {
            guard let at = rest.firstIndex(of: element) else { return false }
            rest = rest[(at + 1)...]
        }
        return true
    }

    private mutating func id(of line: ArraySlice<UInt8>) -> Int {
        if let known = ids[ByteLine(line)] { return known }
        ids[ByteLine(line)] = texts.count
        texts.append(line)
        blank.append(line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A })
        return texts.count - 1
    }
}

/// A line's bytes as a dictionary key, hashed in one pass (an `ArraySlice` hashes byte by byte).
struct ByteLine: Hashable {
    let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }

    static func == (a: ByteLine, b: ByteLine) -> Bool { a.bytes.elementsEqual(b.bytes) }
}
