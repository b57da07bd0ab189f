import Foundation

/// What `msx search` looks for: words as typed, or a regular expression; with or without regard to case. It is
/// matched within each paragraph's text (what a reader sees: no Markdown markup), never across paragraphs.
public struct TextPattern: Sendable {
    private let expression: NSRegularExpression
    /// For words searched as typed and in their case: each word of them (letters and digits) as UTF-8, which a
    /// file's bytes must hold for the text a reader sees in it to hold the words.
    private let words: [[UInt8]]
    /// For the same patterns, the pattern as UTF-8: counted by comparing bytes, which finds what the expression
    /// finds (a literal, matched code point by code point, in case) without converting each paragraph to UTF-16.
    private let literal: [UInt8]?

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
        literal = regex || ignoringCase ? nil : Array(pattern.utf8)
    }

    /// Whether the text a reader sees in a Markdown file of these bytes may hold the pattern: false only when a
    /// word of it is not in the bytes once the markup that may stand inside a word (`*`, `_`, `` ` ``, `~`, `\`) is
    /// taken out. A file with character references (`&…;`), links (`](`, `]:`) or HTML (`<`) is always read.
    public func mayOccur(in markdown: Data) -> Bool {
        guard !words.isEmpty else { return true }
        return markdown.withUnsafeBytes(mayOccur)
    }

    /// The same for a file's text.
    public func mayOccur(in markdown: String) -> Bool {
        guard !words.isEmpty else { return true }
        var markdown = markdown
        return markdown.withUTF8 { mayOccur(UnsafeRawBufferPointer($0)) }
    }

    /// The same for bytes held as such (a piece of a file).
    public func mayOccur(in markdown: ArraySlice<UInt8>) -> Bool {
        guard !words.isEmpty else { return true }
        return markdown.withUnsafeBytes(mayOccur)
    }

    /// A reference, HTML, an inline link or a link reference definition answers at once (a link's text joins the
    /// words around it: `fan[tas](x)tic`, or `fan[tas][r]tic` and `fan[tas]tic` where `[r]:` or `[tas]:` is defined);
    /// else each word must occur, with any in-word markup between its bytes. The C library's memchr(3) finds the
    /// places to look.
    private func mayOccur(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard let base = raw.baseAddress else { return false }
        if memchr(base, Int32(UInt8(ascii: "&")), raw.count) != nil || memchr(base, Int32(UInt8(ascii: "<")), raw.count) != nil
            || ByteSearch.contains(raw, Self.inlineLink) || ByteSearch.contains(raw, Self.linkDefinition)
        {
            return true
        }
        return words.allSatisfy { Self.occurs($0, skippingInWordMarkup: raw) }
    }

    private static let inlineLink = Array("](".utf8)
    private static let linkDefinition = Array("]:".utf8)

    /// Whether `word` occurs in `raw` once the markup that may stand inside a word is taken out.
    private static func occurs(_ word: [UInt8], skippingInWordMarkup raw: UnsafeRawBufferPointer) -> Bool {
        guard let first = word.first, let base = raw.baseAddress else { return word.isEmpty }
        var start = 0
        while start < raw.count, let hit = memchr(base + start, Int32(first), raw.count - start) {
            var at = base.distance(to: UnsafeRawPointer(hit)) + 1
            start = at
            var matched = 1
            while matched < word.count && at < raw.count {
                let byte = raw[at]
                if byte == word[matched] {
                    matched += 1
                } else if !isInWordMarkup(byte) {
                    break
                }
                at += 1
            }
            if matched == word.count { return true }
        }
        return false
    }

    private static func isInWordMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "\\"): true
        default: false
        }
    }

    /// Whether a paragraph whose text is these UTF-8 bytes may hold a match: false only for words searched as typed
    /// and in their case that the bytes do not hold (such a pattern is found by its bytes).
    public func mayMatch(_ text: ArraySlice<UInt8>) -> Bool {
        guard let literal else { return true }
        return text.withUnsafeBytes { ByteSearch.contains($0, literal) }
    }

    /// Where the pattern matches in `text`, as UTF-16 ranges (empty matches left out).
    public func matches(in text: String) -> [Range<Int>] {
        if let literal { return Self.literalMatches(of: literal, in: text) }
        return expression.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)).compactMap { match in
            match.range.length > 0 ? match.range.location..<(match.range.location + match.range.length) : nil
        }
    }

    /// Where `needle` occurs in `text`, found by its UTF-8 bytes and told in UTF-16 units: a paragraph is neither
    /// bridged to UTF-16 nor handed to the regular expression engine. A match starts on a character's first byte
    /// (the needle's first byte is one), so its UTF-16 place is the count of units of the characters before it.
    private static func literalMatches(of needle: [UInt8], in text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var (counted, units) = (0, 0)
        forEachOccurrence(of: needle, in: text) { bytes, offset in
            func advance(to end: Int) {
                while counted < end {
                    // A lead byte or an ASCII byte starts a character: one UTF-16 unit, two from U+10000 on.
                    if bytes[counted] & 0xC0 != 0x80 { units += bytes[counted] >= 0xF0 ? 2 : 1 }
                    counted += 1
                }
            }
            advance(to: offset)
            let lower = units
            advance(to: offset + needle.count)
            ranges.append(lower..<units)
        }
        return ranges
    }

    /// How many times the pattern matches in `paragraphs`.
    public func count(in paragraphs: [String]) -> Int {
        if let literal { return paragraphs.reduce(0) { $0 + Self.occurrences(of: literal, in: $1) } }
        return paragraphs.reduce(0) { $0 + expression.numberOfMatches(in: $1, range: NSRange(location: 0, length: $1.utf16.count)) }
    }

    /// How often `needle` occurs in `text`, left to right without overlaps, as a regular expression counts.
    private static func occurrences(of needle: [UInt8], in text: String) -> Int {
        var count = 0
        forEachOccurrence(of: needle, in: text) { _, _ in count += 1 }
        return count
    }

    /// Calls `body` with `text`'s UTF-8 and the byte offset of each occurrence of `needle`, left to right without
    /// overlaps, as a regular expression finds a literal.
    private static func forEachOccurrence(of needle: [UInt8], in text: String,
                                          _ body: (UnsafeRawBufferPointer, Int) -> Void) {
        var text = text
        text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var start = 0
            while let found = ByteSearch.firstIndex(of: needle, in: UnsafeRawBufferPointer(rebasing: bytes[start...])) {
                body(bytes, start + found)
                start += found + needle.count
            }
        }
    }
}
