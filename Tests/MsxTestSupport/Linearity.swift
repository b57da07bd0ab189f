import Foundation
import XCTest

/// Asserts that `work` grows about linearly with its size, without a wall-clock limit: it runs `work(size)` and
/// `work(2 * size)` in turns, keeps the least processor time of each over `rounds`, and fails when doubling the size
/// costs more than `limit` times as much (a quadratic algorithm costs 4 times as much). Processor time is this
/// process's own, so other busy processes on the machine do not count; but a loaded machine still slows a process
/// (caches, page faults), so a ratio over the limit is measured again, as many rounds twice more, before it fails:
/// noise passes, a quadratic cost stays 4 times.
public func assertLinear(_ label: @autoclosure () -> String, size: Int, limit: Double = 3, rounds: Int = 5,
                         file: StaticString = #filePath, line: UInt = #line, _ work: (Int) throws -> Void) rethrows {
    var small = Double.infinity
    var large = Double.infinity
    // Below a millisecond, timer noise outweighs the work itself.
    var ratio: Double { large / max(small, 0.001) }
    var measured = 0
    repeat {
        for _ in 0..<rounds {
            small = min(small, try seconds { try work(size) })
            large = min(large, try seconds { try work(2 * size) })
        }
        measured += 1
    } while ratio >= limit && measured < 3
    XCTAssertLessThan(ratio, limit, "\(label()): \(size) took \(small) s of processor time, \(2 * size) took \(large) s", file: file, line: line)
}

/// The processor time (all threads of this process) that `work` takes.
private func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = processorTime()
    try work()
    return processorTime() - start
}

private func processorTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
