/// Field instructions (`\fldinst`) the reader understands.
enum RTFField {
    /// The target of a `HYPERLINK "url"` instruction; `HYPERLINK \l "mark"` gives "#mark". Nil for other fields.
    static func hyperlinkTarget(_ instruction: String) -> String? {
        var words = instruction.trimmingSpaces[...]
        guard words.uppercased().hasPrefix("HYPERLINK") else { return nil }
        words = words.dropFirst("HYPERLINK".count)
        var isBookmark = false
        while let first = words.first(where: { $0 != " " }) {
            words = words.drop(while: { $0 == " " })
            if first == "\"" {
                let quoted = words.dropFirst().prefix(while: { $0 != "\"" })
                return (isBookmark ? "#" : "") + quoted
            }
            let word = words.prefix(while: { $0 != " " })
            words = words.dropFirst(word.count)
            if word == "\\l" {
                isBookmark = true
            } else if !word.hasPrefix("\\") {
                return (isBookmark ? "#" : "") + word
            }
        }
        return nil
    }
}
