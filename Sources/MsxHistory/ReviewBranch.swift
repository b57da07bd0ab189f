import Foundation
import MsxGit
import MsxModel

/// An editor's version of some documents, recorded as a draft of its own: the branch
/// `review/NAME`, one version on top of the version the editor was sent.
extension ProjectHistory {
    /// Records the documents' new Markdown and sidecars (and `files`, by project path: pictures the editor added)
    /// as one version whose parent is `base`, on the branch `review/NAME`, with `manifest` when the binder changed
    /// (folders retitled); the working files and HEAD are not touched. Returns the version.
    /// - Throws: `draft-exists` when the branch exists already, `invalid-value` for a name git refuses.
    package func recordReview(_ name: String, base: GitOID, documents: [(node: BinderNode, version: DocumentMerge.Version)],
                              files: [String: Data] = [:], manifest: Manifest? = nil, message: String) throws -> GitOID {
        let branch = "review/\(name)"
        guard GitRepository.isValidBranchName(branch) else {
            throw MsxError(.invalidValue, "'\(name)' cannot be a review's name (no spaces, no ~ ^ : ? * [ or ..)")
        }
        if try repository.referenceTarget("refs/heads/\(branch)") != nil {
            throw MsxError(.draftExists, "a draft named '\(branch)' already exists (give the review another --name)")
        }
        let changes = try treeChanges(documents, files: files, manifest: manifest, base: base)
        let tree = try repository.tree(basedOn: base, applying: changes)
        let (author, _) = self.author(nil)
        return try repository.writeCommit(tree: tree, parents: [base], updating: "refs/heads/\(branch)", message: message,
                                          authorName: author.name, authorEmail: author.email)
    }

    /// Records the documents' new Markdown and sidecars as a version on top of the draft `name` (not the current
    /// one: its files and HEAD are not touched): a change of the draft's own, such as one a reviewer's draft no longer
    /// proposes. Returns the version.
    package func recordOnDraft(_ name: String, documents: [(node: BinderNode, version: DocumentMerge.Version)],
                               message: String) throws -> GitOID {
        let head = try draftVersion(name)
        if try repository.currentBranch() == name {
            throw MsxError(.invalidValue, "'\(name)' is the current draft: its changes are the files you are working on")
        }
        let tree = try repository.tree(basedOn: head, applying: try treeChanges(documents, files: [:], manifest: nil, base: head))
        let (author, _) = self.author(nil)
        return try repository.writeCommit(tree: tree, parents: [head], updating: "refs/heads/\(name)", message: message,
                                          authorName: author.name, authorEmail: author.email)
    }

    private func treeChanges(_ documents: [(node: BinderNode, version: DocumentMerge.Version)], files: [String: Data],
                             manifest: Manifest?, base: GitOID) throws -> [GitRepository.TreeChange] {
        var changes: [GitRepository.TreeChange] = []
        for (node, version) in documents {
            changes.append(.init(path: gitPath(node.path), blob: try repository.writeBlob(Data(version.markdown.utf8))))
            guard let sidecarPath = node.sidecarPath else { continue }
            if let sidecar = version.sidecar {
                changes.append(.init(path: gitPath(sidecarPath), blob: try repository.writeBlob(Data(sidecar.json.utf8))))
            } else if try repository.entry(at: gitPath(sidecarPath), in: base) != nil {
                changes.append(.init(path: gitPath(sidecarPath), blob: nil))
            }
        }
        if let manifest {
            changes.append(.init(path: gitPath(Manifest.fileName), blob: try repository.writeBlob(Data(manifest.json.utf8))))
        }
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            changes.append(.init(path: gitPath(path), blob: try repository.writeBlob(data)))
        }
        return changes
    }

    /// A document's Markdown and sidecar at `version` (nil when the document has no file there).
    package func documentVersion(_ node: BinderNode, at version: GitOID) throws -> DocumentMerge.Version? {
        guard let markdown = try repository.file(at: gitPath(node.path), in: version) else { return nil }
        let sidecar = try node.sidecarPath.flatMap { try repository.file(at: gitPath($0), in: version) }.map {
            try Sidecar(json: String(decoding: $0, as: UTF8.self), file: node.sidecarPath ?? node.path)
        }
        return DocumentMerge.Version(markdown: String(decoding: markdown, as: UTF8.self), sidecar: sidecar)
    }
}
