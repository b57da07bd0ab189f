import CGit2
import MsxModel

/// A git object id (SHA-1), copied out of libgit2.
public struct GitOID: Hashable, Sendable, CustomStringConvertible {
    var raw: git_oid

    init(_ raw: git_oid) { self.raw = raw }

    /// Parses 40 hex digits.
    package init?(hex: String) {
        var oid = git_oid()
        guard hex.count == 40, git_oid_fromstr(&oid, hex) == 0 else { return nil }
        raw = oid
    }

    /// The id whose 20 bytes `bytes` holds.
    init(rawBytes bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count == 20, "a git object id is 20 bytes")
        var oid = git_oid()
        _ = git_oid_fromraw(&oid, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        raw = oid
    }

    /// Parses 40 hex digits (either case) given as bytes, decoded by msx: a cache file lists two thousand ids, and
    /// libgit2's parser cost four times as much.
    package init?(hexBytes: UnsafeRawBufferPointer) {
        guard hexBytes.count == 40 else { return nil }
        var oid = git_oid()
        guard withUnsafeMutableBytes(of: &oid.id, { HexDigits.decode(hexBytes, into: $0) }) else { return nil }
        raw = oid
    }

    /// The 40-digit hex form.
    public var description: String { hex(digits: 40) }

    /// The 7-digit short form msx shows.
    public var short: String { hex(digits: 7) }

    /// The first `digits` lower-case hex digits, as git writes them (a log writes one or two for every version).
    private func hex(digits: Int) -> String {
        withUnsafeBytes(of: raw.id) { bytes in
            String(unsafeUninitializedCapacity: digits) { out in
                for i in 0..<digits {
                    let byte = bytes[i / 2]
                    out[i] = Self.hexDigits[Int(i % 2 == 0 ? byte >> 4 : byte & 0xF)]
                }
                return digits
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    public static func == (a: GitOID, b: GitOID) -> Bool {
        var x = a.raw, y = b.raw
        return git_oid_cmp(&x, &y) == 0
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: raw.id) { hasher.combine(bytes: $0) }
    }
}
