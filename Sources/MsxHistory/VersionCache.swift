import Foundation
import MsxGit
import MsxModel

/// Manifests and documents already parsed from the repository, keyed by the ids of the git objects they were read
/// from.
///
/// Owned by one `ProjectHistory` (one command), or by a `HistorySession` and shared by the histories it opens (one
/// per operation): `log`, `diff` and `restore` read the same manifest and document versions again and again, and
/// most versions share their manifest with the one before. A git object never changes, so an entry can never go
/// stale and nothing is ever invalidated; the cache ends with its owner. Safe to use from several threads.
final class VersionCache: @unchecked Sendable {
    /// A document version: its Markdown blob and its sidecar blob (nil when it had none).
    struct DocumentKey: Hashable {
        var markdown: GitOID
        var sidecar: GitOID?
    }

    private let lock = NSLock()
    private var manifests: [GitOID: Manifest] = [:]
    /// Indexed apart, and only when asked for: naming one document at a version needs no index of its binder.
    private var binders: [GitOID: BinderIndex] = [:]
    private var documents: [DocumentKey: RichDocument] = [:]
    private var trees: [GitOID: [String: GitOID]] = [:]

    /// The project's files in commit `id` (by repository path), listed by `list` the first time.
    func files(_ id: GitOID, list: () throws -> [String: GitOID]) rethrows -> [String: GitOID] {
        if let known = lock.withLock({ trees[id] }) { return known }
        let files = try list()
        lock.withLock { trees[id] = files }
        return files
    }

    /// The manifest in blob `id`, parsed by `read` the first time.
    func manifest(_ id: GitOID, read: () throws -> Manifest) rethrows -> Manifest {
        if let known = lock.withLock({ manifests[id] }) { return known }
        let manifest = try read()
        lock.withLock { manifests[id] = manifest }
        return manifest
    }

    /// The binder of the manifest in blob `id`, indexed the first time from the manifest `read` gives.
    func binder(_ id: GitOID, read: () throws -> Manifest) rethrows -> BinderIndex {
        if let known = lock.withLock({ binders[id] }) { return known }
        let binder = BinderIndex(try read())
        lock.withLock { binders[id] = binder }
        return binder
    }

    /// Records a manifest already parsed and indexed (the working copy's, when it is the same blob as a version's).
    func remember(_ manifest: Manifest, binder: BinderIndex, as id: GitOID) {
        lock.withLock { (manifests[id], binders[id]) = (manifest, binder) }
    }

    /// The document version `key`, read by `read` the first time.
    func document(_ key: DocumentKey, read: () throws -> RichDocument?) rethrows -> RichDocument? {
        if let known = lock.withLock({ documents[key] }) { return known }
        let document = try read()
        if let document { lock.withLock { documents[key] = document } }
        return document
    }
}

/// The blob id of the manifest file one open of the project read, once worked out: unlike the versions, the file
/// changes, so this belongs to one `ProjectHistory`, never to a session.
final class OpenedManifestBlob: @unchecked Sendable {
    private let lock = NSLock()
    private var id: GitOID?

    /// The blob id, `hash` computing it the first time.
    func id(_ hash: () throws -> GitOID) rethrows -> GitOID {
        if let known = lock.withLock({ id }) { return known }
        let computed = try hash()
        lock.withLock { id = computed }
        return computed
    }
}
