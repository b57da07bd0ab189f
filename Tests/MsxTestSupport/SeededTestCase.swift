import Foundation
import XCTest

/// The base of every test that draws random numbers: each generator it hands out is seeded, the seeds are added to
/// any failure's message, and `MSX_TEST_SEED=N` replays a failure.
open class SeededTestCase: XCTestCase {
    private var seeds: [UInt64] = []

    /// A seeded generator: `MSX_TEST_SEED` when set, else `fixed` (a property test that checks the same cases on
    /// every run), else a fresh seed (a test whose timing makes each run differ anyway, so new seeds add coverage).
    public func seededGenerator(_ fixed: UInt64? = nil) -> SeededGenerator {
        let replay = ProcessInfo.processInfo.environment["MSX_TEST_SEED"].flatMap { UInt64($0) }
        let seed = replay ?? fixed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        seeds.append(seed)
        return SeededGenerator(seed: seed)
    }

    open override func setUp() {
        super.setUp()
        seeds = []
    }

    open override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                     expected: Bool) {
        let replay = seeds.isEmpty ? ""
            : " [random seed \(seeds.map(String.init).joined(separator: ", ")); replay with MSX_TEST_SEED=\(seeds[0])]"
        super.recordFailure(withDescription: description + replay, inFile: filePath, atLine: lineNumber, expected: expected)
    }
}

/// How many iterations property tests run: `MSX_TEST_SCALE` (default 1) times the base count.
public func scaled(_ base: Int) -> Int {
    let scale = Int(ProcessInfo.processInfo.environment["MSX_TEST_SCALE"] ?? "") ?? 1
    return max(1, base * max(1, scale))
}
