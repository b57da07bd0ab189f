import CGit2

/// Branches (a writer's drafts and review branches) and where two versions' histories met.
extension GitRepository {
    /// Local branches and the versions they name, by name.
    package func branches() throws -> [(name: String, version: GitOID)] {
        var iterator: OpaquePointer?
        try LibGit2.check(git_reference_iterator_glob_new(&iterator, handle, "refs/heads/*"), "cannot read the drafts")
        defer { git_reference_iterator_free(iterator) }
        var result: [(String, GitOID)] = []
        var name: UnsafePointer<CChar>?
        while git_reference_next_name(&name, iterator) == 0, let name {
            let full = String(cString: name)
            if let version = try referenceTarget(full) { result.append((String(full.dropFirst("refs/heads/".count)), version)) }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// Points HEAD at the branch `name`.
    package func setHead(branch name: String) throws {
        try LibGit2.check(git_repository_set_head(handle, "refs/heads/\(name)"), "cannot switch to \(name)")
    }
}

extension GitRepository {
    /// The best common ancestor of two versions, or nil when their histories never met.
    package func mergeBase(_ a: GitOID, _ b: GitOID) throws -> GitOID? {
        var out = git_oid(), ra = a.raw, rb = b.raw
        let code = git_merge_base(&out, handle, &ra, &rb)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try LibGit2.check(code, "cannot find where \(a.short) and \(b.short) parted")
        return GitOID(out)
    }
}

extension GitRepository {
    /// Whether git takes `name` as a branch's name (no spaces, no ~ ^ : ? * [ or ..).
    package static func isValidBranchName(_ name: String) -> Bool {
        git_reference_is_valid_name("refs/heads/\(name)") == 1
    }
}
