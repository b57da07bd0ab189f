#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Bytes that stay put while they are read: a cache file mapped into memory read-only, or bytes made in memory.
///
/// A long history's version index is megabytes of which a command reads a line or two. Read into an array, every
/// page of it is faulted in and copied, so that every command slows as the history grows;
/// mapped, only the pages read are touched, and the kernel maps neighbouring pages of the page cache with each
/// fault. msx replaces its cache files by renaming new ones over them, so a mapping keeps the file it was made of.
package final class FileBytes: @unchecked Sendable {
    /// The bytes, valid while this object lives.
    package let bytes: UnsafeBufferPointer<UInt8>
    private let mapped: Bool

    /// The regular file at `path` mapped read-only; nil when it is missing, not a regular file (a FIFO is never
    /// waited on), empty or cannot be mapped, since a cache is only a cache.
    package init?(mapping path: String) {
        let mapping = FileIO.withRegularFile(at: path) { descriptor, size -> UnsafeBufferPointer<UInt8>? in
            guard size > 0, let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else { return nil }
            return UnsafeBufferPointer(start: start.bindMemory(to: UInt8.self, capacity: size), count: size)
        }
        guard let mapping else { return nil }
        bytes = mapping
        mapped = true
    }

    /// A copy of `array`.
    package init(_ array: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: array.count)
        _ = copy.initialize(from: array)
        bytes = UnsafeBufferPointer(copy)
        mapped = false
    }

    deinit {
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            bytes.deallocate()
        }
    }

    /// How many bytes there are.
    package var count: Int { bytes.count }
}

extension FileBytes: Equatable {
    /// Whether the two hold the same bytes.
    package static func == (left: FileBytes, right: FileBytes) -> Bool {
        left.count == right.count && (left.count == 0 || memcmp(left.bytes.baseAddress!, right.bytes.baseAddress!, left.count) == 0)
    }
}
