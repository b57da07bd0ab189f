#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A table from runs of code units (a word's UTF-8 bytes or UTF-16 units) to numbers, compared by their bytes and
/// looked up without making a string or an array of each run: a diff looks up every word of every changed
/// paragraph, and Swift's dictionaries of strings or slices cost more than the rest of the comparison.
///
/// Open addressing over one buffer that holds each distinct run once.
package struct UnitRunTable<Unit: FixedWidthInteger & UnsignedInteger> {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
        var value: Int
    }

    private var units: [Unit] = []
    private var entries: [Entry] = []
    /// Each slot holds an index into `entries`, or -1; never more than half are taken.
    private var slots = [Int](repeating: -1, count: 64)

    package init() {}

    /// How many distinct runs the table holds.
    package var count: Int { entries.count }

    /// The value recorded for `run`, or nil.
    package func value(for run: UnsafeBufferPointer<Unit>) -> Int? {
        let slot = probe(run).slot
        return slots[slot] >= 0 ? entries[slots[slot]].value : nil
    }

    /// Records `value` for `run`, which the table does not hold yet.
    package mutating func add(_ run: UnsafeBufferPointer<Unit>, value: Int) {
        let (hash, slot) = probe(run)
        record(run, hash: hash, value: value, at: slot)
    }

    /// The value recorded for `run`, or `next` recorded now: one hash and one probe for a word met before or not
    /// (a diff meets most of its words once).
    package mutating func value(for run: UnsafeBufferPointer<Unit>, orAdd next: Int) -> Int {
        let (hash, slot) = probe(run)
        if slots[slot] >= 0 { return entries[slots[slot]].value }
        record(run, hash: hash, value: next, at: slot)
        return next
    }

    /// `run`'s hash, and the slot that holds it or the empty slot where it goes. (The three arrays are read through
    /// their buffers: a word is looked up for every word a diff reads, and checked array reads cost more than the
    /// rest of the probe.)
    private func probe(_ run: UnsafeBufferPointer<Unit>) -> (hash: UInt64, slot: Int) {
        let hash = Self.hash(run)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                units.withUnsafeBufferPointer { units in
                    var slot = Self.slot(hash, in: slots.count)
                    while slots[slot] >= 0 {
                        let entry = entries[slots[slot]]
                        if entry.hash == hash && entry.count == run.count
                            && (run.isEmpty || memcmp(units.baseAddress! + entry.start, run.baseAddress!, run.count * MemoryLayout<Unit>.stride) == 0) {
                            break
                        }
                        slot = (slot + 1) & (slots.count - 1)
                    }
                    return (hash, slot)
                }
            }
        }
    }

    /// Records a run the table does not hold in the empty slot its probe ended at.
    private mutating func record(_ run: UnsafeBufferPointer<Unit>, hash: UInt64, value: Int, at slot: Int) {
        entries.append(Entry(hash: hash, start: units.count, count: run.count, value: value))
        units.append(contentsOf: run)
        if 2 * entries.count > slots.count { grow() } else { slots[slot] = entries.count - 1 }
    }

    private mutating func grow() {
        slots = [Int](repeating: -1, count: slots.count * 2)
        for index in entries.indices { place(index) }
    }

    private mutating func place(_ index: Int) {
        var slot = Self.slot(entries[index].hash, in: slots.count)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = index
    }

    /// FNV-1a over the units.
    private static func hash(_ run: UnsafeBufferPointer<Unit>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in run { hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The first slot to look in (the hash's high bits folded in: FNV's low bits alone cluster).
    private static func slot(_ hash: UInt64, in count: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29)) & (count - 1)
    }
}
