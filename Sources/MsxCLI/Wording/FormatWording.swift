import MsxKit

/// Formatting events in the words `msx format` prints (also the `changes` strings of its `--json` report).
enum FormatWording {
    static func line(_ event: FormatEvent) -> String {
        switch event {
        case .character(let key, let value, let text, let paragraph):
            let words = quote(text), at = "(paragraph \(paragraph + 1))"
            if [AttributeKey.bold, .italic, .strikethrough].contains(key), let on = value.boolValue {
                return "\(key) \(on ? "added to" : "removed from") \(words) \(at)"
            }
            let name = DiffDescription.name(of: key)
            return value == .null ? "\(name) removed from \(words) \(at)"
                : "\(name) \(DiffDescription.text(of: value)) applied to \(words) \(at)"
        case .paragraph(let key, let before, let after, let paragraph):
            return "\(DiffDescription.name(of: key)) \(DiffDescription.text(of: before)) -> \(DiffDescription.text(of: after))"
                + " (paragraph \(paragraph + 1))"
        }
    }

    /// Words in quotes, shortened past 40 characters.
    static func quote(_ words: String) -> String {
        "'" + (words.count > 40 ? String(words.prefix(37)) + "..." : words) + "'"
    }
}
