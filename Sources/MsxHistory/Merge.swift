import Foundation
import MsxGit
import MsxModel
import MsxProject

/// What a merge of another line of versions did.
public struct MergeResult: Sendable, Equatable {
    /// The merge version (two parents: this side's last version, then the other's).
    public var version: GitOID
    /// Binder fields both sides changed differently (this side's value was kept).
    public var conflicts: [String]
    /// Documents or folders one side deleted and the other changed, kept.
    public var kept: [String]
}

/// What a merge did: a merge version, or the merged files written with the conflicts left to resolve.
public enum MergeOutcome: Sendable, Equatable {
    case merged(MergeResult)
    /// The files hold the merge with this side's words where the two conflict (or both between markers); HEAD is
    /// unchanged until `snapshot` records the merge.
    case conflicted(MergeState)
}

/// Merging two lines of versions: the binder by node id (`ManifestMerge`), each document from the side
/// that changed it or word by word with its formatting when both did (`DocumentMerge`), files outside documents by
/// path.
extension ProjectHistory {
    /// Merges `theirs` into this branch. Without conflicts, the files move to the result, recorded as a version with
    /// two parents; with conflicts, the files move to the result with this side's words (or both between
    /// `markers`) where they conflict and `.msx/merge.json` records them, in one journaled transaction.
    func merge(_ theirs: GitOID, describedAs label: String, markers: Bool = false) throws -> MergeOutcome {
        guard let ours = try head() else { throw MsxError.noHistory }
        try repository.refuseDuringGitOperation()
        guard let base = try repository.mergeBase(ours, theirs) else {
            throw MsxError(.mergeNeeded, "\(label) has a history of its own, with no version in common with this project's: nothing was changed")
        }
        guard let baseManifest = try manifest(at: base), let ourManifest = try manifest(at: ours),
              let theirManifest = try manifest(at: theirs) else {
            throw MsxError(.mergeNeeded, "a side of the merge has no \(Manifest.fileName): nothing was changed")
        }
        let binder = try ManifestMerge.merge(base: baseManifest, ours: ourManifest, theirs: theirManifest)
        let files = (base: try repository.files(in: base, under: prefix), ours: try repository.files(in: ours, under: prefix),
                     theirs: try repository.files(in: theirs, under: prefix))
        let conflictMarkers = markers ? ConflictMarkers(ours: "this project", theirs: label) : nil
        var result = files.ours
        var conflicts: [MergeState.Conflict] = []
        var notedConflicts = binder.notes
        var claimed = Set([gitPath(Manifest.fileName)])
        for manifest in [baseManifest, ourManifest, theirManifest, binder.manifest] {
            for entry in manifest.entries where entry.node.kind == .document {
                claimed.formUnion(entry.node.files.map(gitPath))
            }
        }
        for path in claimed { result[path] = nil }
        // Each document: from the side that changed it, or merged word by word when both did.
        var bases: [BaseText] = []  // the texts merged sidecars are anchored to, for `.msx/base/`
        // Each side's nodes by id, found in one look-up each rather than a walk of that side's binder per document.
        let indexes = [baseManifest, ourManifest, theirManifest].map(BinderIndex.init)
        for entry in binder.manifest.entries where entry.node.kind == .document {
            let sides = indexes.map { $0.node(id: entry.node.id) }
            if let target = entry.node.notesPath {
                let notes = (blob(sides[0], \.notesPath, files.base), blob(sides[1], \.notesPath, files.ours), blob(sides[2], \.notesPath, files.theirs))
                let merged = try mergeNotes(notes, oursHas: sides[1] != nil, theirsHas: sides[2] != nil, label: label)
                result[gitPath(target)] = merged.blob
                if merged.conflicted {
                    notedConflicts.append("'\(entry.node.title)': its notes changed on both sides in the same places; both are kept there between <<<<<<< and >>>>>>>")
                }
            }
            let markdown = (blob(sides[0], \.path, files.base), blob(sides[1], \.path, files.ours), blob(sides[2], \.path, files.theirs))
            let sidecar = (blob(sides[0], \.sidecarPath, files.base), blob(sides[1], \.sidecarPath, files.ours),
                           blob(sides[2], \.sidecarPath, files.theirs))
            // A document is its text and its formatting together: one side's words and the other's formatting
            // are merged as both sides' changes (the formatting is anchored to the text it was set on).
            // A side without the document (deleted there, kept since the other changed it) changed nothing of it.
            let oursChanged = sides[1] != nil && (markdown.1 != markdown.0 || sidecar.1 != sidecar.0)
            let theirsChanged = sides[2] != nil && (markdown.2 != markdown.0 || sidecar.2 != sidecar.0)
            guard oursChanged && theirsChanged && (markdown.1 != markdown.2 || sidecar.1 != sidecar.2) else {
                let (text, formatting) = theirsChanged || sides[1] == nil ? (markdown.2, sidecar.2) : (markdown.1, sidecar.1)
                result[gitPath(entry.node.path)] = text
                if let target = entry.node.sidecarPath { result[gitPath(target)] = formatting }
                continue
            }
            let versions = try [0, 1, 2].map { side in
                try documentVersion(markdown: [markdown.0, markdown.1, markdown.2][side], sidecar: [sidecar.0, sidecar.1, sidecar.2][side],
                                    node: sides[side] ?? entry.node)
            }
            let merged = DocumentMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2], markers: conflictMarkers)
            for (index, conflict) in merged.conflicts.enumerated() {
                conflicts.append(.init(number: index + 1, document: entry.node.id, title: entry.node.title, path: entry.node.path,
                                       conflict: conflict, resolution: nil))
            }
            result[gitPath(entry.node.path)] = try repository.writeBlob(Data(merged.markdown.utf8))
            if let target = entry.node.sidecarPath {
                result[gitPath(target)] = try merged.sidecar.map { try repository.writeBlob(Data($0.json.utf8)) }
            }
            if let base = merged.sidecar?.baseText { bases.append(base) }
        }
        // Binder fields both sides changed: conflicts of their node, numbered after its text's.
        for field in binder.fieldConflicts {
            guard let node = binder.manifest.node(id: field.node) else { continue }
            let number = conflicts.filter { $0.document == node.id }.count + 1
            conflicts.append(.init(number: number, document: node.id, title: node.title, path: node.path,
                                   conflict: MergeConflict(metadata: field), resolution: nil))
        }
        // Everything else (pictures, .gitattributes, ...) by path; a file both changed keeps this side's.
        for path in Set(files.ours.keys).union(files.theirs.keys).union(files.base.keys).sorted() where !claimed.contains(path) {
            let (b, o, t) = (files.base[path], files.ours[path], files.theirs[path])
            result[path] = o == b ? t : o
            guard o != t && o != b && t != b else { continue }
            let relative = String(path.dropFirst(prefix.count))
            let file = MergeConflict(kind: .file, base: b?.description ?? "", ours: o?.description ?? "",
                                     theirs: t?.description ?? "", placed: o?.description ?? "")
            conflicts.append(.init(number: 1, document: nil, title: relative, path: relative, conflict: file, resolution: nil))
        }
        result[gitPath(Manifest.fileName)] = try repository.writeBlob(Data(binder.manifest.json.utf8))
        var changes: [GitRepository.TreeChange] = []
        for (path, blob) in result where files.ours[path] != blob { changes.append(.init(path: path, blob: blob)) }
        for path in files.ours.keys where result[path] == nil { changes.append(.init(path: path, blob: nil)) }
        let tree = try repository.tree(basedOn: ours, applying: changes)
        let (author, _) = self.author(nil)
        let version = try repository.writeCommit(tree: tree, parents: [ours, theirs], updating: nil, message: "Merge \(label)",
                                                 authorName: author.name, authorEmail: author.email)
        guard let branch = try repository.currentBranch() else { throw MsxError.noHistory }
        guard !conflicts.isEmpty else {
            try advance(to: version, branch: branch, reason: "msx merge", bases: bases)
            return .merged(MergeResult(version: version, conflicts: notedConflicts, kept: binder.kept))
        }
        let state = MergeState(ours: ours, theirs: theirs, merged: version, label: label, binderConflicts: notedConflicts,
                               kept: binder.kept, conflicts: conflicts)
        _ = try moveFiles(to: version, bases: bases) { transaction in transaction.write(Data(state.json.utf8), to: MergeState.file) }
        return .conflicted(state)
    }

    /// A document's notes merged: the side that changed them, or word by word when both did, where both sides'
    /// words are kept between conflict markers when they changed the same words (notes never stop a merge).
    private func mergeNotes(_ notes: (GitOID?, GitOID?, GitOID?), oursHas: Bool, theirsHas: Bool,
                            label: String) throws -> (blob: GitOID?, conflicted: Bool) {
        let (base, ours, theirs) = notes
        // A side without the document (deleted there, kept since the other changed it) changed nothing of its notes.
        if !oursHas { return (theirs, false) }
        if !theirsHas || theirs == base || theirs == ours { return (ours, false) }
        if ours == base { return (theirs, false) }
        func text(_ blob: GitOID?) throws -> DocumentMerge.Version {
            DocumentMerge.Version(markdown: try blob.map { String(decoding: try repository.blob($0), as: UTF8.self) } ?? "", sidecar: nil)
        }
        let merged = DocumentMerge.merge(base: try text(base), ours: try text(ours), theirs: try text(theirs),
                                         markers: ConflictMarkers(ours: "this project", theirs: label))
        let blob = merged.markdown.isEmpty ? nil : try repository.writeBlob(Data(merged.markdown.utf8))
        return (blob, !merged.conflicts.isEmpty)
    }

    /// A document's Markdown and sidecar in one version, from their blobs (a missing file is empty, or no sidecar).
    private func documentVersion(markdown: GitOID?, sidecar: GitOID?, node: BinderNode) throws -> DocumentMerge.Version {
        let text = try markdown.map { String(decoding: try repository.blob($0), as: UTF8.self) } ?? ""
        let formatting = try sidecar.map { try Sidecar(json: String(decoding: try repository.blob($0), as: UTF8.self), file: node.sidecarPath ?? node.path) }
        return DocumentMerge.Version(markdown: text, sidecar: formatting)
    }

    /// The blob of a document's file (its `.md` or its sidecar, as `file` picks it) in a version's files.
    private func blob(_ node: BinderNode?, _ file: (BinderNode) -> String?, _ files: [String: GitOID]) -> GitOID? {
        node.flatMap(file).flatMap { files[gitPath($0)] }
    }
}
