#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Byte-for-byte search, for hot paths where Unicode-aware string comparison would cost more than the work itself
/// (a search's pre-test over a file, a log's look for a trailer in every commit message).
package enum ByteSearch {
    /// Whether `needle` occurs in `haystack`.
    package static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        needle.isEmpty || firstIndex(of: needle, in: haystack) != nil
    }

    /// Where `needle` first occurs in `haystack` (nil when it does not, or is empty). The C library's memchr(3) finds
    /// each candidate first byte.
    package static func firstIndex(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBytes { needle -> Int? in
            var index = 0
            let last = haystack.count - needle.count
            while index <= last, let hit = memchr(base + index, Int32(first), last - index + 1) {
                index = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + index, needle.baseAddress!, needle.count) == 0 { return index }
                index += 1
            }
            return nil
        }
    }

    /// Whether `needle` occurs in `text`, comparing UTF-8 bytes.
    package static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        return text.withUTF8 { ByteSearch.contains(UnsafeRawBufferPointer($0), Array(needle.utf8)) }
    }
}
