/// Formatting attributes by name (NSAttributedString / NSParagraphStyle vocabulary). Kept as JSON values so that
/// attributes msx does not know survive a rewrite.
public typealias Attributes = [String: JSONValue]

/// The attribute names msx understands, and which level they apply at.
public enum AttributeName {
    /// Character attributes that runs, styles and defaults may carry.
    public static let character: Set<String> = [
        "bold", "italic", "strikethrough", "underline", "fontFamily", "fontSize", "foregroundColor", "backgroundColor",
    ]
    /// Paragraph attributes that the sidecar, styles and defaults may carry.
    public static let paragraph: Set<String> = [
        "style", "alignment", "firstLineHeadIndent", "headIndent", "tailIndent", "lineHeightMultiple", "lineSpacing",
        "paragraphSpacingBefore", "paragraphSpacing", "tabStops", "listFormat", "checklist",
    ]
    public static let alignments = ["left", "center", "right", "justified"]
    public static let underlines = ["single", "double", "thick"]
    public static let listFormats = [
        "none", "decimal", "lowercaseRoman", "uppercaseRoman", "lowercaseLetter", "uppercaseLetter", "footnoteSymbols",
        "bulletSymbols",
    ]
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The subset of these attributes whose names are in `names`.
    func only(_ names: Set<String>) -> Attributes { filter { names.contains($0.key) } }

    /// These attributes with `other`'s laid over them (`.null` in `other` removes a key).
    func overlaid(with other: Attributes) -> Attributes {
        var result = self
        for (key, value) in other {
            if value == .null { result[key] = nil } else { result[key] = value }
        }
        return result
    }
}
