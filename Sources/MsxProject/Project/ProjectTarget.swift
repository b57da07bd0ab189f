import Foundation
import MsxModel

extension Project {
    /// The project's word target, deadline (YYYY-MM-DD) and daily session target, as the manifest holds them.
    public var target: (words: Int?, deadline: String?, session: Int?) {
        let integer = { (key: String) in manifest.target[key]?.numberValue.flatMap { Int(exactly: $0.rounded()) } }
        return (integer("words"), manifest.target["deadline"]?.stringValue, integer("session"))
    }

    /// Whether a day's words (the session, the days `stats` lists, the streak) count the draft's documents alone, as
    /// Scrivener counts a session (the default; `target.sessionCounts` is `"draft"` or absent), or every document
    /// (`"all"`).
    public var sessionCountsDraftOnly: Bool { manifest.target["sessionCounts"]?.stringValue != "all" }

    /// Sets the project's target: the words the draft should reach, by when, and the words of a day's session; nil
    /// leaves one as it is, 0 (or an empty deadline) removes it. `sessionCounts` says what a day's words count:
    /// `draft` or `all`.
    /// - Throws: `invalid-value` for a negative number, a deadline that is not a day (YYYY-MM-DD), or a
    ///   `sessionCounts` that is neither.
    public mutating func setTarget(words: Int? = nil, deadline: String? = nil, session: Int? = nil, sessionCounts: String? = nil) throws {
        if let sessionCounts, !["draft", "all"].contains(sessionCounts) {
            throw MsxError(.invalidValue, "--session-counts takes draft or all, not '\(sessionCounts)'")
        }
        for (name, value) in [("--words", words), ("--session", session)] where (value ?? 0) < 0 {
            throw MsxError(.invalidValue, "\(name) takes a number of words from 0")
        }
        if let deadline, !deadline.isEmpty {
            let parts = deadline.split(separator: "-").compactMap { Int($0) }
            let valid = deadline.wholeMatch(of: #/\d{4}-\d{2}-\d{2}/#) != nil && parts.count == 3
                && DateComponents(calendar: Calendar(identifier: .gregorian), year: parts[0], month: parts[1], day: parts[2]).isValidDate
            guard valid else { throw MsxError(.invalidValue, "--deadline takes a day as YYYY-MM-DD, not '\(deadline)'") }
        }
        var updated = manifest
        if let words { updated.target["words"] = words == 0 ? nil : .int(words) }
        if let deadline { updated.target["deadline"] = deadline.isEmpty ? nil : .string(deadline) }
        if let session { updated.target["session"] = session == 0 ? nil : .int(session) }
        if let sessionCounts { updated.target["sessionCounts"] = sessionCounts == "draft" ? nil : .string(sessionCounts) }
        let lock = try lock()
        defer { withExtendedLifetime(lock) {} }
        try commit(transaction(), manifest: updated)
    }
}
