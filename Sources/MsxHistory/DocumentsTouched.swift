import MsxGit
import MsxModel

extension ProjectHistory {
    /// The ids of the documents a version touched: those its trailers name (msx's versions), else those whose files
    /// differ from its first parent's (versions made with other git tools).
    func documentsTouched(by commit: GitCommit) throws -> [String] {
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
