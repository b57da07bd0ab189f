import MsxModel

/// Where the text of an RTF group goes.
enum RTFDestination: Equatable {
    /// The document's paragraphs (footnotes and field results included).
    case body
    /// Nowhere: pictures, headers, unknown `\*` destinations.
    case skipped
    case fontTable
    case colorTable
    case styleSheet
    case listTable
    case listOverrideTable
    /// Collected for the enclosing field: its instruction (`HYPERLINK "url"`).
    case fieldInstruction
    /// Collected as JSON for msx's own `\msxpara` / `\msxchar`.
    case msxData
    /// Collected: the name of an RTFD package's file (`\NeXTGraphic`).
    case attachmentName
    /// Old-style `\pn` paragraph numbering: only its control words count.
    case paragraphNumbering
    /// A picture's data, as hexadecimal digits.
    case picture
}

/// What happens when a group closes, decided by the destination word that opened it.
enum RTFGroupEnd: Equatable {
    case nothing
    case document
    case footnote
    case fieldInstruction
    case msxParagraph
    case msxCharacter
    case paragraphNumbering
    case list
    case listOverride
    case picture
    case attachment
}

/// Character formatting, scoped to groups and reset by `\plain` (which keeps `link` and `footnote`).
struct RTFCharacterState: Equatable {
    var bold = false
    var italic = false
    var strikethrough = false
    var underline: String?
    /// The `\f` font number; nil for the document's default font.
    var font: Int?
    var halfPoints = 24
    /// Colour table indexes; 0 is "auto".
    var foreground = 0
    var background = 0
    /// `superscript` or `subscript`, nil on the baseline.
    var verticalAlign: String?
    var smallCaps = false
    var allCaps = false
    /// `\v`: text the reader does not show.
    var hidden = false
    var link: String?
    var footnote = false
    /// Attributes from `\msxchar`, laid over the rest. A control word that sets a key removes its override.
    var overrides: Attributes = [:]

    mutating func resetFormatting() {
        self = RTFCharacterState(link: link, footnote: footnote)
    }
}

/// Paragraph formatting in RTF units (twips), scoped to groups and reset by `\pard`.
struct RTFParagraphState: Equatable {
    var alignment = "left"
    var firstLineIndent = 0
    var leftIndent = 0
    var rightIndent = 0
    var spaceBefore = 0
    var spaceAfter = 0
    /// `\sl`: positive for "at least", negative for "exactly", 0 for single.
    var lineSpacing = 0
    /// `\slmult1`: `lineSpacing` is in 240ths of a line.
    var lineSpacingIsMultiple = false
    var leading: Int?
    var minimumLineHeight: Int?
    var maximumLineHeight: Int?
    var tabStops: [Int] = []
    var style: Int?
    var outlineLevel: Int?
    var pageBreakBefore = false
    /// `\ls` (a list override number) and `\ilvl` (0-based level).
    var listOverride: Int?
    var listLevelIndex = 0
    /// Old-style `\pn` numbering: the list format and 1-based level.
    var numberingFormat: String?
    var numberingLevel = 1
}

/// Everything a group carries, saved at `{` and restored at `}`.
struct RTFGroupState {
    var destination = RTFDestination.body
    var end = RTFGroupEnd.nothing
    var character = RTFCharacterState()
    var paragraph = RTFParagraphState()
    /// `\uc`: how many fallback characters follow each `\u`.
    var unicodeFallbackCount = 1
    /// The target of a `HYPERLINK` field whose instruction closed in this group, for its `\fldrslt`.
    var fieldLink: String?
    /// What the picture this group holds is (`png`, `jpeg`), when it is one msx can show.
    var pictureFormat: String?

    /// The state a new nested group starts with: this one, with nothing to do at its end.
    var nested: RTFGroupState {
        var state = self
        state.end = .nothing
        return state
    }
}
