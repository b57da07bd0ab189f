import Foundation
import MsxGit
import MsxModel
import MsxProject

extension ProjectHistory {
    /// Every document that differs from the last snapshot, in binder order (deleted documents last).
    ///
    /// Fast path: a file whose git index entry has the same size and modification time and the same id as the
    /// snapshot is unchanged without reading it; only files that changed are hashed, and only documents whose
    /// files changed are parsed to tell text from formatting.
    public func changes() throws -> [DocumentChange] {
        try changes(index: try indexStat())
    }

    /// `changes()` with git's index already read.
    /// - Parameter recording: whether the last version's files may be recorded in `.msx/cache/files` (not by a dry
    ///   run, nor by a snapshot, which moves on from that version at once).
    func changes(index: GitIndexStat, recording: Bool = true) throws -> [DocumentChange] {
        let current = BinderIndex(project.manifest)
        let headID = try head()
        // Usually the manifest has not changed since the snapshot: then today's parse serves for both. Its blob id is
        // git's index entry when the stat cache vouches for the file, else its hash.
        let manifestFile = try project.fileStatus(Manifest.fileName)
        let manifestBlob = try manifestFile.info.flatMap { index.unchangedID(at: gitPath(Manifest.fileName), $0) }
            ?? repository.hash(try FileIO.readData(URL(fileURLWithPath: manifestFile.path), displayPath: Manifest.fileName))
        // A project viewed with hand renames taken reads otherwise than its file: then the file is parsed for the version.
        if project.handRenamed.isEmpty { seedManifestCache(blob: manifestBlob, manifest: project.manifest, binder: current) }
        let snapshotManifestBlob = try headID.flatMap { try self.manifestBlob(at: $0) }
        let snapshot = try headID.flatMap { headID in try binder(at: headID, manifest: snapshotManifestBlob) }
        // Usually the binder is the snapshot's, byte for byte: then no node was renamed, moved, reordered, retitled
        // or trashed, and each node is its own snapshot node, with no look-up or comparison.
        let binderUnchanged = project.handRenamed.isEmpty && snapshotManifestBlob == manifestBlob
        let snapshotFiles = try headID.map { try headFiles($0, recording: recording) } ?? [:]
        let reordered = binderUnchanged ? [:] : snapshot.map { current.reordered(since: $0) } ?? [:]
        var result: [DocumentChange] = []
        let listings = FolderListings(root: project.root, namesEndingWith: ".notes.md")
        // By index: an entry taken out of the list is a copy of every field of its node.
        let entries = current.entries
        for position in entries.indices where entries[position].node.kind == .document {
            let node = entries[position].node
            var change = DocumentChange(node: node, snapshotNode: binderUnchanged ? node : snapshot?.node(id: node.id))
            let markdownFile = try project.fileStatus(node.path)
            let fileIsGone = markdownFile.info == nil
            guard let old = change.snapshotNode, headID != nil else {
                // Never snapshotted: new, unless its file is gone too (then there is nothing to record).
                change.isNew = true
                if !fileIsGone { result.append(change) }
                continue
            }
            // Its notes can change though its Markdown is gone: they are words of their own. Most documents have
            // none, then or now: the folder's listing says so without a look at each.
            // A document renamed by hand may have left its companions where the binder listed them.
            let notesPath = project.handRenamed[node.id] == nil ? node.notesPath : try project.companion(\.notesPath, of: node) ?? node.notesPath
            if let notes = notesPath {
                let recorded = snapshotFiles[gitPath(binderUnchanged ? notes : old.notesPath ?? "")]
                if try (recorded != nil || listings.contains(notes))
                    && fileDiffers(notes, try project.fileStatus(notes), from: recorded, index: index)
                {
                    change.notes = true
                }
            }
            if fileIsGone {
                // Deleted outside msx: its words are gone, and a snapshot records that (the binder keeps the node);
                // once recorded, it is no change.
                change.isDeleted = snapshotFiles[gitPath(old.path)] != nil
                if change.isDeleted || change.notes { result.append(change) }
                continue
            }
            if !binderUnchanged {
                change.renamed = old.title != node.title
                change.moved = old.path != node.path
                change.handRenamedFrom = project.handRenamed[node.id]?.path
                change.metadata = node.metadataDiffers(from: old)
                change.trashed = current.isTrashed(node.id) && !snapshot!.isTrashed(node.id)
                change.untrashed = !current.isTrashed(node.id) && snapshot!.isTrashed(node.id)
                if let before = reordered[node.id] {
                    change.reordered = true
                    change.nowBefore = before
                }
            }
            if try fileDiffers(node.path, markdownFile, from: snapshotFiles[gitPath(old.path)], index: index) { change.filesChanged = true }
            let sidecarPath = project.handRenamed[node.id] == nil ? node.sidecarPath : try project.companion(\.sidecarPath, of: node) ?? node.sidecarPath
            if let sidecar = sidecarPath,
                try fileDiffers(sidecar, try project.fileStatus(sidecar),
                                from: snapshotFiles[gitPath(binderUnchanged ? sidecar : old.sidecarPath ?? "")], index: index)
            {
                change.filesChanged = true
            }
            if change.filesChanged {
                let before = try document(old, at: headID!, files: snapshotFiles)
                let after = try project.loadDocument(node, sourceMap: false, reusing: before?.markdown)
                change.text = before?.paragraphTexts != after.paragraphTexts
                (change.wordsAdded, change.wordsRemoved) = WordDelta.between(before?.text ?? "", after.text)
                change.formatting = before?.formattingSignature != after.formattingSignature
            }
            if change.hasChanges { result.append(change) }
        }
        let snapshotEntries = binderUnchanged ? [] : snapshot?.entries ?? []
        for position in snapshotEntries.indices
        where snapshotEntries[position].node.kind == .document && !current.contains(id: snapshotEntries[position].node.id) {
            let node = snapshotEntries[position].node
            var change = DocumentChange(node: node, snapshotNode: node)
            change.isDeleted = true
            result.append(change)
        }
        return result
    }

    /// Whether the working file at `now` (whose path and stat(2) information are `file`) differs from the snapshot's
    /// file (`snapshotID`, nil when it had none).
    private func fileDiffers(_ now: String, _ file: ProjectFileStatus, from snapshotID: GitOID?, index: GitIndexStat) throws -> Bool {
        guard let info = file.info else { return snapshotID != nil }
        guard let snapshotID else { return true }
        if index.unchangedID(at: gitPath(now), info) == snapshotID { return false }
        return try repository.hash(try FileIO.readData(URL(fileURLWithPath: file.path), displayPath: now)) != snapshotID
    }
}

/// The names in each folder of a project that end as asked (a document's notes: `.notes.md`), read once per folder:
/// telling that a file is not there costs no lstat(2), and only the few names asked about are kept and hashed.
private final class FolderListings {
    private let rootPath: String
    private let suffix: StaticString
    /// Each folder's names, by the folder's path as bytes: compared where the path lies, with no string made of it.
    private var names: [[UInt8]: Set<String>] = [:]
    /// The folder asked about last and its names: a binder's documents come a folder at a time.
    private var last: (folder: [UInt8], names: Set<String>)?

    init(root: URL, namesEndingWith suffix: StaticString) { (rootPath, self.suffix) = (root.path, suffix) }

    /// Whether the folder of `relative`, a path whose name ends with the suffix, lists that name (a folder that cannot
    /// be read lists nothing).
    func contains(_ relative: String) -> Bool {
        assert(relative.hasByteSuffix(suffix), "only names with the suffix are listed")
        var relative = relative
        return relative.withUTF8 { path in
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return true }
            let folder = UnsafeBufferPointer(rebasing: path[..<slash])
            if last.map({ !$0.folder.withUnsafeBufferPointer { ByteSearch.sameBytes($0, folder) } }) ?? true {
                let key = Array(folder)
                let listed = names[key]
                    ?? Set(DirectoryWalker.names(in: rootPath + "/" + String(decoding: folder, as: UTF8.self), endingWith: suffix))
                names[key] = listed
                last = (key, listed)
            }
            // Most folders list no notes: then no name is made or hashed.
            guard let listed = last?.names, !listed.isEmpty else { return false }
            return listed.contains(String(decoding: UnsafeBufferPointer(rebasing: path[(slash + 1)...]), as: UTF8.self))
        }
    }
}

extension Project {
    /// What changed since the last snapshot; before the first one (or without a repository) every document is new.
    public func changesSinceLastSnapshot() throws -> (changes: [DocumentChange], hasHistory: Bool) {
        if let history = try ProjectHistory.open(self) { return (try history.changes(), try history.head() != nil) }
        let changes = manifest.entries.filter { $0.node.kind == .document }.map { entry in
            var change = DocumentChange(node: entry.node, snapshotNode: nil)
            change.isNew = true
            return change
        }
        return (changes, false)
    }
}
