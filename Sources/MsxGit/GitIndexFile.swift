import Foundation

/// Git's index file (`.git/index`, versions 2 to 4) read straight from its bytes, for `GitIndexStat`: each entry's
/// path, blob id, size and modification time. libgit2's reader copies every entry and checks the file's checksum
/// with collision detection, more work than `msx status` needs; this one checks the checksum with
/// plain SHA-1 and makes a string only for the paths it keeps (and for any it cannot tell by their bytes).
///
/// It reads only what it knows to read as libgit2 does, and leaves the rest to libgit2 (nil), which reads it or
/// reports the problem as it always did: another version, a split or sparse index or any other extension git
/// requires readers to know (a lower-case signature), an entry whose name length disagrees with its path (or, in
/// version 4, a path of 4,095 bytes or more, which libgit2 refuses there), anything that runs past the end, and a
/// checksum that does not match (an index written with `index.skipHash`, whose checksum is zeros, included: the
/// libgit2 msx links refuses it too). The optional extensions (cached trees, resolved conflicts, the untracked
/// cache...) are stepped over unread.
enum GitIndexFile {
    /// The length of the SHA-1 checksum that ends the file.
    static let checksumSize = 20

    /// The entries whose paths start with `prefix` (the last of a path's conflict stages), or nil (see above).
    /// - Parameter checksumProved: the file's checksum was proved before (see `ProvedIndexChecksums`): not computed.
    static func entries(_ file: UnsafeRawBufferPointer, under prefix: String, checksumProved: Bool = false) -> [String: GitIndexStat.Entry]? {
        guard file.count >= 12 + checksumSize, file.starts(with: "DIRC".utf8) else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: file[..<(file.count - checksumSize)])
        var reader = Reader(bytes: body, offset: 4)
        guard let version = reader.uint32(), (2...4).contains(version), let count = reader.uint32(),
            checksumProved || SHA1.digest(body).elementsEqual(file[body.count...])
        else { return nil }
        let prefixMatch = PrefixMatch(prefix)
        // Room for every entry when all are kept (the count can claim no more entries than the bytes can hold).
        var result = [String: GitIndexStat.Entry](minimumCapacity: prefix.isEmpty ? min(Int(count), body.count / 62) : 0)
        var path: [UInt8] = []
        for _ in 0..<count {
            let start = reader.offset
            guard reader.skip(8), let seconds = reader.uint32(), let nanoseconds = reader.uint32(), reader.skip(20),
                let size = reader.uint32(), let id = reader.objectID(), let flags = reader.uint16()
            else { return nil }
            if flags & 0x4000 != 0 {
                guard version >= 3, reader.skip(2) else { return nil }
            }
            if version == 4 {
                // The path is the last one's, less a number of bytes from its end, plus a suffix.
                guard let strip = reader.varint(), strip <= path.count, let suffix = reader.terminatedBytes() else { return nil }
                path.removeLast(strip)
                path.append(contentsOf: suffix)
            } else {
                guard let name = reader.terminatedBytes() else { return nil }
                path.removeAll(keepingCapacity: true)
                path.append(contentsOf: name)
                // 1 to 8 NULs end the path, so that the entry's length is a multiple of eight.
                let length = (reader.offset - 1 - start + 8) & ~7
                reader.offset = start
                guard reader.skip(length) else { return nil }
            }
            // The flags hold the path's length, or 0xFFF for any longer: git reads the path by that length.
            let nameLength = Int(flags & 0xFFF)
            guard nameLength == 0xFFF ? path.count >= 0xFFF : path.count == nameLength else { return nil }
            // The libgit2 msx links refuses such a path in version 4, and would refuse the index `snapshot` writes.
            if version == 4 && nameLength == 0xFFF { return nil }
            if prefixMatch.keeps(path) {
                result[String(decoding: path, as: UTF8.self)] = (id, size, Int32(bitPattern: seconds), nanoseconds)
            }
        }
        // Extensions: an optional one's signature starts with an upper-case letter; any other (a split index's,
        // a sparse index's) changes what the entries mean.
        while reader.offset < body.count {
            guard let signature = reader.bytes(4), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(signature[0]),
                let size = reader.uint32(), reader.skip(Int(size))
            else { return nil }
        }
        return result
    }

    /// Whether a path starts with a folder's as Swift's strings say (`String.hasPrefix`, which compares characters
    /// under canonical equivalence): told by the bytes where they can, by a string only where they cannot.
    private struct PrefixMatch {
        let prefix: String
        let bytes: [UInt8]
        /// Plain ASCII without a carriage return: a character of its own at every byte, whatever follows.
        let isPlain: Bool

        init(_ prefix: String) {
            self.prefix = prefix
            bytes = Array(prefix.utf8)
            isPlain = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        }

        func keeps(_ path: [UInt8]) -> Bool {
            byBytes(path) ?? String(decoding: path, as: UTF8.self).hasPrefix(prefix)
        }

        /// The answer where the bytes alone give it, else nil.
        private func byBytes(_ path: [UInt8]) -> Bool? {
            guard isPlain else { return nil }
            guard path.count >= bytes.count else { return path.allSatisfy { $0 < 0x80 } ? false : nil }
            for i in bytes.indices where path[i] != bytes[i] {
                return path[..<bytes.count].allSatisfy { $0 < 0x80 } ? false : nil
            }
            // A byte of a composed letter right after the prefix could join its last character.
            return path.count == bytes.count || path[bytes.count] < 0x80 ? true : nil
        }
    }

    /// Big-endian fields read forward through the file; nil (and the offset left undefined) past its end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset: Int

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= bytes.count - offset else { return false }
            offset += count
            return true
        }

        mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
            let start = offset
            guard skip(count) else { return nil }
            return UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
        }

        mutating func uint32() -> UInt32? {
            bytes(4).map { UInt32(bigEndian: $0.loadUnaligned(as: UInt32.self)) }
        }

        mutating func uint16() -> UInt16? {
            bytes(2).map { UInt16(bigEndian: $0.loadUnaligned(as: UInt16.self)) }
        }

        mutating func objectID() -> GitOID? {
            bytes(20).map { GitOID(rawBytes: $0) }
        }

        /// Bytes up to a NUL, which is passed.
        mutating func terminatedBytes() -> UnsafeRawBufferPointer? {
            guard offset < bytes.count, let base = bytes.baseAddress,
                let nul = memchr(base + offset, 0, bytes.count - offset)
            else { return nil }
            let end = base.distance(to: UnsafeRawPointer(nul))
            let run = UnsafeRawBufferPointer(rebasing: bytes[offset..<end])
            offset = end + 1
            return run
        }

        /// Git's offset varint: seven bits a byte, high bit set on all but the last, one added at each continuation.
        mutating func varint() -> Int? {
            guard let first = bytes(1)?.first else { return nil }
            var byte = first
            var value = Int(byte & 0x7F)
            while byte & 0x80 != 0 {
                guard value < Int.max >> 8, let next = bytes(1)?.first else { return nil }
                byte = next
                value = ((value + 1) << 7) | Int(byte & 0x7F)
            }
            return value
        }
    }
}
