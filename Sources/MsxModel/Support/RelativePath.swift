/// Paths inside a project, as the manifest and the journal write them.
package enum RelativePath {
    /// A relative path with no `..`, `.` or empty parts, not absolute, without backslashes or NUL.
    package static func isPlain(_ relative: String) -> Bool {
        var relative = relative
        return relative.withUTF8(isPlain(bytes:))
    }

    /// `isPlain` over the path's bytes (read from contiguous memory: this runs for every file of every command).
    private static func isPlain(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var partLength = 0
        var dots = 0
        var sawAny = false
        for byte in bytes {
            sawAny = true
            switch byte {
            case UInt8(ascii: "/"):
                if partLength == 0 || dots == partLength && dots <= 2 { return false }
                partLength = 0
                dots = 0
            case UInt8(ascii: "\\"), 0:
                return false
            default:
                partLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return sawAny && partLength > 0 && !(dots == partLength && dots <= 2)
    }
}
