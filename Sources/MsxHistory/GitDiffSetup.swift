import Foundation
import MsxModel
import MsxProject

/// Lets git tools show msx's formatting-aware diff: `git diff` (and `git log -p --ext-diff`) run msx as an external
/// diff driver for the project's `.md` files; tools that only take a text conversion get the plain text.
extension ProjectHistory {
    /// Writes `diff.msx.command` and `diff.msx.textconv` into `.git/config` and `*.md diff=msx` into the project's
    /// `.gitattributes`. `executable` is msx's absolute path.
    public func configureGitDiff(executable: String) throws {
        let quoted = "'" + executable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        try repository.setConfig("diff.msx.command", "\(quoted) diff-driver")
        try repository.setConfig("diff.msx.textconv", "\(quoted) textconv")
        let url = project.root.appendingPathComponent(".gitattributes")
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let line = "*.md diff=msx"
        guard !existing.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == line }) else { return }
        let text = existing.isEmpty || existing.hasSuffix("\n") ? existing + line + "\n" : existing + "\n" + line + "\n"
        try FileIO.writeAtomically(Data(text.utf8), to: url)
    }
}

extension ProjectCreator {
    /// Creates a project from `template` (see `create(at:from:details:)`) with its history: a repository of its own,
    /// or the enclosing one when the project sits inside a git work tree; git tools are set up to show msx's diff
    /// through `executable` (msx's absolute path).
    public func createWithHistory(at destination: URL, from template: Template, details: Details,
                                  diffDriver executable: String) throws -> ProjectHistory {
        let history = try ProjectHistory.create(try create(at: destination, from: template, details: details))
        try history.configureGitDiff(executable: executable)
        return history
    }
}
