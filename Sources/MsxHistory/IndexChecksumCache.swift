import Foundation
import MsxGit
import MsxModel

/// The checksum of git's index file as msx last proved it (the SHA-1 of the bytes before it), cached in
/// `.msx/cache/index` under the file's stamp, so that `status` reads an index it has read before without computing
/// its SHA-1 again: the file is believed to be the one proved when its stamp is the one recorded and it still ends
/// with that checksum.
///
/// The file is a `StampedIDCache` with the header `msx index checksum 1`. `msx check` computes the checksum to prove
/// a believed entry right.
struct IndexChecksumCache: StampedIDCache, ProvedIndexChecksums {
    static let relativePath = ".msx/cache/index"
    static let header = "msx index checksum 1\n"

    let url: URL
    /// Whether a checksum proved now is written down (not by a dry run, which writes nothing).
    var recording = true

    init(url: URL) { self.url = url }

    func checksum(provedFor stamp: FileStamp) -> GitOID? { believedID(for: stamp) }
    func record(_ checksum: GitOID, provedFor stamp: FileStamp) { if recording { record(checksum, for: stamp) } }
}

extension ProjectHistory {
    /// Git's index as a stat cache of the project's files, its checksum proved once per index file (see
    /// `IndexChecksumCache`).
    /// - Parameters:
    ///   - forWriting: read through libgit2, which this command uses to write it (see `GitRepository.indexStat`).
    ///   - recording: whether a checksum proved now is written to the cache (not by a dry run).
    func indexStat(forWriting: Bool = false, recording: Bool = true) throws -> GitIndexStat {
        var proved = IndexChecksumCache(project: project)
        proved.recording = recording
        return try repository.indexStat(under: prefix, forWriting: forWriting, proved: proved)
    }

    /// `msx check`'s proof of `.msx/cache/index`: false when it holds a checksum it would believe for today's index
    /// that is not the SHA-1 of the index's bytes. With `repair`, such an entry is removed.
    func indexChecksumCacheIsRight(repair: Bool) throws -> Bool {
        let cache = IndexChecksumCache(project: project)
        guard let stamp = FileStamp(path: repository.gitFolder.appendingPathComponent("index").path),
            let believed = cache.believedID(for: stamp)
        else { return true }
        let right = GitIndexStat.bytesHaveChecksum(believed, indexIn: repository.gitFolder)
        if !right && repair { try FileManager.default.removeItem(at: cache.url) }
        return right
    }
}
