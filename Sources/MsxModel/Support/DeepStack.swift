import Foundation

/// Runs recursive work on a thread with a large stack: reading a document recurses once per level of nesting, and a
/// file of 15,000 nested quotes would overflow an ordinary thread's stack.
enum DeepStack {
    /// Nesting any thread's stack holds (worker threads have 512 KiB).
    static let shallowDepth = 200

    /// `work`'s result, computed on a thread with a 1 GiB stack (address space only; pages are used as touched).
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let slot = ResultSlot<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            slot.value = work()
            done.signal()
        }
        thread.stackSize = 1 << 30
        thread.start()
        done.wait()
        return slot.value!
    }

    /// Where the thread leaves its result; written once before the semaphore is signalled, read after.
    private final class ResultSlot<T>: @unchecked Sendable {
        var value: T?
    }
}
