import MsxModel

/// Formatting events in the words `msx format` prints (also the `changes` strings of its `--json` report).
public enum FormatWording {
    /// The sentence for `event`; in a dry run (`mood`), the same sentence with "would" ("would add bold to ...").
    public static func line(_ event: FormatEvent, _ mood: Mood = .done) -> String {
        switch event {
        case .character(let key, let value, let text, let paragraph):
            let words = quote(text), at = "(paragraph \(paragraph + 1))"
            let name = DiffDescription.name(of: key)
            if let on = value.boolValue, [AttributeKey.bold, .italic, .strikethrough].contains(key) {
                return mood == .done ? "\(key) \(on ? "added to" : "removed from") \(words) \(at)"
                    : "would \(on ? "add \(key) to" : "remove \(key) from") \(words) \(at)"
            }
            if value == .null { return "\(name) \(mood.verb("removed", "be removed")) from \(words) \(at)" }
            return "\(name) \(DiffDescription.text(of: value)) \(mood.verb("applied", "be applied")) to \(words) \(at)"
        case .paragraph(let key, let before, let after, let paragraph):
            return mood.change("\(DiffDescription.name(of: key)) \(DiffDescription.text(of: before)) -> \(DiffDescription.text(of: after))"
                + " (paragraph \(paragraph + 1))")
        }
    }

    /// Words in quotes, shortened past 40 characters.
    static func quote(_ words: String) -> String {
        "'" + (words.count > 40 ? String(words.prefix(37)) + "..." : words) + "'"
    }
}
