import CGit2

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

    /// Parses 40 hex digits given as bytes.
    package init?(hexBytes: UnsafeRawBufferPointer) {
        var oid = git_oid()
        guard hexBytes.count == 40, let base = hexBytes.baseAddress,
            git_oid_fromstrn(&oid, base.assumingMemoryBound(to: CChar.self), 40) == 0
        else { return nil }
        raw = oid
    }

    /// The 40-digit hex form.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: 41)
        var copy = raw
        git_oid_tostr(&buffer, 41, &copy)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The 7-digit short form msx shows.
    public var short: String { String(description.prefix(7)) }

    public static func == (a: GitOID, b: GitOID) -> Bool {
        var x = a.raw, y = b.raw
        return git_oid_cmp(&x, &y) == 0
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: raw.id) { hasher.combine(bytes: $0) }
    }
}
