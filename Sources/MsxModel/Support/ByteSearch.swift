#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Byte-for-byte search, for hot paths where Unicode-aware string comparison would cost more than the work itself
/// (a search's pre-test over a file, a log's look for a trailer in every commit message).
package enum ByteSearch {
    /// Whether `a` and `b` are the same UTF-8 bytes, compared in place with memcmp(3): not Swift's `==`, which also
    /// calls two spellings of one accented letter equal, and far cheaper than comparing two UTF-8 views element by
    /// element.
    package static func sameBytes(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        return a.withUTF8 { x in b.withUTF8 { y in sameBytes(x, y) } }
    }

    /// Whether `x` and `y` are the same bytes.
    package static func sameBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
    }

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
