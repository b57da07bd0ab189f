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
