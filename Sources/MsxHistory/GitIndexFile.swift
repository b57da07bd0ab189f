import Foundation

/// Git's index file (`.git/index`, versions 2 to 4) read straight from its bytes, for `GitIndexStat`: each entry's
/// path, blob id, size and modification time. libgit2's reader copies every entry and checks the file's checksum
/// with collision detection, a fifth of `msx status` on a 2,000-file project; this one checks the checksum with
/// plain SHA-1 and makes one string per path it keeps.
///
/// It reads only what it knows to read as libgit2 does. A file in any other form (another version, a split or sparse
/// index, an entry or extension that runs past the end, a checksum that does not match) gets nil, and is left to
/// libgit2, which reads it or reports the problem as it always did.
enum GitIndexFile {
    /// The entries whose paths start with `prefix` (the last of a path's conflict stages), or nil (see above).
    static func entries(_ file: UnsafeRawBufferPointer, under prefix: String) -> [String: GitIndexStat.Entry]? {
        let checksumSize = 20
        guard file.count >= 12 + checksumSize, file.starts(with: "DIRC".utf8) else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: file[..<(file.count - checksumSize)])
        var reader = Reader(bytes: body, offset: 4)
        guard let version = reader.uint32(), (2...4).contains(version), let count = reader.uint32(),
            SHA1.digest(body).elementsEqual(file[body.count...])
        else { return nil }
        let prefixBytes = Array(prefix.utf8)
        var result = [String: GitIndexStat.Entry](minimumCapacity: Int(min(count, 1 << 20)))
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
                path = Array(name)
                // 1 to 8 NULs end the path, so that the entry's length is a multiple of eight.
                let length = (reader.offset - 1 - start + 8) & ~7
                reader.offset = start
                guard reader.skip(length) else { return nil }
            }
            // Bytes first; a path that differs only in how its letters are composed starts with the prefix as a
            // string does.
            if path.starts(with: prefixBytes) {
                result[String(decoding: path, as: UTF8.self)] = (id, size, Int32(bitPattern: seconds), nanoseconds)
            } else if case let name = String(decoding: path, as: UTF8.self), name.hasPrefix(prefix) {
                result[name] = (id, size, Int32(bitPattern: seconds), nanoseconds)
            }
        }
        // Extensions: optional ones (an upper-case first letter) are skipped; a split ("link") or sparse ("sdir")
        // index lists entries elsewhere or as folders.
        while reader.offset < body.count {
            guard let signature = reader.bytes(4), let size = reader.uint32(), reader.skip(Int(size)),
                !signature.elementsEqual("link".utf8), !signature.elementsEqual("sdir".utf8)
            else { return nil }
        }
        return result
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
