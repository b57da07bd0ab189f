extension String {
    /// The text without the horizontal space at either end: what `trimmingCharacters(in: .whitespaces)` removes (the
    /// space separators of Unicode's category Zs, the tab, and the zero-width space, which was one of them once and
    /// which Foundation's set still holds), scalar by scalar as it does, even where a space carries a combining mark.
    /// Foundation's version goes through NSString, whose first use in a process costs more than reading a revision.
    package func trimmingHorizontalSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isHorizontalSpace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isHorizontalSpace })!
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// A space separator (category Zs), the tab or the zero-width space.
    fileprivate var isHorizontalSpace: Bool {
        value == 0x09 || value == 0x20 || value == 0x200B || (value >= 0x80 && properties.generalCategory == .spaceSeparator)
    }
}
