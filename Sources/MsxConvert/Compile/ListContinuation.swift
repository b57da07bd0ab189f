import MsxModel

extension ResolvedParagraph {
    /// How a further paragraph of a list item shows in RTF and Word, which have no such thing: a paragraph
    /// without a marker, indented as far as the item's text (36 pt a level, as the compiled lists place it) with no
    /// first-line indent of its own; and what msx's own data adds so that import gives the paragraph back as it
    /// was (its kind, level and own indents). Nil for other paragraphs.
    var listContinuation: (shown: Attributes, data: Attributes)? {
        guard continuesListItem, kind == .listItem else { return nil }
        let depth = min(max(listDepth ?? 1, 1), 9)
        let indent = JSONValue.number(Double(36 * depth))
        return ([.headIndent: indent, .firstLineHeadIndent: indent],
                [.kind: "listContinuation", .listLevel: .int(depth),
                 .headIndent: attributes[.headIndent] ?? .null, .firstLineHeadIndent: attributes[.firstLineHeadIndent] ?? .null])
    }
}
