import Foundation
@testable import MsxKit

/// A small, fast, seedable random generator (SplitMix64), so property tests can be replayed from their seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How many iterations property tests run: `MSX_TEST_SCALE` (default 1) times the base count.
func scaled(_ base: Int) -> Int {
    let scale = Int(ProcessInfo.processInfo.environment["MSX_TEST_SCALE"] ?? "") ?? 1
    return max(1, base * max(1, scale))
}

/// A fresh temporary folder, removed by the caller's `defer`.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("msx-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Builds the rich model of Markdown text with an optional sidecar.
func richDocument(_ markdown: String, sidecar: Sidecar? = nil) -> RichDocument {
    RichDocument(markdown: MarkdownDocument(markdown), sidecar: sidecar)
}
