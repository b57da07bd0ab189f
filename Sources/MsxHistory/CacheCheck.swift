import Foundation
import MsxGit
import MsxModel
import MsxProject

extension ProjectHistory {
    /// `msx check`'s look at the caches msx reads instead of the history and the files: the version index
    /// (`.msx/cache/versions`), compared with a fresh reading of the history; the manifest's blob id
    /// (`.msx/cache/manifest`), compared with the file's hash; the last version's files (`.msx/cache/files`),
    /// compared with its tree; and git's index as a stat cache: every project file whose size and time it vouches
    /// for is read and hashed. With `repair`, a wrong version index is built again, a wrong manifest blob id or list
    /// of files removed (the next command records it again), an index entry vouching for content its file no
    /// longer holds loses its size and time (the file is read from then on), and a damaged index is built again
    /// from the last version (`gitIndexPath`).
    /// How a finding names git's index.
    public static let gitIndexPath = ".git/index"

    public func checkCaches(repair: Bool) throws -> CheckReport {
        var report = CheckReport()
        let versionIndex = ".msx/cache/versions"
        // A shallow history has no versions to compare the index with (and no command reads one).
        if !repository.isShallow, try !versionIndexIsRight(repair: repair) {
            report.findings.append(CheckFinding(path: versionIndex, detail: .staleCache))
            if repair { report.repairs.append(.rebuiltCache(versionIndex)) }
        }
        let proofs: [(path: String, isRight: (Bool) throws -> Bool)] = [
            (ManifestBlobCache.relativePath, manifestBlobCacheIsRight),
            (VersionFilesCache.relativePath, versionFilesCacheIsRight),
            (IndexChecksumCache.relativePath, indexChecksumCacheIsRight),
        ]
        for proof in proofs where try !proof.isRight(repair) {
            report.findings.append(CheckFinding(path: proof.path, detail: .staleCache))
            if repair { report.repairs.append(.rebuiltCache(proof.path)) }
        }
        // A damaged index (its checksum does not match) is built again from the last version: it is a cache too.
        guard repository.indexIsReadable() else {
            report.findings.append(CheckFinding(path: Self.gitIndexPath, detail: .staleCache))
            if repair {
                try repository.rebuildIndex(fromHead: try head())
                report.repairs.append(.rebuiltCache(Self.gitIndexPath))
            }
            return report
        }
        let index = try indexStat(forWriting: true)
        var stale: [String: GitOID] = [:]
        for (path, entry) in index.entries {
            let file = repository.workdir.appendingPathComponent(path)
            var info = stat()
            guard lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, index.unchangedID(at: path, info) != nil,
                try repository.hashWorkFile(path) != entry.id
            else { continue }
            stale[path] = entry.id
        }
        for path in stale.keys.sorted() {
            let relative = String(path.dropFirst(prefix.count))
            report.findings.append(CheckFinding(path: relative, detail: .staleCache))
            if repair { report.repairs.append(.rebuiltCache(relative)) }
        }
        if repair && !stale.isEmpty { try repository.setIndexEntries(stale) }
        return report
    }
}
