import Foundation
import MsxGit
import MsxModel

/// A cache file under `.msx/cache/` holding one id (20 bytes, written as 40 hex digits) for a file of one stamp
/// (size, times, inode): the manifest's blob id, the index's proved checksum.
///
/// The file is text (docs/format.md): a header, one line `SIZE MODIFIED CHANGED INODE ID` (tab-separated; times as
/// SECONDS.NANOSECONDS, nine digits after the point), and `checksum HASH`, the FNV-1a hash of every byte before it.
/// An entry is believed only when the file's stamp is the one recorded and the file had not been touched in the
/// moment the entry was written (git's rule for racily clean entries); anything else, a damaged file included, is
/// worked out again by the caller and written anew.
protocol StampedIDCache: ProjectCacheFile {
    /// The file's first line, with its line break: names what the id is and the format's version.
    static var header: String { get }
}

extension StampedIDCache {
    /// The id recorded for a file of `stamp`, when the record can be believed.
    func believedID(for stamp: FileStamp) -> GitOID? {
        // A few hundred bytes at most: anything larger (a file put there, a link to one) is not read.
        guard let written = FileStamp(path: url.path), written.size <= 4096, let bytes = FileIO.cacheBytes(at: url),
            let entry = Self.parse(bytes), entry.stamp == stamp, !stamp.isRacy(recordedAt: written.modified)
        else { return nil }
        return entry.id
    }

    /// Records `id` for a file of `stamp`. A cache that cannot be written is not an error: it is only a cache.
    func record(_ id: GitOID, for stamp: FileStamp) {
        try? FileIO.writeAtomically(Data(Self.serialize(stamp, id)), to: url)
    }

    static func serialize(_ stamp: FileStamp, _ id: GitOID) -> [UInt8] {
        func time(_ t: FileStamp.Time) -> String { "\(t.seconds)." + String(t.nanoseconds, width: 9) }
        var out = Array(header.utf8)
        out += "\(stamp.size)\t\(time(stamp.modified))\t\(time(stamp.changed))\t\(stamp.inode)\t\(id)\n".utf8
        out += "checksum\t\(TextHash.fnv1a64(out))\n".utf8
        return out
    }

    /// The entry of a cache file, or nil when it is of another kind or version, malformed or damaged.
    static func parse(_ bytes: [UInt8]) -> (stamp: FileStamp, id: GitOID)? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count == 4, lines[3].isEmpty, bytes.starts(with: header.utf8) else { return nil }
        let body = Array(bytes[..<(header.utf8.count + lines[1].count + 1)])
        guard lines[2].elementsEqual("checksum\t\(TextHash.fnv1a64(body))".utf8) else { return nil }
        let fields = lines[1].split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 5, let size = Int(fields[0]), let modified = time(fields[1]), let changed = time(fields[2]),
            let inode = UInt64(fields[3]), let id = GitOID(hex: fields[4])
        else { return nil }
        return (FileStamp(size: size, modified: modified, changed: changed, inode: inode), id)
    }

    private static func time(_ text: String) -> FileStamp.Time? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 9, let seconds = Int(parts[0]), let nanoseconds = Int(parts[1]) else { return nil }
        return FileStamp.Time(seconds: seconds, nanoseconds: nanoseconds)
    }
}
