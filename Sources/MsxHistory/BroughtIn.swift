/// How the words of a version came in when the writer did not write them then: brought in by an import (the
/// versions an import records: the project as it came, and the snapshots of the program it came from), a restore,
/// or a merge. Such words are never counted as a day's writing. A version says it in a trailer,
///
///     Msx-Brought-In: import
///
/// and a merge version (two parents) is one without saying so.
public enum BroughtIn: String, Sendable, CaseIterable {
    case `import`
    case restore
    case merge

    static let prefix = "Msx-Brought-In: "

    /// The trailer line.
    var line: String { Self.prefix + rawValue }

    /// What a version's message says of it, or nil when its words were written.
    static func said(in message: String) -> BroughtIn? {
        for line in message.split(separator: "\n", omittingEmptySubsequences: true).reversed() where line.hasPrefix(prefix) {
            return BroughtIn(rawValue: String(line.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
