/// Plain text of a document: paragraphs on their own lines, checklists as `[x]`/`[ ]`.
public enum PlainText {
    /// - Parameter blankLines: a blank line between paragraphs, as a reader expects them (`show --as text`);
    ///   without, one paragraph a line (git's textconv, where a line is what git compares).
    public static func render(_ paragraphs: [ResolvedParagraph], blankLines: Bool = false) -> String {
        var out = ""
        for (index, p) in paragraphs.enumerated() { append(p, to: &out, blankLineBefore: blankLines && index > 0) }
        return out
    }

    /// Adds one paragraph's text and its newline, after a blank line when `blankLineBefore`.
    public static func append(_ p: ResolvedParagraph, to out: inout String, blankLineBefore: Bool) {
        if blankLineBefore { out += "\n" }
        if let state = p.checklist { out += state == "checked" ? "[x] " : "[ ] " }
        for scalar in p.text.unicodeScalars {
            switch scalar {
            case "\u{2028}": out += "\n"
            case "\u{FFFC}": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\n"
    }
}
