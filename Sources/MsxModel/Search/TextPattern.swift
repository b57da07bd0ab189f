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
        guard !words.isEmpty, !markdown.contains(UInt8(ascii: "&")), !markdown.contains(UInt8(ascii: "<")) else { return true }
        let inWord: Set<UInt8> = [UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "\\")]
        let text = markdown.filter { !inWord.contains($0) }
        return text.withUnsafeBytes { bytes in Self.holds(bytes, Array("](".utf8)) || words.allSatisfy { Self.holds(bytes, $0) } }
    }

    /// Whether `needle` occurs in `haystack`.
    private static func holds(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
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
