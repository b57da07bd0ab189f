import Foundation
import MsxGit
import MsxModel
import MsxProject

/// The git blob id of the manifest file, cached in `.msx/cache/manifest` under the file's stamp (size, times,
/// inode), so that a command reading versions knows whether a version's manifest is the file it opened without
/// hashing it (SHA-1 over a series' 300 KB binder would be repeated by every `show` and `log`).
///
/// The file is a `StampedIDCache` with the header `msx manifest blob 1`. `msx check` hashes the file to prove a
/// believed entry right.
struct ManifestBlobCache: StampedIDCache {
    static let relativePath = ".msx/cache/manifest"
    static let header = "msx manifest blob 1\n"

    let url: URL
}

extension ProjectHistory {
    /// The blob id of the manifest file as the project was opened: from `.msx/cache/manifest` when it can be
    /// believed, else hashed (and recorded for the next command).
    func blobOfOpenedManifest() throws -> GitOID {
        let opened = project.openedManifest
        let cache = ManifestBlobCache(project: project)
        guard let stamp = project.openedManifestStamp else { return try repository.hash(Data(opened.text.utf8)) }
        if let id = cache.believedID(for: stamp) { return id }
        let id = try repository.hash(Data(opened.text.utf8))
        cache.record(id, for: stamp)
        return id
    }

    /// `msx check`'s proof of `.msx/cache/manifest`: false when it holds an entry it would believe for today's file
    /// that is not the file's blob id. With `repair`, such an entry is removed.
    func manifestBlobCacheIsRight(repair: Bool) throws -> Bool {
        let cache = ManifestBlobCache(project: project)
        let file = project.root.appendingPathComponent(Manifest.fileName)
        // A manifest that cannot be read is check's finding elsewhere, not the cache's.
        guard let stamp = FileStamp(path: file.path), let believed = cache.believedID(for: stamp),
            let bytes = try? FileIO.readData(file, displayPath: Manifest.fileName)
        else { return true }
        let right = try repository.hash(bytes) == believed
        if !right && repair { try FileManager.default.removeItem(at: cache.url) }
        return right
    }
}
