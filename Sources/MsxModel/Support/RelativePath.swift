/// Paths inside a project, as the manifest and the journal write them.
package enum RelativePath {
    /// A relative path with no `..`, `.` or empty parts, not absolute, without backslashes or NUL.
    /// Whether a path goes into (or is) a folder named `.git`, in any case: git keeps those for itself, records
    /// nothing in them, and libgit2 refuses such a path.
    package static func entersGitFolder(_ relative: String) -> Bool {
        var relative = relative
        return relative.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                defer { start = end + 1 }
                guard end - start == 4, bytes[start] == UInt8(ascii: ".") else { continue }
                let name = bytes[start + 1..<end].map { $0 | 0x20 }
                if name == Array("git".utf8) { return true }
            }
            return false
        }
    }

    package static func isPlain(_ relative: String) -> Bool {
        var relative = relative
        return relative.withUTF8(isPlain(bytes:))
    }

    /// `isPlain` over the path's bytes (read from contiguous memory: this runs for every file of every command).
    package static func isPlain(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        var partLength = 0
        var dots = 0
        for byte in bytes {
            // Most bytes are letters and digits: above '/' and '.', and not '\\'.
            if byte > UInt8(ascii: "/") && byte != UInt8(ascii: "\\") {
                partLength += 1
                continue
            }
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
        return partLength > 0 && !(dots == partLength && dots <= 2)
    }
}
