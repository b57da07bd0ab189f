/// Plain text of a document: paragraphs on their own lines, checklists as `[x]`/`[ ]`.
public enum PlainText {
    public static func render(_ paragraphs: [ResolvedParagraph]) -> String {
        var out = ""
        for p in paragraphs {
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
        return out
    }
}
