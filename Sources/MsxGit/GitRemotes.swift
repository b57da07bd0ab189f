import CGit2
import Foundation
import MsxModel

/// A remote as git keeps it in `.git/config`.
public struct GitRemoteInfo: Sendable, Equatable {
    public var name: String
    /// Its URL, any password in it shown as `***`.
    public var url: String

    package init(name: String, url: String) { (self.name, self.url) = (name, url) }
}

/// Remotes, fetch, push and clone through libgit2 (msx never runs git): local paths, `file://`, `ssh://`,
/// `user@host:path` and smart HTTP(S).
extension GitRepository {
    package func remotes() throws -> [GitRemoteInfo] {
        var names = git_strarray()
        try LibGit2.check(git_remote_list(&names, handle), "cannot read the remotes")
        defer { git_strarray_dispose(&names) }
        return try (0..<names.count).map { i in
            let name = String(cString: names.strings[i]!)
            return GitRemoteInfo(name: name, url: RedactedURL.redacting(try remoteURL(name)))
        }
    }

    private func remoteURL(_ name: String) throws -> String {
        let remote = try lookupRemote(name)
        defer { git_remote_free(remote) }
        return git_remote_url(remote).map { String(cString: $0) } ?? ""
    }

    private func lookupRemote(_ name: String) throws -> OpaquePointer {
        var remote: OpaquePointer?
        let code = git_remote_lookup(&remote, handle, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue {
            let known = (try? remotes().map(\.name)) ?? []
            let suggestion = Suggestion.closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
            throw MsxError(.unknownRemote, "no remote named '\(name)'\(known.isEmpty ? " (msx remote add NAME URL adds one)" : suggestion)")
        }
        try LibGit2.check(code, "cannot read the remote '\(name)'")
        return remote!
    }

    package func addRemote(_ name: String, url: String) throws {
        var remote: OpaquePointer?
        let code = git_remote_create(&remote, handle, name, url)
        if code == GIT_EEXISTS.rawValue { throw MsxError(.remoteExists, "a remote named '\(name)' already exists") }
        if code == GIT_EINVALIDSPEC.rawValue { throw MsxError(.invalidValue, "'\(name)' cannot be a remote's name") }
        try LibGit2.check(code, "cannot add the remote '\(name)'")
        git_remote_free(remote)
    }

    package func removeRemote(_ name: String) throws {
        git_remote_free(try lookupRemote(name))
        try LibGit2.check(git_remote_delete(handle, name), "cannot remove the remote '\(name)'")
    }

    /// Fetches the remote's branches (into `refs/remotes/NAME/`) and tags.
    package func fetch(_ name: String, session: TransferSession) throws {
        let remote = try lookupRemote(name)
        defer { git_remote_free(remote) }
        session.url = try remoteURL(name)
        var options = git_fetch_options()
        git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION))
        options.callbacks = session.callbacks()
        options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_ALL
        let code = try CertificateAuthorities.trusting(for: session.url, environment: session.environment) {
            withExtendedLifetime(session) { git_remote_fetch(remote, nil, &options, "msx fetch") }
        }
        try Self.checkTransfer(code, session, "cannot fetch from '\(name)' (\(session.url))")
    }

    /// Pushes `refspecs` ("refs/heads/main:refs/heads/main", tags); refs the remote refused are in the session.
    package func push(_ name: String, refspecs: [String], session: TransferSession) throws {
        let remote = try lookupRemote(name)
        defer { git_remote_free(remote) }
        session.url = try remoteURL(name)
        var options = git_push_options()
        git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION))
        options.callbacks = session.callbacks()
        let pointers = refspecs.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        var array = pointers
        let code = try CertificateAuthorities.trusting(for: session.url, environment: session.environment) {
            array.withUnsafeMutableBufferPointer { buffer in
                var specs = git_strarray(strings: buffer.baseAddress, count: buffer.count)
                return withExtendedLifetime(session) { git_remote_push(remote, &specs, &options) }
            }
        }
        if code == GIT_ENONFASTFORWARD.rawValue { session.rejected.append(("", "non-fast-forward")) ; return }
        try Self.checkTransfer(code, session, "cannot push to '\(name)' (\(session.url))")
    }

    /// Clones `url` into the new folder `destination`.
    package static func clone(_ url: String, into destination: URL, session: TransferSession) throws -> GitRepository {
        _ = LibGit2.initialized
        session.url = url
        var options = git_clone_options()
        git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION))
        options.fetch_opts.callbacks = session.callbacks()
        options.fetch_opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_ALL
        var repository: OpaquePointer?
        let code = try CertificateAuthorities.trusting(for: url, environment: session.environment) {
            withExtendedLifetime(session) { git_clone(&repository, url, destination.path, &options) }
        }
        try checkTransfer(code, session, "cannot clone \(url)")
        git_repository_free(repository)
        guard let opened = try discover(containing: destination) else {
            throw MsxError(.repository, "cannot open the clone in \(destination.path)")
        }
        return opened
    }

    /// A transfer's failure in the words a writer understands: the host cannot be reached, or the credentials were
    /// refused, or libgit2's own explanation.
    private static func checkTransfer(_ code: Int32, _ session: TransferSession, _ what: String) throws {
        guard code < 0 else { return }
        do {
            try describeTransferFailure(code, session, what)
        } catch let error as MsxError {
            throw MsxError(error.code, RedactedURL.redacting(error.message))
        }
    }

    private static func describeTransferFailure(_ code: Int32, _ session: TransferSession, _ what: String) throws {
        if let refusal = session.refusedHostKey { throw MsxError(.hostKeyRefused, "\(what): \(refusal)") }
        let last = git_error_last()
        let detail = LibGit2.lastErrorDetail(code)
        if session.exhaustedCredentials || code == GIT_EAUTH.rawValue || detail.lowercased().contains("authentication") {
            throw MsxError(.authenticationFailed, "\(what): the credentials were refused (\(detail)); see ENVIRONMENT in msx(1)")
        }
        if let klass = last?.pointee.klass, [GIT_ERROR_NET, GIT_ERROR_SSH, GIT_ERROR_HTTP, GIT_ERROR_OS, GIT_ERROR_SSL]
            .map({ Int32($0.rawValue) }).contains(klass) || code == GIT_ENOTFOUND.rawValue {
            throw MsxError(.remoteUnreachable, "\(what): \(detail)")
        }
        throw LibGit2.error(code, what)
    }

    /// The id a ref points at (after symbolic refs), or nil when there is no such ref.
    package func referenceTarget(_ name: String) throws -> GitOID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, handle, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { return nil }
        try LibGit2.check(code, "cannot read \(name)")
        return GitOID(oid)
    }

    /// The current branch's short name ("main"), or nil on a detached HEAD or before the first commit.
    package func currentBranch() throws -> String? {
        var head: OpaquePointer?
        let code = git_repository_head(&head, handle)
        if code == GIT_EUNBORNBRANCH.rawValue || code == GIT_ENOTFOUND.rawValue { return nil }
        try LibGit2.check(code, "cannot read HEAD")
        defer { git_reference_free(head) }
        guard git_reference_is_branch(head) == 1 else { return nil }
        return git_reference_shorthand(head).map { String(cString: $0) }
    }

    /// Whether `ancestor` is `descendant` or one of its ancestors.
    package func isAncestor(_ ancestor: GitOID, of descendant: GitOID) throws -> Bool {
        if ancestor == descendant { return true }
        var a = ancestor.raw, d = descendant.raw
        let code = git_graph_descendant_of(handle, &d, &a)
        try LibGit2.check(code, "cannot compare \(ancestor.short) and \(descendant.short)")
        return code == 1
    }

    /// Points `refs/heads/BRANCH` at `target` (the files are the caller's to bring along).
    package func moveBranch(_ branch: String, to target: GitOID, reason: String) throws {
        try setReference("refs/heads/\(branch)", to: target, reason: reason)
    }

    /// Points the reference `name` at `target`, creating it or moving it.
    package func setReference(_ name: String, to target: GitOID, reason: String) throws {
        var reference: OpaquePointer?
        var raw = target.raw
        try LibGit2.check(git_reference_create(&reference, handle, name, &raw, 1, reason),
                          "cannot point \(name) at \(target.short)")
        git_reference_free(reference)
    }

    /// Moves the current branch to `target` and checks its files out, never overwriting a file whose content
    /// differs from HEAD's: for a new clone, whose work tree is empty.
    func checkOut(_ target: GitOID, branch: String) throws {
        let commit = try lookupCommit(target)
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try LibGit2.check(git_commit_tree(&tree, commit), "cannot read the tree of \(target.short)")
        defer { git_tree_free(tree) }
        var options = git_checkout_options()
        git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION))
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue
        try LibGit2.check(git_checkout_tree(handle, tree, &options), "cannot bring the files up to \(target.short)")
        try moveBranch(branch, to: target, reason: "msx clone")
    }

    /// After a clone whose remote HEAD names no branch (a bare repository made with `git init --bare`, then pushed
    /// to under another name): checks out the remote's `main`, else `master`, else its first branch. Returns the
    /// branch, or nil when the remote has none.
    package func checkOutRemoteBranch(of remote: String) throws -> String? {
        var iterator: OpaquePointer?
        try LibGit2.check(git_reference_iterator_glob_new(&iterator, handle, "refs/remotes/\(remote)/*"), "cannot read the branches of \(remote)")
        defer { git_reference_iterator_free(iterator) }
        var branches: [String] = []
        var name: UnsafePointer<CChar>?
        while git_reference_next_name(&name, iterator) == 0, let name {
            let short = String(String(cString: name).dropFirst("refs/remotes/\(remote)/".count))
            if short != "HEAD" { branches.append(short) }
        }
        guard let branch = ["main", "master"].first(where: branches.contains) ?? branches.sorted().first,
              let target = try referenceTarget("refs/remotes/\(remote)/\(branch)") else { return nil }
        try LibGit2.check(git_repository_set_head(handle, "refs/heads/\(branch)"), "cannot set HEAD")
        try checkOut(target, branch: branch)
        try setUpstream(branch: branch, remote: remote)
        return branch
    }

    /// Sets `branch.NAME.remote` and `branch.NAME.merge`, as `git push -u` does.
    package func setUpstream(branch: String, remote: String) throws {
        try setConfig("branch.\(branch).remote", remote)
        try setConfig("branch.\(branch).merge", "refs/heads/\(branch)")
    }
}
