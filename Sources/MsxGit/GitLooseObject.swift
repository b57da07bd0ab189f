import CGit2
import CSystemZlib
import Foundation

/// A loose object file (`.git/objects/xx/yyyy...`) read and checked: its zlib stream must end, and its header
/// (`TYPE SIZE\0`) must name a known type and the size of what follows, and its bytes must hash to its id. libgit2
/// 1.5 spins forever on a truncated one (fixed upstream in libgit2 PR #7346); msx reads loose objects itself so that
/// damage is an error at once. (libgit2's own check of every object's hash is off: packed objects, most of a
/// history, are guarded by zlib's checksums and the pack's, as git guards them on ordinary reads.)
enum LooseObject {
    /// Why a loose object cannot be read.
    struct Damage: Error {
        let reason: String
    }

    /// The largest object msx reads (a manuscript's files are far smaller; a header claiming more is damage).
    static let largestSize = 1 << 31

    /// The object `id` in `file`: its type and contents. Throws `Damage` when it is damaged or holds another
    /// object, and the file system's error (ENOENT for a missing file) when it cannot be read.
    static func read(_ file: String, id: GitOID) throws -> (type: git_object_t, contents: [UInt8]) {
        let compressed = try Data(contentsOf: URL(fileURLWithPath: file))
        let inflated = try inflate(compressed)
        guard inflated.withUnsafeBytes(SHA1.digest).withUnsafeBytes(GitOID.init(rawBytes:)) == id else {
            throw Damage(reason: "its contents do not hash to its id")
        }
        guard let nul = inflated.firstIndex(of: 0), nul < 32 else { throw Damage(reason: "it has no object header") }
        let header = String(decoding: inflated[..<nul], as: UTF8.self).split(separator: " ")
        guard header.count == 2, let size = Int(header[1]), size >= 0, size <= largestSize else {
            throw Damage(reason: "its object header is malformed")
        }
        let type = git_object_string2type(String(header[0]))
        guard [GIT_OBJECT_COMMIT, GIT_OBJECT_TREE, GIT_OBJECT_BLOB, GIT_OBJECT_TAG].contains(type) else {
            throw Damage(reason: "its object type '\(header[0])' is unknown")
        }
        guard inflated.count - nul - 1 == size else { throw Damage(reason: "it holds \(inflated.count - nul - 1) bytes, not the \(size) its header says") }
        return (type, Array(inflated[(nul + 1)...]))
    }

    /// The whole zlib stream of `compressed`, which must end before the data does.
    private static func inflate(_ compressed: Data) throws -> [UInt8] {
        var stream = z_stream()
        guard msx_inflate_init(&stream) == Z_OK else { throw Damage(reason: "zlib could not start") }
        defer { inflateEnd(&stream) }
        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: max(4_096, compressed.count * 4))
        var input = [UInt8](compressed)
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let code: Int32 = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    return CSystemZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
                if code == Z_STREAM_END { return code }
                // No progress with all input given and room to write: the stream was cut short.
                if code != Z_OK || output.count > largestSize + 64 { return code == Z_OK ? Z_DATA_ERROR : code }
                if stream.avail_in == 0 && stream.avail_out > 0 { return Z_BUF_ERROR }
            }
        }
        guard status == Z_STREAM_END else {
            throw Damage(reason: status == Z_BUF_ERROR ? "it is truncated" : "its compressed data is corrupt")
        }
        return output
    }
}
