import Foundation
import MsxGit
import MsxModel
import MsxProject

/// The files of the last version, as its tree lists them, cached in `.msx/cache/files` so that `status` and
/// `snapshot` do not walk the tree of a long series each time.
///
/// A version's files never change, so the cache is keyed by the version and the project's folder in the repository:
/// it is only ever of another version, or damaged, and then the tree is walked and the cache written anew.
///
/// The file is text (docs/format.md): a header `msx version files 1`, a line `VERSION` TAB `FOLDER`, a line
/// `BLOB` TAB `PATH` per file (sorted by path), and `checksum` TAB `HASH`, the FNV-1a hash of every byte before it.
/// A version with a file whose path holds a line break is not cached.
struct VersionFilesCache: ProjectCacheFile {
    static let relativePath = ".msx/cache/files"
    private static let header = "msx version files 1\n"

    let url: URL

    /// The files of `version` under `prefix`, when the cache holds them and is whole.
    func files(of version: GitOID, prefix: String) -> [String: GitOID]? {
        FileIO.cacheBytes(at: url).flatMap { Self.parse($0, version: version, prefix: prefix) }
    }

    /// Records the files of `version`. A cache that cannot be written is not an error: it is only a cache.
    func record(_ files: [String: GitOID], of version: GitOID, prefix: String) {
        guard let bytes = Self.serialize(files, of: version, prefix: prefix) else { return }
        try? FileIO.writeAtomically(Data(bytes), to: url)
    }

    /// The cache file's bytes; nil when a path (or the folder) holds a line break.
    static func serialize(_ files: [String: GitOID], of version: GitOID, prefix: String) -> [UInt8]? {
        // Bytes, not characters: "\r\n" is one character that is no "\n".
        let breaksLine = { (text: String) in text.utf8.contains(UInt8(ascii: "\n")) }
        guard !breaksLine(prefix), !files.keys.contains(where: breaksLine) else { return nil }
        var out = Array(header.utf8)
        out += "\(version)\t\(prefix)\n".utf8
        for (path, id) in files.sorted(by: { $0.key < $1.key }) { out += "\(id)\t\(path)\n".utf8 }
        out += "checksum\t\(TextHash.fnv1a64(out))\n".utf8
        return out
    }

    /// The files a cache file lists for `version` under `prefix`; nil when it is of another version or folder, of
    /// another format, malformed or damaged.
    static func parse(_ bytes: [UInt8], version: GitOID, prefix: String) -> [String: GitOID]? {
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
        // The checksum line is the last: `checksum`, a tab and 16 hex digits.
        let checksumLength = "checksum\t".utf8.count + 16 + 1
        guard bytes.starts(with: header.utf8), bytes.count > header.utf8.count + checksumLength else { return nil }
        let bodyEnd = bytes.count - checksumLength
        return bytes.withUnsafeBufferPointer { buffer -> [String: GitOID]? in
            let checksum = TextHash.hex(TextHash.fnv1a64(UnsafeBufferPointer(rebasing: buffer[..<bodyEnd])))
            guard buffer[bodyEnd - 1] == newline, buffer[bodyEnd...].elementsEqual("checksum\t\(checksum)\n".utf8) else { return nil }
            // Lines are found with memchr(3): a long series lists two thousand files.
            func lineEnd(from start: Int) -> Int {
                ByteSearch.firstIndex(of: [newline], in: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<bodyEnd]))).map { start + $0 } ?? bodyEnd
            }
            var start = header.utf8.count
            var end = lineEnd(from: start)
            guard buffer[start..<end].elementsEqual("\(version)\t\(prefix)".utf8) else { return nil }
            var files: [String: GitOID] = [:]
            // A line holds at least 43 bytes (an id, a tab, a name, a newline): room for every file, so the table
            // is never grown and rehashed on the way.
            files.reserveCapacity((bodyEnd - end) / 43)
            while end + 1 < bodyEnd {
                (start, end) = (end + 1, lineEnd(from: end + 1))
                guard end - start > 41, buffer[start + 40] == tab,
                    let id = GitOID(hexBytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<(start + 40)])))
                else { return nil }
                files[String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + 41)..<end]), as: UTF8.self)] = id
            }
            return files
        }
    }
}

extension ProjectHistory {
    /// The files of the last version (HEAD) under the project's folder: from `.msx/cache/files` when it lists that
    /// version, else from its tree (and, when `recording`, recorded for the next command).
    func headFiles(_ head: GitOID, recording: Bool = true) throws -> [String: GitOID] {
        try versionFiles(head) {
            let cache = VersionFilesCache(project: project)
            if let files = cache.files(of: head, prefix: prefix) { return files }
            let files = try repository.files(in: head, under: prefix)
            if recording { cache.record(files, of: head, prefix: prefix) }
            return files
        }
    }

    /// `msx check`'s proof of `.msx/cache/files`: false when it lists the last version's files otherwise than its
    /// tree does. With `repair`, a wrong cache is removed (the next command writes it again).
    func versionFilesCacheIsRight(repair: Bool) throws -> Bool {
        guard let head = try head() else { return true }
        let cache = VersionFilesCache(project: project)
        guard let cached = cache.files(of: head, prefix: prefix) else { return true }
        let right = try cached == repository.files(in: head, under: prefix)
        if !right && repair { try FileManager.default.removeItem(at: cache.url) }
        return right
    }
}
