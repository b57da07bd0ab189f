/// The name of a formatting attribute (NSAttributedString / NSParagraphStyle vocabulary), as sidecars, styles, the
/// manifest's defaults and the document model spell it. Each name msx knows is declared once, below; a name it does
/// not know (written by another tool or a newer msx) is kept as it is, so it survives a rewrite.
public struct AttributeKey: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (lhs: AttributeKey, rhs: AttributeKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Names of different lengths are told apart by their lengths alone: the names msx knows mostly differ so, and a
    /// string comparison of two different names costs far more (every run of a compiled book compares a dozen).
    public static func == (lhs: AttributeKey, rhs: AttributeKey) -> Bool {
        lhs.rawValue.utf8.count == rhs.rawValue.utf8.count && lhs.rawValue == rhs.rawValue
    }

    /// Hashed by the name's length alone, which equal names share: a run's attributes are looked up by name all the
    /// time, and hashing every byte of the name cost more than the rest of comparing two runs. The few names of one
    /// length in a run's attributes are told apart by `==`. (Nothing is worked out when a key is made, so that the
    /// names declared below stay constants, not values made on first use and checked at every use.)
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue.utf8.count) }

    // MARK: Character attributes

    public static let bold = AttributeKey(rawValue: "bold")
    public static let italic = AttributeKey(rawValue: "italic")
    public static let strikethrough = AttributeKey(rawValue: "strikethrough")
    /// `single`, `double` or `thick` (see `underlineStyles`), or null for none.
    public static let underline = AttributeKey(rawValue: "underline")
    public static let fontFamily = AttributeKey(rawValue: "fontFamily")
    /// In points.
    public static let fontSize = AttributeKey(rawValue: "fontSize")
    /// `#RRGGBB`.
    public static let foregroundColor = AttributeKey(rawValue: "foregroundColor")
    /// `#RRGGBB` (highlight).
    public static let backgroundColor = AttributeKey(rawValue: "backgroundColor")
    /// `superscript` or `subscript` (see `verticalAlignments`), or null for the baseline.
    public static let verticalAlign = AttributeKey(rawValue: "verticalAlign")
    /// Lower-case letters shown as small capitals.
    public static let smallCaps = AttributeKey(rawValue: "smallCaps")
    /// Every letter shown as a capital (the text keeps its case).
    public static let allCaps = AttributeKey(rawValue: "allCaps")
    /// Inline code (Markdown only).
    public static let code = AttributeKey(rawValue: "code")
    /// A link's address (Markdown only).
    public static let link = AttributeKey(rawValue: "link")
    /// An image's address (Markdown only).
    public static let image = AttributeKey(rawValue: "image")
    /// The run is a footnote's text.
    public static let footnote = AttributeKey(rawValue: "footnote")
    /// The ids of the annotations (comments) on these characters, an array of strings; each is described in the
    /// sidecar's `annotations` table.
    public static let annotation = AttributeKey(rawValue: "annotation")

    // MARK: Paragraph attributes

    /// The named paragraph style.
    public static let style = AttributeKey(rawValue: "style")
    /// `left`, `center`, `right` or `justified` (see `alignments`).
    public static let alignment = AttributeKey(rawValue: "alignment")
    public static let firstLineHeadIndent = AttributeKey(rawValue: "firstLineHeadIndent")
    public static let headIndent = AttributeKey(rawValue: "headIndent")
    public static let tailIndent = AttributeKey(rawValue: "tailIndent")
    public static let lineHeightMultiple = AttributeKey(rawValue: "lineHeightMultiple")
    public static let lineSpacing = AttributeKey(rawValue: "lineSpacing")
    public static let minimumLineHeight = AttributeKey(rawValue: "minimumLineHeight")
    public static let maximumLineHeight = AttributeKey(rawValue: "maximumLineHeight")
    public static let paragraphSpacingBefore = AttributeKey(rawValue: "paragraphSpacingBefore")
    public static let paragraphSpacing = AttributeKey(rawValue: "paragraphSpacing")
    public static let tabStops = AttributeKey(rawValue: "tabStops")
    public static let pageBreakBefore = AttributeKey(rawValue: "pageBreakBefore")
    /// A `ListFormat` raw value.
    public static let listFormat = AttributeKey(rawValue: "listFormat")
    /// `checked` or `unchecked`.
    public static let checklist = AttributeKey(rawValue: "checklist")

    // MARK: Paragraph facts the model reports (Markdown structure, never stored in a sidecar)

    public static let headingLevel = AttributeKey(rawValue: "headingLevel")
    public static let quoteDepth = AttributeKey(rawValue: "quoteDepth")
    public static let listLevel = AttributeKey(rawValue: "listLevel")
    /// The kind of block, where it is not a plain paragraph (`codeBlock`).
    public static let kind = AttributeKey(rawValue: "kind")

    // MARK: Sets and values

    /// Whether text typed right after a stretch with this attribute continues it (Peritext's expand rule): true for
    /// looks (bold, underline, colour, fonts), false for what marks one exact stretch (a link, an image, a footnote,
    /// code, a comment).
    public var expandsAtEnd: Bool { ![.link, .image, .footnote, .code, .annotation].contains(self) }

    /// Character attributes that runs, styles and defaults may carry.
    public static let character: Set<AttributeKey> = [
        .bold, .italic, .strikethrough, .underline, .fontFamily, .fontSize, .foregroundColor, .backgroundColor,
        .verticalAlign, .smallCaps, .allCaps,
    ]
    /// Paragraph attributes that the sidecar, styles and defaults may carry.
    public static let paragraph: Set<AttributeKey> = [
        .style, .alignment, .firstLineHeadIndent, .headIndent, .tailIndent, .lineHeightMultiple, .lineSpacing,
        .paragraphSpacingBefore, .paragraphSpacing, .tabStops, .listFormat, .checklist,
    ]
    public static let alignments = ["left", "center", "right", "justified"]
    public static let underlineStyles = ["single", "double", "thick"]
    public static let verticalAlignments = ["superscript", "subscript"]
}

/// Formatting attributes by name. Kept as JSON values so that attributes msx does not know survive a rewrite.
public typealias Attributes = [AttributeKey: JSONValue]

extension Dictionary where Key == AttributeKey, Value == JSONValue {
    /// Attributes read from a JSON object (a sidecar run, a style, the manifest's defaults).
    public init(json object: [String: JSONValue]) {
        self.init(uniqueKeysWithValues: object.map { (AttributeKey(rawValue: $0.key), $0.value) })
    }

    /// These attributes as a JSON object.
    public var json: [String: JSONValue] {
        [String: JSONValue](uniqueKeysWithValues: map { ($0.key.rawValue, $0.value) })
    }

    /// The subset of these attributes whose names are in `names`.
    func only(_ names: Set<AttributeKey>) -> Attributes { filter { names.contains($0.key) } }

    /// These attributes with `other`'s laid over them (`.null` in `other` removes a key).
    package func overlaid(with other: Attributes) -> Attributes {
        var result = self
        for (key, value) in other {
            if value == .null { result[key] = nil } else { result[key] = value }
        }
        return result
    }
}
