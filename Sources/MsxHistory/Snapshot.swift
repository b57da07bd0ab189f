import Foundation
import MsxGit
import MsxModel
import MsxProject

/// Who a version is recorded as.
public struct Author: Sendable, Equatable {
    public var name: String
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// "Name <mail>" -> Author; nil unless both a name and an address are there.
    public static func parse(_ text: String) -> Author? {
        let (name, email) = split(text)
        guard let email, !name.isEmpty, !email.isEmpty else { return nil }
        return Author(name: name, email: email)
    }

    /// "Ada Lovelace <ada@example.com>" -> ("Ada Lovelace", "ada@example.com"); a bare name -> (name, nil).
    public static func split(_ text: String) -> (name: String, email: String?) {
        guard let open = text.firstIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close else {
            return (text.trimmingCharacters(in: .whitespaces), nil)
        }
        let name = text[..<open].trimmingCharacters(in: .whitespaces)
        return (name, String(text[text.index(after: open)..<close]).trimmingCharacters(in: .whitespaces))
    }
}

/// What `msx snapshot` recorded.
public struct SnapshotResult: Sendable {
    /// The new version, or nil when nothing had changed.
    public var version: GitOID?
    public var documents: [DocumentChange]
    public var message: String
    /// Something the writer should know about this version, if anything.
    public var note: SnapshotNote?
    /// HEAD was detached (on no branch) when the version was made: it belongs to no branch.
    public var onDetachedHead = false
    /// Documents whose sidecar had gone stale (their text edited outside msx) and was saved re-anchored, so that
    /// the version holds formatting anchored to its own text, with the formatting whose words were gone.
    public var reanchored: [(node: BinderNode, lost: [FormattingLoss])] = []
    /// Pictures and other files under `contents/` recorded as added, changed or deleted.
    public var files: [FileChange] = []
}

/// Something to tell the writer after a snapshot.
public enum SnapshotNote: Sendable, Equatable {
    /// git has no name and address for the writer: the version is signed with the project's author (and a
    /// placeholder address) instead.
    case signedWithoutIdentity(Author)
    /// The version is recorded, but tidying up after it (the index, packing) failed; the next snapshot redoes it.
    case housekeepingFailed(MsxError)
}

extension ProjectHistory {
    /// The author for new versions: `explicit` (--author, MSX_AUTHOR), else git's user.name and user.email, else
    /// the project's author with a placeholder address (and a note saying so).
    func author(_ explicit: Author?) -> (Author, note: SnapshotNote?) {
        if let explicit { return (explicit, nil) }
        if let name = repository.config("user.name"), let email = repository.config("user.email"), !name.isEmpty, !email.isEmpty {
            return (Author(name: name, email: email), nil)
        }
        let name = project.manifest.author.name.isEmpty ? "Writer" : project.manifest.author.name
        let email = project.manifest.author.email ?? "\(Slug.make(name))@msx.invalid"
        let placeholder = Author(name: name, email: email)
        return (placeholder, .signedWithoutIdentity(placeholder))
    }

    /// Records the current state of `documents` (every changed one when empty) as a new version.
    /// - Parameter documents: ids of documents (or folders, meaning the documents in them) to snapshot.
    /// - Parameter reanchoring: save stale sidecars re-anchored first (a writer's snapshot); a safety snapshot
    ///   records the files exactly as they are.
    ///
    /// During a merge that stopped at conflicts, a snapshot of the whole project records the merge (with both
    /// parents) once every conflict is resolved; it is refused before (`unresolved-conflicts`), and so is a partial
    /// or a safety snapshot (`merge-in-progress`).
    /// - Parameter time: the version's date (now when nil); `recordingUnchanged` records `documents` even when they
    ///   have not changed (a version brought in from another program, taken on purpose).
    public func snapshot(_ documents: [BinderNode] = [], message: String? = nil, author explicit: Author? = nil,
                         reanchoring: Bool = true, time: VersionTime? = nil, recordingUnchanged: Bool = false,
                         broughtIn: BroughtIn? = nil) throws -> SnapshotResult {
        try claimRepository()
        return try writingRepository {
            guard let merging = try mergeState() else {
                return try record(documents, message: message, author: explicit, reanchoring: reanchoring, time: time,
                                  recordingUnchanged: recordingUnchanged, broughtIn: broughtIn)
            }
            guard documents.isEmpty, reanchoring else { throw Self.mergeInProgress(merging) }
            if let first = merging.unresolved.first {
                throw MsxError(.unresolvedConflicts, "\(merging.unresolved.count) conflict\(merging.unresolved.count == 1 ? "" : "s") of the merge "
                    + "of \(merging.label) \(merging.unresolved.count == 1 ? "is" : "are") not resolved yet, the first in '\(first.title)': "
                    + "msx conflicts shows them, msx resolve settles them (or msx merge --abort goes back)")
            }
            let result = try record([], message: message ?? merging.message, author: explicit, reanchoring: true,
                                    mergedWith: merging)
            try removeMergeState()
            return result
        }
    }

    /// The snapshot itself, with msx's pid on record (see `claimRepository`).
    /// - Parameters:
    ///   - merge: the merge this version records: its other side is the second parent, and the version is made
    ///     from the merged files (`MergeState.merged`) and the changes since; it is recorded even when the files
    ///     equal the last version's.
    ///   - reference: the reference the version goes to instead of HEAD (which then stays), or nil.
    func record(_ documents: [BinderNode], message: String?, author explicit: Author?, reanchoring: Bool,
                mergedWith merge: MergeState? = nil, to reference: String? = nil, time: VersionTime? = nil,
                recordingUnchanged: Bool = false, broughtIn: BroughtIn? = nil) throws -> SnapshotResult {
        let theirs = merge?.theirs
        try repository.refuseDuringGitOperation()
        // Git's index is read once for both, unless bringing it into line with HEAD changed it.
        var index = try indexStat(forWriting: true)
        if let headID = try head(), try repository.syncIndex(toHead: headFiles(headID, recording: false), current: index.entries) {
            index = try indexStat(forWriting: true)
        }
        let changes = try self.changes(index: index, recording: false)
        let wanted = Set(documents.flatMap { $0.documents.map(\.id) })
        var included = documents.isEmpty ? changes : changes.filter { wanted.contains($0.node.id) }
        if recordingUnchanged, let headID = try head() {
            let recorded = try binder(at: headID)
            for node in documents.flatMap(\.documents) where !included.contains(where: { $0.node.id == node.id }) {
                included.append(DocumentChange(node: node, snapshotNode: recorded?.node(id: node.id)))
            }
        }
        // New and deleted documents were not read to find the change; their words are counted for the trailer.
        for i in included.indices where included[i].isNew || included[i].isDeleted {
            let text = included[i].isNew ? try project.loadDocument(included[i].node, sourceMap: false).text
                : try head().flatMap { try document(included[i].node, at: $0)?.text } ?? ""
            (included[i].wordsAdded, included[i].wordsRemoved) = included[i].isNew ? (WordDelta.count(text), 0) : (0, WordDelta.count(text))
        }
        let headID = try head()
        let manifestChanged = try manifestDiffers(at: headID)
        // Pictures and other files travel with full snapshots, their deletion too.
        let files = documents.isEmpty ? try fileChanges(index: index, recording: false) : []
        guard !included.isEmpty || (documents.isEmpty && (manifestChanged || !files.isEmpty)) || theirs != nil else {
            return SnapshotResult(version: nil, documents: [], message: "", note: nil)
        }
        let (author, signing) = self.author(explicit)
        let text = Self.message(message, for: included, files: files, broughtIn: broughtIn)
        let reanchored = reanchoring ? try reanchorStaleSidecars(of: included) : []
        var changesToTree: [GitRepository.TreeChange] = []
        var touched: [String] = []
        func put(_ relative: String) throws {
            let data = try FileIO.readData(try project.url(relative), displayPath: relative)
            changesToTree.append(.init(path: gitPath(relative), blob: try repository.writeBlob(data)))
            touched.append(gitPath(relative))
        }
        func remove(_ relative: String) throws {
            guard !touched.contains(gitPath(relative)), let headID, try repository.entry(at: gitPath(relative), in: headID) != nil
            else { return }
            changesToTree.append(.init(path: gitPath(relative), blob: nil))
            touched.append(gitPath(relative))
        }
        let livePaths = Set(project.manifest.entries.flatMap { $0.node.files })
        for change in included where !change.isDeleted || project.manifest.node(id: change.node.id) != nil {
            // A document whose Markdown was deleted by hand keeps its node, and its notes are still words to keep.
            if FileIO.exists(try project.url(change.node.path)) { try put(change.node.path) }
            for companion in change.node.companionPaths {
                if FileIO.exists(try project.url(companion)) { try put(companion) } else { try remove(companion) }
            }
        }
        for change in included {
            guard let old = change.snapshotNode, change.isDeleted || old.path != change.node.path else { continue }
            // A document deleted by hand keeps its node, and so its paths: only the files that are gone go.
            for path in old.files {
                let gone = try !FileIO.exists(project.url(path))
                if !livePaths.contains(path) || (change.isDeleted && gone) { try remove(path) }
            }
        }
        if documents.isEmpty {
            try put(Manifest.fileName)
        } else {
            // A partial manifest that reads as the last version's leaves the version's file as it was (not written
            // out again in msx's layout: a long series' is 300 KB, and one laid out otherwise would show as changed).
            let partial = try partialManifest(including: included, at: headID)
            if try headID.flatMap({ try manifest(at: $0) }) != partial {
                changesToTree.append(.init(path: gitPath(Manifest.fileName), blob: try repository.writeBlob(Data(partial.json.utf8))))
            }
        }
        if documents.isEmpty {
            for name in [".gitignore", ".gitattributes"] where FileIO.exists(project.root.appendingPathComponent(name)) { try put(name) }
            for change in files {
                // A merge's tree is the merged files', whose deletions are settled below.
                if change.kind != .deleted { try put(change.path) } else if merge == nil { try remove(change.path) }
            }
        }
        if let merge {
            // The merged files, with every document as it is now where it differs from them (the writer's
            // resolutions and edits), and without the files that are gone since (a picture settled as the other
            // side's deletion).
            let merged = try repository.files(in: merge.merged, under: prefix)
            var claimed = Set(changesToTree.map(\.path))
            for entry in project.manifest.entries where entry.node.kind == .document {
                for relative in entry.node.files where !claimed.contains(gitPath(relative)) {
                    let url = try project.url(relative)
                    guard FileIO.exists(url) else { continue }
                    if try repository.hash(FileIO.readData(url, displayPath: relative)) != merged[gitPath(relative)] { try put(relative) }
                }
            }
            claimed = Set(changesToTree.map(\.path))
            for path in merged.keys where !claimed.contains(path) {
                if !FileIO.exists(try project.url(String(path.dropFirst(prefix.count)))) { changesToTree.append(.init(path: path, blob: nil)) }
            }
        }
        let tree = try repository.tree(basedOn: merge?.merged ?? headID, applying: changesToTree)
        FaultInjection.point("snapshot-tree")
        let parents = [headID, theirs].compactMap { $0 }
        let version = try repository.writeCommit(tree: tree, parents: parents, updating: reference == nil ? "HEAD" : nil,
                                                 message: text, authorName: author.name, authorEmail: author.email,
                                                 time: time.map { ($0.date, $0.offsetMinutes) })
        if let reference { try repository.setReference(reference, to: version, reason: "msx: \(text.prefix { $0 != "\n" })") }
        FaultInjection.point("snapshot-committed")
        // The index learns the new state of msx's own paths only when the manifest written is the one on disk.
        // The version is recorded: a failure from here on is only housekeeping, which the next snapshot redoes.
        var note = signing
        do {
            try repository.refreshIndex(paths: touched)
            try repository.packIfNeeded()
            try updateVersionIndex()
        } catch let error as MsxError {
            note = .housekeepingFailed(error)
        }
        var result = SnapshotResult(version: version, documents: included, message: text, note: note, reanchored: reanchored)
        result.files = files
        result.onDetachedHead = repository.isHeadDetached
        return result
    }

    /// Saves the re-anchored sidecar of each document in `changes` whose sidecar went stale (or names an older text as
    /// its base), in one transaction,
    /// before the version is made from the files: a version's sidecar is anchored to the version's own text (the
    /// text a stale one was anchored to is kept in `.msx/`, which history does not hold).
    private func reanchorStaleSidecars(of changes: [DocumentChange]) throws -> [(node: BinderNode, lost: [FormattingLoss])] {
        var transaction = project.transaction()
        var reanchored: [(node: BinderNode, lost: [FormattingLoss])] = []
        for change in changes where !change.isDeleted {
            guard let sidecar = change.node.sidecarPath, FileIO.exists(try project.url(sidecar)) else { continue }
            let document = try project.loadDocument(change.node)
            // A sidecar whose formatted paragraphs kept their words is not stale, but the text it names as its base
            // may be older than the version's (a paragraph typed since): it is saved anchored to the version's own
            // text too, or a later edit would be read against the older text (a paragraph cut next to the one typed
            // would pass its attributes on to it).
            let outdatedBase = document.sidecarBase.map { $0 != BaseText(paragraphs: document.paragraphTexts).id } ?? false
            guard document.sidecarIsStale || outdatedBase else { continue }
            try project.stage(document, markdown: nil, for: change.node, into: &transaction)
            if document.sidecarIsStale { reanchored.append((change.node, document.lostFormatting)) }
        }
        var project = self.project
        try project.commit(transaction)
        return reanchored
    }

    /// Whether the manifest on disk differs from the last snapshot's: by blob id when `.msx/cache/manifest` vouches
    /// for the file as it is now (which spares a snapshot reading the version's 300 KB manifest), else
    /// by the two files' bytes.
    func manifestDiffers(at headID: GitOID?) throws -> Bool {
        guard let headID, let recorded = try repository.entry(at: gitPath(Manifest.fileName), in: headID) else { return true }
        let file = try project.url(Manifest.fileName)
        if let stamp = FileStamp(path: file.path), let id = ManifestBlobCache(project: project).believedID(for: stamp) {
            return id != recorded
        }
        return try repository.blob(recorded) != (try FileIO.readData(file, displayPath: Manifest.fileName))
    }

    /// The commit message: the writer's, or one naming the documents; then one trailer per document, and one saying
    /// how its words came in when they were not written (`broughtIn`).
    static func message(_ message: String?, for changes: [DocumentChange], files: [FileChange] = [], broughtIn: BroughtIn? = nil) -> String {
        // Documents by title; files (a picture changed alone) by name when no document changed, .gitkeep aside.
        let fileNames = files.map { String($0.path.split(separator: "/").last ?? "") }.filter { !$0.hasPrefix(".") }
        let titles = changes.isEmpty ? fileNames : changes.map(\.node.title)
        let named = titles.count > 5 ? titles.prefix(5).joined(separator: ", ") + " and \(titles.count - 5) more" : titles.joined(separator: ", ")
        var text = (message?.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isEmpty ? nil : $0 }
            ?? (titles.isEmpty ? "Snapshot: project settings" : "Snapshot: \(named)")
        let trailers = changes.map(DocumentTrailer.line) + [broughtIn?.line].compactMap { $0 }
        if !trailers.isEmpty { text += "\n\n" + trailers.joined(separator: "\n") }
        return text + "\n"
    }

    /// The last snapshot's manifest with only `included` documents brought up to date (a partial snapshot must not
    /// record binder changes of documents whose files it does not record).
    private func partialManifest(including included: [DocumentChange], at headID: GitOID?) throws -> Manifest {
        let current = project.manifest
        guard let headID, var manifest = try manifest(at: headID) else {
            var fresh = current
            let keep = Set(included.map(\.node.id))
            for entry in current.entries where entry.node.kind == .document && !keep.contains(entry.node.id) {
                _ = fresh.remove(entry.node.id)
            }
            return fresh
        }
        manifest.title = current.title
        manifest.author = current.author
        manifest.defaults = current.defaults
        manifest.styles = current.styles
        manifest.labels = current.labels
        manifest.statuses = current.statuses
        for change in included {
            _ = manifest.remove(change.node.id)
            guard !change.isDeleted else { continue }
            let chain = current.ancestors(of: change.node.id).reversed()
            var parentID: String?
            for folderID in chain {
                if manifest.node(id: folderID) == nil, var folder = current.node(id: folderID) {
                    folder.children = []
                    if let parentID { manifest.insert(folder, into: parentID) } else { manifest.binder.append(folder) }
                }
                parentID = folderID
            }
            guard let parentID else { continue }
            // Right after the nearest sibling that precedes it today and is in the recorded folder (first when none):
            // the recorded order stays one that existed, today's for this document and the version's for the rest.
            let siblings = current.node(id: parentID)?.children.map(\.id) ?? []
            let position = siblings.firstIndex(of: change.node.id) ?? 0
            let recorded = manifest.node(id: parentID)?.children.map(\.id) ?? []
            let predecessor = siblings.prefix(position).last { recorded.contains($0) }
            let index = predecessor.flatMap { recorded.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            manifest.insert(change.node, into: parentID, at: index)
        }
        return manifest
    }
}
