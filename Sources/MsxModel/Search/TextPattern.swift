import Foundation

/// What `msx search` looks for: words as typed, or a regular expression; with or without regard to case. It is
/// matched within each paragraph's text (what a reader sees: no Markdown markup), never across paragraphs.
public struct TextPattern: Sendable {
    private let expression: NSRegularExpression

    /// - Throws: `invalid-value` for an empty pattern or a regular expression that does not compile.
    public init(_ pattern: String, regex: Bool = false, ignoringCase: Bool = false) throws {
        guard !pattern.isEmpty else { throw MsxError(.invalidValue, "give something to search for") }
        do {
            expression = try NSRegularExpression(pattern: regex ? pattern : NSRegularExpression.escapedPattern(for: pattern),
                                                 options: ignoringCase ? [.caseInsensitive] : [])
        } catch {
            throw MsxError(.invalidValue, "'\(pattern)' is not a regular expression msx reads")
        }
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
