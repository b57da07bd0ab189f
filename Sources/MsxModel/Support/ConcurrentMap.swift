import Dispatch

extension Array where Element: Sendable {
    /// `transform` applied to every element on all cores, results in order; the first error (in order) is rethrown.
    package func concurrentMap<T: Sendable, E: Error>(_ transform: @Sendable (Element) throws(E) -> T) throws(E) -> [T] {
        guard count > 1 else { return try map(transform) }
        let results = ResultSlots<T, E>(count: count)
        let elements = self
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.set(index, Result { () throws(E) -> T in try transform(elements[index]) })
        }
        return try results.values()
    }
}

extension Array where Element: Sendable {
    /// `transform` applied on all cores `size` elements at a time, each batch's elements and results (in order)
    /// handed to `body` before the next batch starts: a long list's results are never all held at once.
    package func concurrentMap<T: Sendable>(batchesOf size: Int, _ transform: @Sendable (Element) throws -> T,
                                            each body: ([(element: Element, result: T)]) throws -> Void) throws {
        for start in stride(from: 0, to: count, by: size) {
            let batch = Array(self[start..<Swift.min(count, start + size)])
            let results = try batch.concurrentMap(transform)
            try body(zip(batch, results).map { (element: $0, result: $1) })
        }
    }
}

/// Per-index result slots that concurrent workers fill, each index exactly once.
private final class ResultSlots<T: Sendable, E: Error>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<T, E>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Safe without a lock: every worker writes a different slot of storage allocated up front.
    func set(_ index: Int, _ result: Result<T, E>) { slots[index] = result }

    func values() throws(E) -> [T] {
        var values: [T] = []
        values.reserveCapacity(slots.count)
        for slot in slots { values.append(try slot!.get()) }
        return values
    }
}
