import CCmarkGFM
import Foundation

/// The memory of one cmark parse: cmark allocates its tree, and all it needs on the way, from a few large slabs,
/// and the whole is given back at once when the tree is dropped. A tree is thousands of small nodes, buffers and
/// delimiters, and malloc(3)'s work handing out and taking back each one, for memory all released together
/// anyway, weighed like a good part of the parse itself.
///
/// cmark's allocator has no context argument: the arena being filled is the one `CommonMarkTree.parse` sets while
/// it holds its lock (one parse at a time), and nothing is allocated outside a parse (the tree's C strings are made
/// while it is parsed: see `CommonMarkTree.shape`).
final class ParseArena: @unchecked Sendable {
    private var slabs: [UnsafeMutableRawPointer] = []
    /// The free space of the current slab, as addresses.
    private var next = 0, end = 0
    /// Where the latest allocation starts: it alone can grow in place.
    private var latest = 0

    /// Slabs are this size, or a larger allocation's own size: well under the size from which malloc maps pages of
    /// its own (see `main.swift`), so a slab given back is reused by the next parse, not unmapped and faulted in
    /// again.
    private static let slabSize = 64 * 1024
    /// Each allocation is preceded by its size (for `reallocate`), and starts 16-byte aligned as malloc's do.
    private static let header = 16

    deinit {
        for slab in slabs { free(slab) }
    }

    /// `size` bytes, zeroed as calloc(3) zeroes them when `zeroed`.
    func allocate(_ size: Int, zeroed: Bool) -> UnsafeMutableRawPointer {
        let rounded = (size + 15) & ~15
        if next + Self.header + rounded > end {
            let slabSize = max(Self.slabSize, Self.header + rounded)
            guard let slab = malloc(slabSize) else { fatalError("out of memory reading Markdown") }
            slabs.append(slab)
            (next, end) = (Int(bitPattern: slab), Int(bitPattern: slab) + slabSize)
        }
        let start = next + Self.header
        UnsafeMutableRawPointer(bitPattern: next)!.storeBytes(of: rounded, as: Int.self)
        (latest, next) = (start, start + rounded)
        let pointer = UnsafeMutableRawPointer(bitPattern: start)!
        if zeroed { memset(pointer, 0, size) }
        return pointer
    }

    /// `pointer`'s allocation with room for `size` bytes, its bytes kept: grown in place when it is the latest,
    /// else copied into a new one (the old one is given back with the rest).
    func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer {
        guard let pointer else { return allocate(size, zeroed: false) }
        let sizeField = pointer - Self.header
        let old = sizeField.load(as: Int.self)
        if size <= old { return pointer }
        let rounded = (size + 15) & ~15
        if Int(bitPattern: pointer) == latest, latest + rounded <= end {
            sizeField.storeBytes(of: rounded, as: Int.self)
            next = latest + rounded
            return pointer
        }
        let moved = allocate(size, zeroed: false)
        moved.copyMemory(from: pointer, byteCount: old)
        return moved
    }

    /// The arena a parse fills, set only while `CommonMarkTree.parse` holds its lock.
    nonisolated(unsafe) static var filling: ParseArena?

    /// cmark's allocator over `filling`, made once and never changed: freeing is left to the arena.
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let mem = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        mem.initialize(to: cmark_mem(
            calloc: { count, size in
                let (total, overflow) = count.multipliedReportingOverflow(by: size)
                guard !overflow, let arena = ParseArena.filling else { return nil }
                return arena.allocate(total, zeroed: true)
            },
            realloc: { pointer, size in ParseArena.filling?.reallocate(pointer, size) },
            free: { _ in }))
        return mem
    }()
}
