/// Hexadecimal digits read from their ASCII bytes, either case: JSON's `\u` escapes, RTF's `\'hh` and pictures,
/// the object ids of msx's cache files.
package enum HexDigits {
    /// The value of a hexadecimal digit's byte, or nil for any other byte.
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Decodes `digits`, two to a byte, into `bytes` (half as long): false, `bytes` left undefined, when a byte of
    /// `digits` is not a digit. One call for a whole id: a cache file lists two thousand.
    package static func decode(_ digits: UnsafeRawBufferPointer, into bytes: UnsafeMutableRawBufferPointer) -> Bool {
        precondition(digits.count == 2 * bytes.count, "two digits to a byte")
        for i in bytes.indices {
            guard let high = value(digits[2 * i]), let low = value(digits[2 * i + 1]) else { return false }
            bytes[i] = high << 4 | low
        }
        return true
    }
}
