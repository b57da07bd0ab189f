import CGit2

/// A walk through a repository's versions, newest first, in the order `git log` lists them: the newest version
/// found so far comes next (the first found among equally dated ones), and a version's parents are found when it is
/// listed, so on a line of versions none comes before its child (where two lines merged and clocks disagreed, a
/// parent may come before its other line's child, as in `git log`). Each version is read when `next()` reaches
/// it: a walk that stops after ten versions reads about ten, however long the history.
package final class GitHistoryWalk {
    private let repository: GitRepository
    /// Versions found and not listed yet, the next last: newest, then first found.
    private var pending: [(time: Int64, order: Int, id: GitOID, parents: [GitOID])] = []
    private var seen: Set<GitOID> = []
    private var found = 0

    init(_ repository: GitRepository, from start: GitOID) throws {
        self.repository = repository
        try add(start)
    }

    /// The next version, or nil at the end of the history.
    /// - Throws: when a version cannot be read: the history is damaged, not shorter.
    package func next() throws -> GitOID? {
        guard let next = pending.popLast() else { return nil }
        for parent in next.parents { try add(parent) }
        return next.id
    }

    /// Every version left, in order.
    package func all() throws -> [GitOID] {
        var result: [GitOID] = []
        while let id = try next() { result.append(id) }
        return result
    }

    private func add(_ id: GitOID) throws {
        guard seen.insert(id).inserted else { return }
        let commit = try repository.lookupCommit(id)
        defer { git_commit_free(commit) }
        let time = Int64(git_commit_time(commit))
        let parents = (0..<git_commit_parentcount(commit)).map { GitOID(git_commit_parent_id(commit, $0)!.pointee) }
        found += 1
        // Kept sorted so that the next is last: older times first, and among equal times the later found first.
        let index = pending.firstIndex { $0.time > time || ($0.time == time && $0.order < found) } ?? pending.count
        pending.insert((time, found, id, parents), at: index)
    }
}
