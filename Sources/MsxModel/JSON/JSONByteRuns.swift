/// Runs of JSON bytes stepped over eight at a time: a binder or a sidecar is mostly indentation and plain string
/// bytes, which a byte-at-a-time loop reads at several instructions each.
enum JSONByteRuns {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte at or after `start` that ends a plain string (a quote, a backslash or a control
    /// character), or `bytes.count` when there is none.
    static func plainStringEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // A byte is flagged when it is zero after the XOR (a quote, a backslash) or below 0x20; the test can
                // flag a byte above a flagged one wrongly, never a byte below it, so the lowest flag is exact.
                let flags = hasZeroByte(word ^ (ones &* 0x22)) | hasZeroByte(word ^ (ones &* 0x5C)) | hasByteBelow(word, 0x20)
                if flags != 0 { return index + flags.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return index
    }

    /// The index of the first byte at or after `start` that is not JSON whitespace, or `bytes.count`.
    static func whitespaceEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return start }
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                index += 1
                // Indentation: eight spaces are one comparison. Only after a line break, where the long runs are:
                // most runs elsewhere are one space.
                while index + 8 <= bytes.count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) == ones &* 0x20 {
                    index += 8
                }
            case 0x20, 0x09, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    /// The high bit of each byte of `word` that is zero (and possibly of bytes above the lowest such one).
    private static func hasZeroByte(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highBits }

    /// The high bit of each byte of `word` below `limit` (at most 0x80; possibly also of bytes above the lowest one).
    private static func hasByteBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 { (word &- ones &* UInt64(limit)) & ~word & highBits }
}
