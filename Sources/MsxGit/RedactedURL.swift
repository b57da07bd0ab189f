/// Passwords written into remote URLs (`https://user:secret@host/book.git`) are never shown: in what msx prints, in
/// `--json` and in errors (libgit2's among them) the password reads `***`, as git redacts it.
package enum RedactedURL {
    /// `text` with the password of every `scheme://user:password@host` in it replaced by `***`.
    package static func redacting(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let scheme = rest.range(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            // The authority ends at the first '/', whitespace or quote; its user information at its last '@'.
            let end = rest.firstIndex { $0 == "/" || $0.isWhitespace || $0 == "'" || $0 == "\"" || $0 == ")" } ?? rest.endIndex
            let authority = rest[..<end]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                result += authority[...colon] + "***" + authority[at...]
                rest = rest[end...]
            }
        }
        return result + rest
    }
}
