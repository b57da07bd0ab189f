import MsxModel

/// A version that changed how often a pattern occurs in a document (as `git log -S` finds versions, but in the
/// text a reader sees, and following the document by id).
public struct HistoryMatch: Sendable {
    public var version: GitOID
    /// Seconds since 1970.
    public var time: Int64
    public var subject: String
    public var documentID: String
    /// The document's title and path in that version (or, where it was deleted, in the version before).
    public var title: String
    public var path: String
    /// How often the pattern occurs in the document before and after the version.
    public var before: Int
    public var after: Int
}

extension ProjectHistory {
    /// Every version, newest first, in which `pattern` occurs a different number of times in one of the documents it
    /// touched than in the version before (its first parent): where a phrase first appeared, and where it went.
    public func searchHistory(_ pattern: TextPattern) throws -> [HistoryMatch] {
        guard let headID = try head() else { return [] }
        var found: [HistoryMatch] = []
        for id in try repository.history(from: headID) {
            let commit = try repository.commit(id)
            let parent = commit.parents.first
            for documentID in try documentsTouched(by: commit) {
                let after = try version(of: documentID, at: id)
                let before = try parent.flatMap { try version(of: documentID, at: $0) }
                let counts = (before.map { pattern.count(in: $0.1.paragraphTexts) } ?? 0, after.map { pattern.count(in: $0.1.paragraphTexts) } ?? 0)
                guard counts.0 != counts.1, let node = after?.0 ?? before?.0 else { continue }
                let subject = commit.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
                found.append(HistoryMatch(version: id, time: commit.time, subject: subject, documentID: documentID, title: node.title,
                                          path: node.path, before: counts.0, after: counts.1))
            }
        }
        return found
    }

    /// The ids of the documents a version touched: those its trailers name (msx's versions), else those whose files
    /// differ from its first parent's (versions made with other git tools).
    private func documentsTouched(by commit: GitCommit) throws -> [String] {
        let trailers = DocumentTrailer.all(in: commit.message)
        if !trailers.isEmpty { return trailers.map(\.id) }
        let now = try binder(at: commit.id)
        let before = try commit.parents.first.flatMap { try binder(at: $0) }
        var ids: [String] = []
        for entry in (now?.entries ?? []) + (before?.entries ?? []) where entry.node.kind == .document && !ids.contains(entry.node.id) {
            let path = gitPath(entry.node.path)
            let a = try repository.entry(at: path, in: commit.id)
            let b = try commit.parents.first.flatMap { try repository.entry(at: path, in: $0) }
            if a != b { ids.append(entry.node.id) }
        }
        return ids
    }
}
