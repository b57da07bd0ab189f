import Foundation

/// What `msx search` looks for: words as typed, or a regular expression; with or without regard to case. It is
/// matched within each paragraph's text (what a reader sees: no Markdown markup), never across paragraphs.
public struct TextPattern: Sendable {
    private let expression: NSRegularExpression
    /// For words searched as typed and in their case: each word of them (letters and digits) as UTF-8, which a
    /// file's bytes must hold for the text a reader sees in it to hold the words.
    private let words: [[UInt8]]

    /// - Throws: `invalid-value` for an empty pattern or a regular expression that does not compile.
    public init(_ pattern: String, regex: Bool = false, ignoringCase: Bool = false) throws {
        guard !pattern.isEmpty else { throw MsxError(.invalidValue, "give something to search for") }
        do {
            expression = try NSRegularExpression(pattern: regex ? pattern : NSRegularExpression.escapedPattern(for: pattern),
                                                 options: ignoringCase ? [.caseInsensitive] : [])
        } catch {
            throw MsxError(.invalidValue, "'\(pattern)' is not a regular expression msx reads")
        }
        words = regex || ignoringCase ? [] : pattern.split { !$0.isLetter && !$0.isNumber }.map { Array($0.utf8) }
    }

    /// Whether the text a reader sees in a Markdown file of these bytes may hold the pattern: false only when a
    /// word of it is not in the bytes once the markup that may stand inside a word (`*`, `_`, `` ` ``, `~`, `\`) is
    /// taken out. A file with character references (`&…;`), inline links or HTML (`](`, `<`) is always read.
    public func mayOccur(in markdown: Data) -> Bool {
        guard !words.isEmpty else { return true }
        return markdown.withUnsafeBytes(mayOccur)
    }

    /// The same for bytes held as such (a piece of a file).
    public func mayOccur(in markdown: ArraySlice<UInt8>) -> Bool {
        guard !words.isEmpty else { return true }
        return markdown.withUnsafeBytes(mayOccur)
    }

    /// One pass over the bytes: a reference or HTML answers at once; the in-word markup is dropped on the way.
    private func mayOccur(_ raw: UnsafeRawBufferPointer) -> Bool {
        var text = [UInt8]()
        text.reserveCapacity(raw.count)
        for byte in raw {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"): return true
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "\\"): continue
            default: text.append(byte)
            }
        }
        return text.withUnsafeBytes { bytes in ByteSearch.contains(bytes, Array("](".utf8)) || words.allSatisfy { ByteSearch.contains(bytes, $0) } }
    }


    /// Where the pattern matches in `text`, as UTF-16 ranges (empty matches left out).
    public func matches(in text: String) -> [Range<Int>] {
        expression.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)).compactMap { match in
            match.range.length > 0 ? match.range.location..<(match.range.location + match.range.length) : nil
        }
    }

    /// How many times the pattern matches in `paragraphs`.
    public func count(in paragraphs: [String]) -> Int {
        paragraphs.reduce(0) { $0 + expression.numberOfMatches(in: $1, range: NSRange(location: 0, length: $1.utf16.count)) }
    }
}
