import Foundation
import MsxGit
import MsxModel
import MsxProject

/// An alternate draft: a git branch, with its last version.
public struct DraftInfo: Sendable, Equatable {
    public var name: String
    public var version: GitOID
    public var time: Int64
    /// Minutes east of UTC of the clock that made its last version.
    public var offsetMinutes: Int
    public var subject: String
    /// Words in the draft's documents at its last version.
    public var words: Int
    public var isCurrent: Bool
}

/// What merging a draft did.
public enum DraftMergeOutcome: Sendable, Equatable {
    case upToDate
    case fastForwarded(to: GitOID)
    case merged(MergeResult)
    case conflicted(MergeState)
}

/// Alternate drafts as branches: made from the current state or a version, listed, switched to
/// (the files follow, through the journal) and merged back with the same merge as `pull`.
extension ProjectHistory {
    public func drafts() throws -> [DraftInfo] {
        let current = try repository.currentBranch()
        return try repository.branches().map { name, version in
            let entry = try self.entry(for: version)
            return DraftInfo(name: name, version: version, time: entry.time, offsetMinutes: entry.offsetMinutes, subject: entry.subject,
                             words: try words(at: version), isCurrent: name == current)
        }
    }

    /// Makes the draft `name` at `revision` (default: the last version).
    public func createDraft(_ name: String, at revision: String? = nil) throws -> DraftInfo {
        let version = try resolve(revision ?? "HEAD")
        if try repository.referenceTarget("refs/heads/\(name)") != nil {
            throw MsxError(.draftExists, "a draft named '\(name)' already exists (msx switch \(name) goes to it)")
        }
        guard GitRepository.isValidBranchName(name) else {
            throw MsxError(.invalidValue, "'\(name)' cannot be a draft's name (no spaces, no ~ ^ : ? * [ or ..)")
        }
        try repository.moveBranch(name, to: version, reason: "msx branch")
        return try drafts().first { $0.name == name }!
    }

    /// Goes to the draft `name`: its files replace this draft's (changes not yet snapshotted refuse the switch).
    public func switchDraft(to name: String) throws -> DraftInfo {
        let target = try draftVersion(name)
        try refuseUnsavedWork(doing: "switch")
        try repository.refuseDuringGitOperation()
        let files = try moveFiles(to: target)
        try repository.setHead(branch: name)
        try repository.syncIndex(toHead: files, under: prefix)
        return try drafts().first { $0.name == name }!
    }

    /// Merges the draft `name` into the current one, as `pull` merges a remote.
    /// - Parameter markers: put both sides of a conflict in the file between git's markers.
    public func mergeDraft(_ name: String, markers: Bool = false) throws -> DraftMergeOutcome {
        let theirs = try draftVersion(name)
        guard let branch = try repository.currentBranch(), let ours = try head() else { throw MsxError.noHistory }
        try refuseUnsavedWork(doing: "merge")
        if try repository.isAncestor(theirs, of: ours) { return .upToDate }
        if try repository.isAncestor(ours, of: theirs) {
            try advance(to: theirs, branch: branch, reason: "msx merge: fast-forward")
            return .fastForwarded(to: theirs)
        }
        switch try merge(theirs, describedAs: "draft '\(name)'", markers: markers) {
        case .merged(let result): return .merged(result)
        case .conflicted(let state): return .conflicted(state)
        }
    }

    /// The draft the working copy is on (nil when HEAD names no branch).
    public func currentDraft() throws -> String? { try repository.currentBranch() }

    /// The last version of the draft `name`.
    /// - Throws: `unknown-draft` (with the nearest name) when there is none.
    public func draftVersion(_ name: String) throws -> GitOID {
        guard let version = try repository.referenceTarget("refs/heads/\(name)") else {
            let names = try repository.branches().map(\.name)
            let suggestion = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw MsxError(.unknownDraft, "no draft named '\(name)'\(suggestion) (msx branch lists them)")
        }
        return version
    }

    /// Words in the compiled folders' documents at `version` (the whole binder, Trash left out).
    private func words(at version: GitOID) throws -> Int {
        guard let manifest = try manifest(at: version) else { return 0 }
        var total = 0
        for entry in manifest.entries where entry.node.kind == .document && !manifest.isTrashed(entry.node.id) {
            if let document = try document(entry.node, at: version) { total += WordCount.count(document.text) }
        }
        return total
    }
}
