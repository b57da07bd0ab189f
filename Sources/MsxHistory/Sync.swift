import Foundation
import MsxGit
import MsxModel
import MsxProject

/// What `pull` found and did.
public enum PullOutcome: Sendable, Equatable {
    /// The remote had nothing this project lacks.
    case upToDate
    /// This project moved forward to the remote's last version (it had nothing of its own since).
    case fastForwarded(from: GitOID?, to: GitOID)
    /// The remote has no copy of this branch yet (`push` sends it).
    case remoteHasNoBranch
    /// Both had new versions: they were merged into a version with two parents.
    case merged(MergeResult)
    /// Both had new versions, and changed some words differently: the files hold the merge, to be resolved.
    case conflicted(MergeState)
}

/// What `push` did.
public struct PushOutcome: Sendable, Equatable {
    public var remote: String
    public var branch: String
    /// The version the remote's branch now names.
    public var version: GitOID
    /// Whether the branch's versions were sent (false: the remote had them already, as of the last transfer).
    public var sent: Bool
    /// Milestones the remote refused to move (it has another version under that name).
    public var refusedMilestones: [String]
}

/// Remotes and the transfers with them: the project's history travels through any git remote.
extension ProjectHistory {
    public func remotes() throws -> [GitRemoteInfo] { try repository.remotes() }

    /// Adds the remote `name`; returns it as `remotes()` lists it (any password in its URL shown as `***`).
    @discardableResult
    public func addRemote(_ name: String, url: String) throws -> GitRemoteInfo {
        try repository.addRemote(name, url: url)
        return GitRemoteInfo(name: name, url: RedactedURL.redacting(url))
    }

    public func removeRemote(_ name: String) throws { try repository.removeRemote(name) }

    /// The remote a transfer uses when none is named: the current branch's upstream, else `origin`, else the only one.
    public func defaultRemote() throws -> String {
        let names = try repository.remotes().map(\.name)
        if let branch = try repository.currentBranch(), let upstream = repository.config("branch.\(branch).remote"),
           names.contains(upstream) { return upstream }
        if names.contains("origin") { return "origin" }
        if names.count == 1 { return names[0] }
        throw MsxError(.noRemote, names.isEmpty
            ? "this project has no remote to sync with (msx remote add origin URL adds one)"
            : "this project has several remotes (\(names.joined(separator: ", "))): name the one to use")
    }

    /// Brings the remote's versions in. When this project has nothing of its own since they parted, its files move
    /// forward to the remote's last version; when both have new versions, they are merged (see `merge`).
    /// - Throws: `unsaved-work` when files changed since the last snapshot (they are never overwritten).
    /// - Parameter markers: put both sides of a conflict in the file between git's markers.
    /// - Parameter acceptingRewrite: merge even when the remote's history was rewritten since the last transfer (a
    ///   force-push dropped versions it had); otherwise that is refused with `remote-rewritten`, nothing changed.
    public func pull(from remote: String? = nil, markers: Bool = false, acceptingRewrite: Bool = false,
                     _ transfer: TransferOptions) throws -> PullOutcome {
        let remote = try remote ?? defaultRemote()
        let branch = try currentBranchForTransfer()
        try refuseUnsavedWork(doing: "pull")
        let tracking = "refs/remotes/\(remote)/\(branch)"
        let known = try repository.referenceTarget(tracking)
        try repository.fetch(remote, session: TransferSession(transfer))
        guard let theirs = try repository.referenceTarget(tracking) else { return .remoteHasNoBranch }
        let ours = try head()
        if let known, known != theirs, !acceptingRewrite, try !repository.isAncestor(known, of: theirs) {
            // Kept where it was, so that every later pull says so too until the writer chooses.
            try repository.setReference(tracking, to: known, reason: "msx pull: the remote was rewritten")
            throw MsxError(.remoteRewritten, "'\(remote)' no longer has version \(known.short), which it had at the last transfer: "
                + "its history was rewritten (a force-push), to \(theirs.short). Nothing was merged or sent. msx pull "
                + "--accept-rewrite merges its new history with this project's (the next push sends this project's versions again)")
        }
        if let ours, try repository.isAncestor(theirs, of: ours) { return .upToDate }
        try refuseUnreadableVersions(from: theirs, hiding: ours, of: remote)
        if let ours, try !repository.isAncestor(ours, of: theirs) {
            switch try merge(theirs, describedAs: "'\(remote)'", markers: markers) {
            case .merged(let result): return .merged(result)
            case .conflicted(let state): return .conflicted(state)
            }
        }
        guard ours != nil else {
            throw MsxError(.mergeNeeded, "this project has no version yet, and '\(remote)' has: msx clone makes a copy of it")
        }
        try advance(to: theirs, branch: branch, reason: "msx pull: fast-forward")
        return .fastForwarded(from: ours, to: theirs)
    }

    /// Sends this branch's versions and the milestones to the remote, and remembers it as the branch's upstream.
    /// - Throws: `push-rejected` when the remote has versions this project lacks (pull first).
    public func push(to remote: String? = nil, _ transfer: TransferOptions) throws -> PushOutcome {
        let remote = try remote ?? defaultRemote()
        let branch = try currentBranchForTransfer()
        guard let version = try head() else { throw MsxError.noHistory }
        let tagRefs = try repository.tags().map(\.refName)
        let alreadyThere = try repository.referenceTarget("refs/remotes/\(remote)/\(branch)") == version
        let session = TransferSession(transfer)
        try repository.push(remote, refspecs: ["refs/heads/\(branch):refs/heads/\(branch)"] + tagRefs.map { "\($0):\($0)" },
                            session: session)
        FaultInjection.point("push-sent")
        if session.rejected.contains(where: { $0.ref.isEmpty || $0.ref == "refs/heads/\(branch)" }) {
            throw MsxError(.pushRejected, "'\(remote)' has versions this project does not have yet: msx pull brings them in, "
                + "then push again (or msx sync does both)")
        }
        if repository.config("branch.\(branch).remote") == nil { try repository.setUpstream(branch: branch, remote: remote) }
        let tags = try repository.tags()
        let refused = session.rejected.compactMap { rejection in
            tags.first { $0.refName == rejection.ref }.map(Milestone.displayName(of:))
        }
        return PushOutcome(remote: remote, branch: branch, version: version, sent: !alreadyThere, refusedMilestones: refused)
    }

    /// Clones the project at `url` into the new folder `destination` and opens it.
    /// - Throws: `not-a-project` (and removes the folder) when the remote holds no Manuscript project.
    public static func clone(_ url: String, into destination: URL, _ transfer: TransferOptions) throws -> ProjectHistory {
        if FileManager.default.fileExists(atPath: destination.path),
           !((try? FileManager.default.contentsOfDirectory(atPath: destination.path))?.isEmpty ?? false) {
            throw MsxError(.destinationNotEmpty, "\(destination.path) already exists and is not empty")
        }
        if !url.contains(":"), !FileManager.default.fileExists(atPath: url) {
            throw MsxError(.remoteUnreachable, "cannot clone \(url): no such folder")
        }
        let existed = FileManager.default.fileExists(atPath: destination.path)
        do {
            let repository = try GitRepository.clone(url, into: destination, session: TransferSession(transfer))
            if !FileIO.exists(destination.appendingPathComponent(Manifest.fileName)), try repository.head() == nil {
                _ = try repository.checkOutRemoteBranch(of: "origin")
            }
            guard FileIO.exists(destination.appendingPathComponent(Manifest.fileName)) else {
                throw MsxError(.notAProject, "\(url) is not a Manuscript project (its files have no \(Manifest.fileName) at the top)")
            }
            return try ProjectHistory.existing(Project(root: destination))
        } catch {
            if existed {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? [] {
                    try? FileManager.default.removeItem(at: destination.appendingPathComponent(name))
                }
            } else {
                try? FileManager.default.removeItem(at: destination)
            }
            throw error
        }
    }

    /// Brings the project's files from HEAD's version to `target` in one journaled transaction (a crash leaves the
    /// one or the other, and the next command finishes or undoes it), then moves the branch and the index. A crash
    /// between the files and the branch leaves the new files as changes to snapshot: nothing is lost.
    /// - Parameter bases: texts that sidecars of `target` are anchored to, kept in `.msx/base/` with the files.
    func advance(to target: GitOID, branch: String, reason: String, bases: [BaseText] = []) throws {
        let files = try moveFiles(to: target, bases: bases)
        try repository.moveBranch(branch, to: target, reason: reason)
        try repository.syncIndex(toHead: files, under: prefix)
        // Housekeeping: the versions are recorded, and a reader would bring the index up to date anyway.
        try? updateVersionIndex()
    }

    /// Writes the project's files of version `target` over those of HEAD's version, in one journaled transaction;
    /// returns `target`'s files (git path to blob).
    /// - Parameters:
    ///   - source: the version the files hold now (default: HEAD's).
    ///   - bases: texts that sidecars of `target` are anchored to, kept in `.msx/base/` with the files.
    ///   - stage: stages more changes (msx's own files) into the same transaction.
    func moveFiles(to target: GitOID, from source: GitOID? = nil, bases: [BaseText] = [],
                   also stage: (inout FileTransaction) throws -> Void = { _ in }) throws -> [String: GitOID] {
        let before = try (source ?? head()).map { try repository.files(in: $0, under: prefix) } ?? [:]
        let after = try repository.files(in: target, under: prefix)
        var project = self.project
        var transaction = project.transaction()
        // msx's own folder and git's are never written from a version (a crafted one could hold them).
        for path in after.keys {
            let first = path.dropFirst(prefix.count).split(separator: "/").first.map(String.init) ?? ""
            if first == ".msx" || first.lowercased() == ".git" {
                throw MsxError(.pathEscapesProject, "version \(target.short) holds \(path), inside \(first)/, which no version may write: nothing was changed")
            }
        }
        for (path, blob) in after where before[path] != blob {
            let relative = String(path.dropFirst(prefix.count))
            let folder = (relative as NSString).deletingLastPathComponent
            if !folder.isEmpty { transaction.makeFolder(folder) }
            transaction.write(try repository.blob(blob), to: relative)
        }
        for path in before.keys where after[path] == nil { transaction.delete(String(path.dropFirst(prefix.count))) }
        for base in bases { try project.bases.stage(base, into: &transaction) }
        try stage(&transaction)
        try project.commit(transaction)
        return after
    }

    private func currentBranchForTransfer() throws -> String {
        guard let branch = try repository.currentBranch() else {
            throw MsxError(.usage, "HEAD is not on a branch (detached, or no version yet): msx can only sync a branch")
        }
        return branch
    }

    /// Refuses, before anything changes, when a version `remote` sent (reachable from `tip`, not from `known`) has a
    /// binder no command could read (a path outside the project or outside `contents/`, malformed JSON): the checks
    /// every command makes on opening a project, made on each incoming version as on a clone; or holds a symbolic
    /// link, which could lead a later write outside the project.
    func refuseUnreadableVersions(from tip: GitOID, hiding known: GitOID?, of remote: String) throws {
        for version in try repository.history(of: tip, hiding: known) {
            do {
                _ = try manifest(at: version)
            } catch let error as MsxError {
                throw MsxError(error.code, "'\(remote)' sent version \(version.short), whose binder cannot be read (\(error.message)); "
                    + "nothing was changed")
            }
            if let link = try repository.symbolicLinks(in: version, under: prefix).first {
                throw MsxError(.pathEscapesProject, "'\(remote)' sent version \(version.short), which holds \(link), a symbolic link "
                    + "msx does not write from a version: nothing was changed")
            }
        }
    }

    /// Refuses when files changed since the last snapshot: a transfer that moves files never overwrites a word.
    func refuseUnsavedWork(doing what: String) throws {
        try refuseDuringMerge()
        let unsaved = try changes().count + (try manifestDiffers(at: head()) ? 1 : 0)
        guard unsaved == 0 else {
            throw MsxError(.unsavedWork, "there are changes not yet snapshotted: msx snapshot records them, then \(what) "
                + "(msx sync --snapshot does both)")
        }
    }
}
