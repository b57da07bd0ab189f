/// Plain text of a document: paragraphs on their own lines, checklists as `[x]`/`[ ]`.
public enum PlainText {
    /// - Parameter blankLines: a blank line between paragraphs, as a reader expects them (`show --as text`);
    ///   without, one paragraph a line (git's textconv, where a line is what git compares).
    public static func render(_ paragraphs: [ResolvedParagraph], blankLines: Bool = false) -> String {
        var out = ""
        for (index, p) in paragraphs.enumerated() { append(p, to: &out, blankLineBefore: blankLines && index > 0) }
        return out
    }

    /// Adds one paragraph's text and its newline, after a blank line when `blankLineBefore`. A line separator
    /// (U+2028) becomes a newline and an object replacement character (U+FFFC, an image's place) is left out.
    public static func append(_ p: ResolvedParagraph, to out: inout String, blankLineBefore: Bool) {
        if blankLineBefore { out += "\n" }
        if let state = p.checklist { out += state == "checked" ? "[x] " : "[ ] " }
        // The text between those characters is copied whole: copying it a scalar at a time is far slower.
        let text = p.text
        var pieceStart = text.utf8.startIndex
        for special in specialCharacters(in: text) {
            let at = text.utf8.index(text.utf8.startIndex, offsetBy: special.offset)
            out.append(contentsOf: text[pieceStart..<at])
            if special.isLineSeparator { out += "\n" }
            pieceStart = text.utf8.index(at, offsetBy: 3)
        }
        out.append(contentsOf: text[pieceStart...])
        out += "\n"
    }

    /// Where U+2028 (a line separator) and U+FFFC stand in `text`, as UTF-8 offsets: both are three bytes long, and
    /// in valid UTF-8 their bytes mean nothing else.
    private static func specialCharacters(in text: String) -> [(offset: Int, isLineSeparator: Bool)] {
        var text = text
        return text.withUTF8 { bytes in
            var found: [(offset: Int, isLineSeparator: Bool)] = []
            var i = 0
            while i + 2 < bytes.count {
                if bytes[i] == 0xE2, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 {
                    found.append((i, true))
                    i += 3
                } else if bytes[i] == 0xEF, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBC {
                    found.append((i, false))
                    i += 3
                } else {
                    i += 1
                }
            }
            return found
        }
    }
}
