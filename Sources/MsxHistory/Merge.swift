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

/// Merging two lines of versions (issue 13, first part): the binder by node id (`ManifestMerge`), each document
/// whole from the side that changed it, files outside documents by path. When both sides changed the same document,
/// nothing is changed yet: merging the words inside a document is the next step.
extension ProjectHistory {
    /// Merges `theirs` into this branch and moves the files to the result, as a version with two parents.
    /// - Throws: `merge-needed` naming the documents both sides changed (nothing is written then).
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
        // Each document whole: from the side that changed it.
        for entry in binder.manifest.entries where entry.node.kind == .document {
            let id = entry.node.id
            let sides = [baseManifest, ourManifest, theirManifest].map { $0.node(id: id) }
            let documentFiles: [(path: (BinderNode) -> String?, target: String?)] = [({ $0.path }, entry.node.path),
                                                                                      ({ $0.sidecarPath }, entry.node.sidecarPath)]
            for (file, target) in documentFiles {
                guard let target else { continue }
                let (b, o, t) = (blob(sides[0], file, files.base), blob(sides[1], file, files.ours), blob(sides[2], file, files.theirs))
                if o != t && o != b && t != b {
                    clashes.append(entry.node.title)
                    continue
                }
                result[gitPath(target)] = o == b ? t : o
            }
        }
        // Everything else (pictures, .gitattributes, ...) by path.
        for path in Set(files.ours.keys).union(files.theirs.keys).union(files.base.keys) where !claimed.contains(path) {
            let (b, o, t) = (files.base[path], files.ours[path], files.theirs[path])
            if o != t && o != b && t != b { clashes.append(path); continue }
            result[path] = o == b ? t : o
        }
        guard clashes.isEmpty else {
            let names = Array(Set(clashes)).sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw MsxError(.mergeNeeded, "both sides changed \(names) since they parted: merging the words of one document "
                + "is not done yet, and nothing was changed (msx diff --from \(theirs.short) shows the other side)")
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
        try advance(to: version, branch: branch, reason: "msx merge")
        return MergeResult(version: version, conflicts: binder.conflicts, kept: binder.kept)
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
