import MsxTestSupport
import XCTest
@testable import MsxModel

/// The arena cmark allocates from keeps calloc's and realloc's promises, checked against a model of each allocation's
/// bytes (what was written through it, zeroes for a calloc, the old bytes kept by a realloc): allocations of random
/// sizes, some past a slab, interleaved with reallocations that grow in place or move, and none overlapping.
final class ParseArenaTests: SeededTestCase {
    func testAllocationsKeepTheirBytesAndNeverOverlap() {
        var random = seededGenerator(20261130)
        let arena = ParseArena()
        var live: [(pointer: UnsafeMutableRawPointer, bytes: [UInt8])] = []
        for step in 0..<scaled(4_000) {
            let size = Int.random(in: 0...100, using: &random) == 0 ? Int.random(in: 60_000...200_000, using: &random)
                : Int.random(in: 1...300, using: &random)
            if !live.isEmpty, Bool.random(using: &random) {
                // Grow (or keep) one: its bytes stay, the rest is its own to write.
                let index = Int.random(in: live.indices, using: &random)
                let grown = arena.reallocate(live[index].pointer, max(size, live[index].bytes.count))
                let kept = Array(UnsafeRawBufferPointer(start: grown, count: live[index].bytes.count))
                XCTAssertEqual(kept, live[index].bytes, "step \(step): realloc lost bytes")
                // What lies past the old bytes is unspecified (as realloc's): written before it is checked.
                let extra = max(0, size - live[index].bytes.count)
                (grown + live[index].bytes.count).initializeMemory(as: UInt8.self, repeating: 0xEE, count: extra)
                live[index].pointer = grown
                live[index].bytes += [UInt8](repeating: 0xEE, count: extra)
            } else {
                let pointer = arena.allocate(size, zeroed: true)
                XCTAssertEqual(Int(bitPattern: pointer) % 16, 0, "step \(step): not aligned")
                XCTAssertTrue(UnsafeRawBufferPointer(start: pointer, count: size).allSatisfy { $0 == 0 }, "step \(step): not zeroed")
                live.append((pointer, [UInt8](repeating: 0, count: size)))
            }
            // One allocation written with a pattern of its own: a realloc of it later must keep it.
            let index = Int.random(in: live.indices, using: &random)
            let fill = UInt8(truncatingIfNeeded: step | 1)
            live[index].bytes = [UInt8](repeating: fill, count: live[index].bytes.count)
            live[index].pointer.initializeMemory(as: UInt8.self, repeating: fill, count: live[index].bytes.count)
        }
        // Each allocation written whole, in order, with a byte of its own: one overlapping another shows.
        for (k, allocation) in live.enumerated() {
            allocation.pointer.initializeMemory(as: UInt8.self, repeating: UInt8(k % 251 + 1), count: allocation.bytes.count)
        }
        for (k, allocation) in live.enumerated() {
            XCTAssertTrue(UnsafeRawBufferPointer(start: allocation.pointer, count: allocation.bytes.count).allSatisfy { $0 == UInt8(k % 251 + 1) },
                          "allocation \(k) of \(allocation.bytes.count) bytes overlaps another")
        }
    }
}
