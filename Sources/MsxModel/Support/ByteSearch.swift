/// Byte-for-byte search, for hot paths where Unicode-aware string comparison would cost more than the work itself
/// (a search's pre-test over a file, a log's look for a trailer in every commit message).
package enum ByteSearch {
    /// Whether `needle` occurs in `haystack`.
    package static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        needle.isEmpty || firstIndex(of: needle, in: haystack) != nil
    }

    /// Where `needle` first occurs in `haystack` (nil when it does not, or is empty).
    package static func firstIndex(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Whether `needle` occurs in `text`, comparing UTF-8 bytes.
    package static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        return text.withUTF8 { ByteSearch.contains(UnsafeRawBufferPointer($0), Array(needle.utf8)) }
    }
}
