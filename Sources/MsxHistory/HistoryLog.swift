import Foundation
import MsxModel

/// One version in a log.
public struct LogEntry: Sendable {
    public var version: GitOID
    /// Seconds since 1970.
    public var time: Int64
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
        LogEntry(version: commit.id, time: commit.time, author: commit.authorName, email: commit.authorEmail,
                 subject: commit.message.messageSubject, milestones: milestones[commit.id] ?? [], change: change)
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

/// Words added and removed between two texts, counted as a writer would: each word's count before and after
/// (moving a sentence adds and removes nothing).
package enum WordDelta {
    /// The words of a text, counted the same way.
    package static func count(_ text: String) -> Int { counts(text).values.reduce(0, +) }

    package static func between(_ old: String, _ new: String) -> (added: Int, removed: Int) {
        let (oldMiddle, newMiddle) = differingStretches(old, new)
        let before = counts(String(oldMiddle)), after = counts(String(newMiddle))
        var added = 0, removed = 0
        for (word, n) in after { added += max(0, n - (before[word] ?? 0)) }
        for (word, n) in before { removed += max(0, n - (after[word] ?? 0)) }
        return (added, removed)
    }

    /// The two texts without the stretch they begin with alike and the one they end with alike, each cut at a space
    /// or line break: the words there are the same on both sides and cancel out, so a long chapter edited in one
    /// place is counted in that place. A cut is made only where an ASCII space or line break meets ASCII text (no mark
    /// can join what follows to it), so the words on either side of it are the words of the whole.
    static func differingStretches(_ old: String, _ new: String) -> (Substring, Substring) {
        var (old, new) = (old, new)
        let cuts = old.withUTF8 { a in
            new.withUTF8 { b -> (prefix: Int, oldEnd: Int, newEnd: Int) in
                func isBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") }
                let shorter = min(a.count, b.count)
                var same = 0
                while same < shorter && a[same] == b[same] { same += 1 }
                // The prefix ends just after a break that follows ASCII (or the start) and comes before ASCII (or the
                // end) on both sides: no mark after it, and no prepended sign before it, makes it part of a word.
                var prefix = same
                while prefix > 0 && !(isBreak(a[prefix - 1]) && (prefix == 1 || a[prefix - 2] < 0x80)
                                      && (prefix == a.count || a[prefix] < 0x80) && (prefix == b.count || b[prefix] < 0x80)) {
                    prefix -= 1
                }
                var suffix = 0
                while suffix < shorter - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
                // The suffix starts with a break that follows ASCII (or the start) on both sides: a space or line
                // break starts a character of its own there (after a prepended sign it would not).
                func afterASCII(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool { start == 0 || text[start - 1] < 0x80 }
                while suffix > 0 && !(isBreak(a[a.count - suffix]) && afterASCII(a, a.count - suffix) && afterASCII(b, b.count - suffix)) {
                    suffix -= 1
                }
                return (prefix, a.count - suffix, b.count - suffix)
            }
        }
        func stretch(_ text: String, _ start: Int, _ end: Int) -> Substring {
            text[text.utf8.index(text.utf8.startIndex, offsetBy: start)..<text.utf8.index(text.utf8.startIndex, offsetBy: end)]
        }
        return (stretch(old, cuts.prefix, cuts.oldEnd), stretch(new, cuts.prefix, cuts.newEnd))
    }

    /// Words with the punctuation around them trimmed ("quay." and "quay" are one word).
    private static func counts(_ text: String) -> [Substring: Int] {
        text.unicodeScalars.allSatisfy(\.standsAlone) ? scalarCounts(text) : characterCounts(text)
    }

    /// The counts of any text, read character by character.
    static func characterCounts(_ text: String) -> [Substring: Int] {
        var result: [Substring: Int] = [:]
        for piece in text.split(whereSeparator: { $0.isWhitespace }) {
            guard let first = piece.firstIndex(where: { $0.isLetter || $0.isNumber }),
                let last = piece.lastIndex(where: { $0.isLetter || $0.isNumber })
            else { continue }
            result[piece[first...last], default: 0] += 1
        }
        return result
    }

    /// `characterCounts` of a text whose every scalar stands alone (most prose), read scalar by scalar: each of its
    /// characters is one scalar ("\r\n" aside, white space either way), so the words are the same.
    static func scalarCounts(_ text: String) -> [Substring: Int] {
        var result: [Substring: Int] = [:]
        let scalars = text.unicodeScalars
        var wordStart: String.Index?  // the piece's first letter or digit
        var wordEnd = scalars.startIndex  // just after its last one
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            switch scalar.isASCII ? asciiKinds[Int(scalar.value)] : ScalarKind(Character(scalar)) {
            case .space:
                if let start = wordStart { result[text[start..<wordEnd], default: 0] += 1 }
                wordStart = nil
            case .letterOrDigit:
                if wordStart == nil { wordStart = index }
                wordEnd = next
            case .other:
                break
            }
            index = next
        }
        if let start = wordStart { result[text[start..<wordEnd], default: 0] += 1 }
        return result
    }

    /// What a one-scalar character is to `characterCounts`.
    private enum ScalarKind {
        case space, letterOrDigit, other

        init(_ character: Character) {
            self = character.isWhitespace ? .space : character.isLetter || character.isNumber ? .letterOrDigit : .other
        }
    }

    /// The kinds of the ASCII scalars, worked out from `Character` as `characterCounts` sees them.
    private static let asciiKinds: [ScalarKind] = (0..<128).map { ScalarKind(Character(Unicode.Scalar(UInt8($0)))) }
}
