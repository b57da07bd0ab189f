import CGit2
import Foundation
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

/// Merging two lines of versions (issue 13): the binder by node id (`ManifestMerge`), each document from the side
/// that changed it or word by word with its formatting when both did (`DocumentMerge`), files outside documents by
/// path.
extension ProjectHistory {
    /// Merges `theirs` into this branch and moves the files to the result, as a version with two parents.
    /// - Throws: `merge-needed` naming the words both sides changed differently (nothing is written then).
    func merge(_ theirs: GitOID, describedAs label: String) throws -> MergeResult {
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
        var result = files.ours
        var clashes: [String] = []
        var claimed = Set([gitPath(Manifest.fileName)])
        for manifest in [baseManifest, ourManifest, theirManifest, binder.manifest] {
            for entry in manifest.entries where entry.node.kind == .document {
                claimed.formUnion([entry.node.path, entry.node.sidecarPath].compactMap { $0 }.map(gitPath))
            }
        }
        for path in claimed { result[path] = nil }
        // Each document: from the side that changed it, or merged word by word when both did.
        var documentConflicts: [(title: String, conflicts: [MergeConflict])] = []
        var bases: [BaseText] = []  // the texts merged sidecars are anchored to, for `.msx/base/`
        for entry in binder.manifest.entries where entry.node.kind == .document {
            let sides = [baseManifest, ourManifest, theirManifest].map { $0.node(id: entry.node.id) }
            let markdown = (blob(sides[0], \.path, files.base), blob(sides[1], \.path, files.ours), blob(sides[2], \.path, files.theirs))
            let sidecar = (blob(sides[0], \.sidecarPath, files.base), blob(sides[1], \.sidecarPath, files.ours),
                           blob(sides[2], \.sidecarPath, files.theirs))
            let bothChanged = markdown.1 != markdown.2 && markdown.1 != markdown.0 && markdown.2 != markdown.0
                || sidecar.1 != sidecar.2 && sidecar.1 != sidecar.0 && sidecar.2 != sidecar.0
            guard bothChanged else {
                result[gitPath(entry.node.path)] = markdown.1 == markdown.0 ? markdown.2 : markdown.1
                if let target = entry.node.sidecarPath { result[gitPath(target)] = sidecar.1 == sidecar.0 ? sidecar.2 : sidecar.1 }
                continue
            }
            let versions = try [0, 1, 2].map { side in
                try documentVersion(markdown: [markdown.0, markdown.1, markdown.2][side], sidecar: [sidecar.0, sidecar.1, sidecar.2][side],
                                    node: sides[side] ?? entry.node)
            }
            let merged = DocumentMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2])
            if !merged.conflicts.isEmpty { documentConflicts.append((entry.node.title, merged.conflicts)) }
            result[gitPath(entry.node.path)] = try repository.writeBlob(Data(merged.markdown.utf8))
            if let target = entry.node.sidecarPath {
                result[gitPath(target)] = try merged.sidecar.map { try repository.writeBlob(Data($0.json.utf8)) }
            }
            if let base = merged.sidecar?.baseText { bases.append(base) }
        }
        guard documentConflicts.isEmpty else {
            throw MsxError(.mergeNeeded, "both sides changed the same words since they parted: "
                + documentConflicts.map { "'\($0.title)' (\(Self.describe($0.conflicts)))" }.joined(separator: "; ")
                + ". Nothing was changed (msx diff --from \(theirs.short) shows the other side)")
        }
        // Everything else (pictures, .gitattributes, ...) by path.
        for path in Set(files.ours.keys).union(files.theirs.keys).union(files.base.keys) where !claimed.contains(path) {
            let (b, o, t) = (files.base[path], files.ours[path], files.theirs[path])
            if o != t && o != b && t != b { clashes.append(path); continue }
            result[path] = o == b ? t : o
        }
        guard clashes.isEmpty else {
            let names = Array(Set(clashes)).sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw MsxError(.mergeNeeded, "both sides changed \(names) since they parted, and nothing was changed "
                + "(msx diff --from \(theirs.short) shows the other side)")
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
        try advance(to: version, branch: branch, reason: "msx merge", bases: bases)
        return MergeResult(version: version, conflicts: binder.conflicts, kept: binder.kept)
    }

    /// A document's Markdown and sidecar in one version, from their blobs (a missing file is empty, or no sidecar).
    private func documentVersion(markdown: GitOID?, sidecar: GitOID?, node: BinderNode) throws -> DocumentMerge.Version {
        let text = try markdown.map { String(decoding: try repository.blob($0), as: UTF8.self) } ?? ""
        let formatting = try sidecar.map { try Sidecar(json: String(decoding: try repository.blob($0), as: UTF8.self), file: node.sidecarPath ?? node.path) }
        return DocumentMerge.Version(markdown: text, sidecar: formatting)
    }

    /// Conflicts in a few words each: "'walked' became 'ran' here and 'drove' there".
    private static func describe(_ conflicts: [MergeConflict]) -> String {
        let shown = conflicts.prefix(3).map { conflict -> String in
            switch conflict.kind {
            case .text: "'\(conflict.base)' became '\(conflict.ours)' here and '\(conflict.theirs)' there"
            case .deleted: "a passage deleted on one side was changed on the other"
            case .formatting: "\(conflict.attribute?.rawValue ?? "formatting") of '\(conflict.placed)' set differently on each side"
            }
        }
        return shown.joined(separator: ", ") + (conflicts.count > 3 ? " and \(conflicts.count - 3) more" : "")
    }

    /// The blob of a document's file (its `.md` or its sidecar, as `file` picks it) in a version's files.
    private func blob(_ node: BinderNode?, _ file: (BinderNode) -> String?, _ files: [String: GitOID]) -> GitOID? {
        node.flatMap(file).flatMap { files[gitPath($0)] }
    }
}

extension GitRepository {
    /// The best common ancestor of two versions, or nil when their histories never met.
    func mergeBase(_ a: GitOID, _ b: GitOID) throws -> GitOID? {
        var out = git_oid(), ra = a.raw, rb = b.raw
        let code = git_merge_base(&out, handle, &ra, &rb)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try LibGit2.check(code, "cannot find where \(a.short) and \(b.short) parted")
        return GitOID(out)
    }
}
