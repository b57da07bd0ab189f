import Foundation
import MsxGit
import MsxModel

/// One version in a log.
public struct LogEntry: Sendable {
    public var version: GitOID
    /// Seconds since 1970.
    public var time: Int64
    /// Minutes east of UTC of the clock that made it: its date is shown there, as git shows it.
    public var offsetMinutes = 0
    public var author: String
    public var email: String
    /// The first line of the message.
    public var subject: String
    public var milestones: [String]
    /// For a document's log: what this version changed in it.
    public var change: VersionChange?
}

/// What a version changed in one document.
public struct VersionChange: Sendable {
    public var title: String
    public var path: String
    public var wordsAdded: Int
    public var wordsRemoved: Int
    public var text: Bool
    public var formatting: Bool
    public var metadata: Bool
    public var created: Bool
    public var deleted: Bool
    public var moved: Bool
    public var renamed: Bool
    /// Recorded on purpose with nothing changed (a snapshot taken of the same text again).
    public var unchanged = false
    /// Its notes changed (recorded by msx's trailer; a version made by other git tools does not say).
    public var notes = false
}

/// Limits on a log.
public struct LogFilter: Sendable {
    public var limit: Int?
    /// Only versions at or after / at or before these times (seconds since 1970).
    public var since: Int64?
    public var until: Int64?

    public init(limit: Int? = nil, since: Int64? = nil, until: Int64? = nil) {
        self.limit = limit
        self.since = since
        self.until = until
    }
}

extension ProjectHistory {
    /// One version as `log` lists it (no change summary): its id, date, author, subject and milestones.
    public func entry(for version: GitOID) throws -> LogEntry {
        entry(try repository.commit(version), milestones: try milestones(), change: nil)
    }

    /// The project's versions, newest first.
    public func log(_ filter: LogFilter = LogFilter()) throws -> [LogEntry] {
        var entries: [LogEntry] = []
        try log(filter) { entries.append($0) }
        return entries
    }

    /// The project's versions, newest first, each handed to `body` as soon as it is read (a log piped to `head` reads
    /// only what it shows).
    public func log(_ filter: LogFilter = LogFilter(), each body: (LogEntry) throws -> Void) throws {
        guard let headID = try head() else { return }
        let milestones = try self.milestones()
        var count = 0
        let walk = try repository.history(from: headID)
        while let id = try walk.next() {
            let commit = try repository.commit(id)
            if let until = filter.until, commit.time > until { continue }
            if let since = filter.since, commit.time < since { break }
            try body(entry(commit, milestones: milestones, change: nil))
            count += 1
            if let limit = filter.limit, count >= limit { break }
        }
    }

    /// One document's versions, newest first, following it by id across renames, moves and the Trash. Versions
    /// made by msx name their documents in `Msx-Document` trailers; versions made with other git tools are found
    /// by the document's path.
    /// - Parameter withChanges: also work out what each version changed (word deltas); revision lookups skip it.
    /// - Parameter start: the version whose history is read (default: HEAD).
    public func log(of documentID: String, _ filter: LogFilter = LogFilter(), withChanges: Bool = true, from start: GitOID? = nil) throws -> [LogEntry] {
        var entries: [LogEntry] = []
        try log(of: documentID, filter, withChanges: withChanges, from: start) { entries.append($0) }
        return entries
    }

    /// One document's versions as `log(of:)` finds them, each handed to `body` as soon as it is found.
    public func log(of documentID: String, _ filter: LogFilter = LogFilter(), withChanges: Bool = true, from start: GitOID? = nil,
                    each body: (LogEntry) throws -> Void) throws {
        let headID = try head()
        guard let from = start ?? headID else { return }
        let milestones = try self.milestones()
        var count = 0
        var fallbackPath = project.manifest.node(id: documentID)?.path
        // From HEAD, the version index names the versions worth reading; `since` stops at the first older version of
        // the whole history, which only a walk sees.
        var candidates = try from == headID && filter.since == nil
            ? indexedCandidates(of: documentID, head: from) ?? .walk(repository.history(from: from))
            : .walk(repository.history(from: from))
        while let candidate = try candidates.next() {
            let commit = try repository.commit(candidate.id)
            if let until = filter.until, commit.time > until { continue }
            if let since = filter.since, commit.time < since { break }
            let (touches, trailer) = try self.touches(documentID, candidate, commit, fallbackPath: &fallbackPath)
            guard touches else { continue }
            var change: VersionChange?
            if withChanges {
                change = try trailer.flatMap { $0.isComplete ? try recordedChange($0, in: commit, binderThen: binder(at: candidate)) : nil }
                    ?? versionChange(of: documentID, in: commit, path: fallbackPath)
            }
            try body(entry(commit, milestones: milestones, change: change))
            count += 1
            if let limit = filter.limit, count >= limit { break }
        }
    }

    /// The first `limit` versions of a document from HEAD, newest first, as `log(of:)` finds them: without reading
    /// the commits of those the version index lists on the document's line (`REF@~N` reads none of them).
    func versionIDs(of documentID: String, limit: Int) throws -> [GitOID] {
        guard let headID = try head() else { return [] }
        var fallbackPath = project.manifest.node(id: documentID)?.path
        var candidates = try indexedCandidates(of: documentID, head: headID) ?? .walk(repository.history(from: headID))
        var versions: [GitOID] = []
        while versions.count < limit, let candidate = try candidates.next() {
            if try candidate.namedByTrailer
                || touches(documentID, candidate, repository.commit(candidate.id), fallbackPath: &fallbackPath).touches
            {
                versions.append(candidate.id)
            }
        }
        return versions
    }

    /// Whether a candidate version changed the document, and the trailer naming it: by its trailers, or, for a
    /// version without any (made with other git tools), by whether its file differs from the first parent's, found
    /// by the version's binder or else by the path last known (`fallbackPath`, brought up to date on the way).
    private func touches(_ documentID: String, _ candidate: CandidateVersion, _ commit: GitCommit,
                         fallbackPath: inout String?) throws -> (touches: Bool, trailer: DocumentTrailer?) {
        if ByteSearch.contains(commit.message, "\n" + DocumentTrailer.prefix) {
            let trailer = DocumentTrailer.first(naming: documentID, in: commit.message)
            return (trailer != nil, trailer)
        }
        let node = try binder(at: candidate)?.node(id: documentID)
        if let node { fallbackPath = node.path }
        guard let path = node?.path ?? fallbackPath else { return (false, nil) }
        let now = try repository.entry(at: gitPath(path), in: commit.id)
        let before = try commit.parents.first.flatMap { try repository.entry(at: gitPath(path), in: $0) }
        return (now != before, nil)
    }

    /// The versions that can be a document's, from the version index: those whose trailers name it and those
    /// without trailers, in `git log`'s order; nil when there is no index to be had (a read-only project): then the
    /// history is walked.
    private func indexedCandidates(of documentID: String, head: GitOID) throws -> CandidateVersions? {
        // Versions are read from the index as they are listed: a document of a long history is named by thousands.
        try versionIndex(head: head).map { index in
            .listed(IndexedVersions(history: self, documentID: documentID, head: head, candidates: index.candidates(for: documentID)))
        }
    }

    private func entry(_ commit: GitCommit, milestones: [GitOID: [String]], change: VersionChange?) -> LogEntry {
        LogEntry(version: commit.id, time: commit.time, offsetMinutes: commit.offsetMinutes, author: commit.authorName,
                 email: commit.authorEmail, subject: commit.message.messageSubject, milestones: milestones[commit.id] ?? [], change: change)
    }

    /// The binder as it was at a candidate version, from the manifest the version index recorded when it did.
    private func binder(at candidate: CandidateVersion) throws -> BinderIndex? {
        switch candidate.manifest {
        case .unknown: try binder(at: candidate.id)
        case .recorded(let blob): try binder(at: candidate.id, manifest: blob)
        }
    }

    /// What a version changed in a document, as its trailer recorded it (no file is read); `binderThen` is the
    /// version's binder.
    private func recordedChange(_ trailer: DocumentTrailer, in commit: GitCommit, binderThen: BinderIndex?) throws -> VersionChange? {
        let node = try binderThen?.node(id: trailer.id) ?? commit.parents.first.flatMap { try binder(at: $0)?.node(id: trailer.id) }
        guard let node else { return nil }
        let k = trailer.kinds
        return VersionChange(
            title: node.title, path: node.path, wordsAdded: trailer.wordsAdded ?? 0, wordsRemoved: trailer.wordsRemoved ?? 0,
            text: k.contains("text"), formatting: k.contains("formatting"), metadata: k.contains("metadata"),
            created: k.contains("created"), deleted: k.contains("deleted"), moved: k.contains("moved"), renamed: k.contains("renamed"),
            unchanged: k.contains("unchanged"), notes: k.contains("notes"))
    }

    /// A document as it was in a version: its node and model, or nil when it did not exist then.
    func version(of documentID: String, at commit: GitOID, fallbackPath: String? = nil) throws -> (BinderNode, RichDocument)? {
        var node = try binder(at: commit)?.node(id: documentID)
        if node == nil, let fallbackPath {
            node = BinderNode(id: documentID, kind: .document, title: fallbackPath, path: fallbackPath)
        }
        guard let node, node.kind == .document, let document = try cachedDocument(node, at: commit) else { return nil }
        return (node, document)
    }

    private func versionChange(of documentID: String, in commit: GitCommit, path: String?) throws -> VersionChange? {
        let after = try version(of: documentID, at: commit.id, fallbackPath: path)
        let before = try commit.parents.first.flatMap { try version(of: documentID, at: $0, fallbackPath: path) }
        guard let any = after ?? before else { return nil }
        let (added, removed) = WordDelta.between(before?.1.text ?? "", after?.1.text ?? "")
        return VersionChange(
            title: any.0.title, path: any.0.path, wordsAdded: added, wordsRemoved: removed,
            text: before?.1.paragraphTexts != after?.1.paragraphTexts,
            formatting: before?.1.formattingSignature != after?.1.formattingSignature,
            metadata: before.map { b in after.map { $0.0.metadataDiffers(from: b.0) } ?? false } ?? false,
            created: before == nil, deleted: after == nil,
            moved: before != nil && after != nil && before!.0.path != after!.0.path,
            renamed: before != nil && after != nil && before!.0.title != after!.0.title)
    }
}

/// A version a document's log reads, and what is known of its manifest.
private struct CandidateVersion {
    enum Manifest {
        /// Not known (the history is walked): read from the version's tree when it is needed.
        case unknown
        /// As the version index records it: its blob, or nil when the version has none.
        case recorded(GitOID?)
    }

    var id: GitOID
    var manifest: Manifest
    /// Whether the version is known to name the document in its trailers (the index lists it on the document's
    /// line) without reading its commit.
    var namedByTrailer = false
}

/// The versions a document's log reads, newest first: every version of the history, or those the index lists.
private enum CandidateVersions {
    case walk(GitHistoryWalk)
    case listed(IndexedVersions)

    mutating func next() throws -> CandidateVersion? {
        switch self {
        case .walk(let walk): return try walk.next().map { CandidateVersion(id: $0, manifest: .unknown) }
        case .listed(var versions):
            let next = try versions.next()
            self = .listed(versions)
            return next
        }
    }
}

/// A document's candidate versions as the version index lists them. The index's groups are checked as they are
/// read: when one proves damaged, the index is built again (and saved when it can be) and the list goes on from it,
/// below the last version listed.
private struct IndexedVersions {
    let history: ProjectHistory
    let documentID: String
    let head: GitOID
    var candidates: VersionIndex.Candidates
    private var rebuilt = false

    init(history: ProjectHistory, documentID: String, head: GitOID, candidates: VersionIndex.Candidates) {
        (self.history, self.documentID, self.head, self.candidates) = (history, documentID, head, candidates)
    }

    mutating func next() throws -> CandidateVersion? {
        do {
            return try candidates.next().map(Self.candidate)
        } catch {
            // A freshly built index holds no damaged group: it is built once.
            guard !rebuilt else { throw error }
        }
        rebuilt = true
        let index = try history.rebuiltVersionIndex(head: head) ?? history.versionIndexReadFromHistory(head: head)
        candidates = index.candidates(for: documentID, below: candidates.below)
        return try candidates.next().map(Self.candidate)
    }

    private static func candidate(_ listed: (version: VersionIndex.Version, named: Bool)) -> CandidateVersion {
        CandidateVersion(id: listed.version.id, manifest: .recorded(listed.version.manifest), namedByTrailer: listed.named)
    }
}
