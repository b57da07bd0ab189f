/// FNV-1a 64-bit hashing of text: small, fast, stable across platforms. Used to recognise a paragraph whose text
/// has not changed since its sidecar entry was written (not for security).
public enum TextHash {
    /// The hash of `text`'s UTF-8 bytes as 16 lowercase hex digits.
    public static func fnv1a64(_ text: String) -> String {
        var text = text
        return hex(text.withUTF8(fnv1a64))
    }

    /// The hash of some bytes (a picture's) as 16 lowercase hex digits.
    public static func fnv1a64(_ data: [UInt8]) -> String {
        hex(data.withUnsafeBufferPointer(fnv1a64))
    }

    /// A hash as 16 lowercase hex digits.
    package static func hex(_ hash: UInt64) -> String {
        String(hash, radix: 16, width: 16)
    }

    /// FNV-1a 64 of some UTF-8 bytes.
    package static func fnv1a64(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
