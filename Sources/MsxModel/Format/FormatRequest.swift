import Foundation

/// What `msx format` should change, and where.
public struct FormatRequest: Sendable {
    /// Which text to format.
    public enum Selection: Sendable {
        /// Occurrences of exact text (within one paragraph).
        case match(String, occurrence: Occurrence)
        /// Whole paragraphs, numbered from 1.
        case paragraphs(ClosedRange<Int>)
        /// UTF-16 offsets into the document's text (paragraphs joined by newlines).
        case range(Range<Int>)
    }

    /// Which occurrence of `--match` text.
    public enum Occurrence: Sendable, Equatable {
        /// Exactly one must exist.
        case only
        case number(Int)
        case all
    }

    public var selection: Selection
    /// Character attributes to set (`.null` removes): bold, italic, strikethrough, underline, fontFamily, fontSize,
    /// foregroundColor, backgroundColor.
    public var character: Attributes
    /// Paragraph attributes to set (`.null` removes): style, alignment, indents, spacing, tabStops, listFormat, checklist.
    public var paragraph: Attributes

    public init(selection: Selection, character: Attributes = [:], paragraph: Attributes = [:]) {
        self.selection = selection
        self.character = character
        self.paragraph = paragraph
    }

    /// Checks every value, normalizing colours to uppercase `#RRGGBB`.
    public func validated() throws -> FormatRequest {
        guard !character.isEmpty || !paragraph.isEmpty else {
            throw MsxError(.noChange, "say what to change")
        }
        var copy = self
        for key in [AttributeKey.foregroundColor, .backgroundColor] {
            guard let value = character[key], value != .null else { continue }
            copy.character[key] = .string(try Self.color(value.stringValue ?? ""))
        }
        if let position = character[.verticalAlign]?.stringValue, !AttributeKey.verticalAlignments.contains(position) {
            throw MsxError(.invalidValue, "position must be superscript, subscript or baseline, not '\(position)'")
        }
        if let underline = character[.underline]?.stringValue, !AttributeKey.underlineStyles.contains(underline) {
            throw MsxError(.invalidValue, "underline must be single, double or thick, not '\(underline)'")
        }
        if let (key, expected) = (character.merging(paragraph) { $1 }).firstOutOfLimits() {
            throw MsxError(.invalidValue, "\(AttributeKey.limits[key]!.name) must be \(expected)")
        }
        if let alignment = paragraph[.alignment]?.stringValue, !AttributeKey.alignments.contains(alignment) {
            throw MsxError(.invalidValue, "alignment must be one of \(AttributeKey.alignments.joined(separator: ", "))")
        }
        if let format = paragraph[.listFormat]?.stringValue, ListFormat(rawValue: format) == nil {
            throw MsxError(.invalidValue, "list format must be one of \(ListFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if case .match(let text, _) = selection, text.isEmpty || text.contains("\n") {
            throw MsxError(.invalidSelection, "the text to match must be within one paragraph")
        }
        return copy
    }

    /// `#RGB`, `#RRGGBB`, `RRGGBB` or a CSS colour name (`darkred`) as uppercase `#RRGGBB`.
    static func color(_ text: String) throws -> String {
        if let named = CSSColors.hex[text.lowercased()] { return named }
        var hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit) else {
            let suggestion = Suggestion.closest(to: text, in: Array(CSSColors.hex.keys)).map { " (did you mean \($0)?)" } ?? ""
            throw MsxError(.invalidValue, "colour '\(text)' is not a hex colour like #8B0000 or a CSS colour name like darkred\(suggestion)")
        }
        return "#" + hex.uppercased()
    }
}
