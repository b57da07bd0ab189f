import Foundation
import MsxModel

/// Git's index as a stat cache: for each file under a folder, the blob id it held when its size and modification
/// time were recorded. A file whose size and time still match holds that blob without being read, unless it was
/// written in the same moment as the index ("racily clean", as git calls it: a later edit in that moment keeps the
/// time), which is always read.
package struct GitIndexStat: Sendable {
    package typealias Entry = (id: GitOID, size: UInt32, seconds: Int32, nanoseconds: UInt32)

    /// By repository path.
    package let entries: [String: Entry]
    /// When the index file was last written; nil when there is none.
    let written: (seconds: Int32, nanoseconds: UInt32)?

    /// The blob id the index vouches for at `path` given the file's stat(2) information, or nil when it cannot.
    package func unchangedID(at path: String, _ info: stat) -> GitOID? {
        guard let entry = entries[path], UInt32(truncatingIfNeeded: info.st_size) == entry.size else { return nil }
        let time = Self.modificationTime(info)
        guard time == (entry.seconds, entry.nanoseconds), let written,
            (entry.seconds, entry.nanoseconds) < (written.seconds, written.nanoseconds)
        else { return nil }
        return entry.id
    }

    static func modificationTime(_ info: stat) -> (Int32, UInt32) {
        #if os(Linux)
        return (Int32(truncatingIfNeeded: info.st_mtim.tv_sec), UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec))
        #else
        return (Int32(truncatingIfNeeded: info.st_mtimespec.tv_sec), UInt32(truncatingIfNeeded: info.st_mtimespec.tv_nsec))
        #endif
    }
}

/// Where a caller keeps the checksums of index files it has proved, by the files' stat(2) stamps: an index whose stamp
/// is one recorded, ending with the checksum recorded for it, is read without its SHA-1 computed again (most of
/// reading it; git itself leaves the checksum unchecked on every read but fsck's).
package protocol ProvedIndexChecksums {
    /// The checksum proved for an index file of `stamp`, when the record can be believed.
    func checksum(provedFor stamp: FileStamp) -> GitOID?
    /// Records that an index file of `stamp` ended with `checksum`, the SHA-1 of the bytes before it.
    func record(_ checksum: GitOID, provedFor stamp: FileStamp)
}

extension GitIndexStat {
    /// The stat cache of the index in `gitFolder`, read from its file without libgit2 (so from any thread); nil when
    /// there is no index or it is in a form only libgit2 reads: then a caller reads and hashes the files instead.
    /// - Parameter proved: checksums proved before; a checksum proved now is recorded there.
    package static func read(gitFolder: URL, under prefix: String, proved: (any ProvedIndexChecksums)? = nil) -> GitIndexStat? {
        let url = gitFolder.appendingPathComponent("index")
        var info = stat()
        // Its time is taken before its bytes: an index written in between vouches for less, never for more.
        guard stat(url.path, &info) == 0, let file = try? Data(contentsOf: url), file.count >= GitIndexFile.checksumSize
        else { return nil }
        let stamp = FileStamp(info)
        let trailer = file.withUnsafeBytes { GitOID(rawBytes: UnsafeRawBufferPointer(rebasing: $0[(file.count - GitIndexFile.checksumSize)...])) }
        let known = proved?.checksum(provedFor: stamp) == trailer
        guard let entries = file.withUnsafeBytes({ GitIndexFile.entries($0, under: prefix, checksumProved: known) }) else { return nil }
        // Recorded only for bytes that are the stamp's: the file as stat(2) gives it after the read too.
        if !known, let proved, FileStamp(path: url.path) == stamp { proved.record(trailer, provedFor: stamp) }
        let written = modificationTime(info)
        return GitIndexStat(entries: entries, written: (seconds: written.0, nanoseconds: written.1))
    }
}

extension GitIndexStat {
    /// Whether the bytes of the index file in `gitFolder`, before its checksum, have `checksum` as their SHA-1: the
    /// proof of a checksum recorded as proved (false when the file cannot be read).
    package static func bytesHaveChecksum(_ checksum: GitOID, indexIn gitFolder: URL) -> Bool {
        guard let file = try? Data(contentsOf: gitFolder.appendingPathComponent("index")), file.count >= GitIndexFile.checksumSize
        else { return false }
        return file.withUnsafeBytes { bytes in
            SHA1.digest(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - GitIndexFile.checksumSize)]))
                .withUnsafeBytes(GitOID.init(rawBytes:)) == checksum
        }
    }
}

extension GitRepository {
    /// The index's entries under `prefix`, as a stat cache.
    /// - Parameter forWriting: libgit2 reads the index in this command anyway (to write it, or to see whether it can
    ///   read it): it serves the entries too.
    /// - Parameter proved: checksums of index files proved before, and where one proved now is recorded.
    package func indexStat(under prefix: String, forWriting: Bool = false, proved: (any ProvedIndexChecksums)? = nil) throws -> GitIndexStat {
        if !forWriting, let read = GitIndexStat.read(gitFolder: gitFolder, under: prefix, proved: proved) { return read }
        var info = stat()
        let written = stat(gitFolder.appendingPathComponent("index").path, &info) == 0 ? GitIndexStat.modificationTime(info) : nil
        let entries = try indexEntriesThroughLibgit2(under: prefix)
        return GitIndexStat(entries: entries, written: written.map { (seconds: $0.0, nanoseconds: $0.1) })
    }
}
