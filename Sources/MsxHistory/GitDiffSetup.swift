import Foundation
import MsxGit
import MsxModel
import MsxProject

/// Lets git tools show msx's formatting-aware diff: `git diff` (and `git log -p --ext-diff`) run msx as an external
/// diff driver for the project's `.md` files; tools that only take a text conversion get the plain text. `git merge`
/// runs msx as the merge driver of documents, their sidecars and the manifest (`GitMergeDriver`).
extension ProjectHistory {
    /// Writes `diff.msx.command` and `diff.msx.textconv` (git shows msx's diff) and `merge.msx.driver` (git merges
    /// documents word by word, sidecars with them and the manifest by node id) into `.git/config`, and the lines that name them into the
    /// project's `.gitattributes`. `executable` is msx's absolute path.
    public func configureGitDiff(executable: String) throws {
        let quoted = "'" + executable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        try repository.setConfig("diff.msx.command", "\(quoted) diff-driver")
        try repository.setConfig("diff.msx.textconv", "\(quoted) textconv")
        try repository.setConfig("merge.msx.name", "msx: documents word by word, the binder by node id")
        try repository.setConfig("merge.msx.driver", "\(quoted) merge-driver %O %A %B %P")
        let url = project.root.appendingPathComponent(".gitattributes")
        var text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let present = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in ["*.md diff=msx", "*.md merge=msx", "*\(GitMergeDriver.sidecarSuffix) merge=msx", "\(Manifest.fileName) merge=msx"]
        where !present.contains(line) {
            text += (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + line + "\n"
        }
        if text != (try? String(contentsOf: url, encoding: .utf8)) { try FileIO.writeAtomically(Data(text.utf8), to: url) }
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
