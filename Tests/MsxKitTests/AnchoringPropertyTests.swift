import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// After random outside edits (inside runs, next to them, paragraph split, join and reorder), runs whose exact words
/// survive are placed back on those words (with text typed right after them, which continues them), and none is
/// ever placed on other words.
final class AnchoringPropertyTests: SeededTestCase {
    /// A character of the text and the identity of the original character it is (nil for inserted text).
    private typealias Tracked = (unit: UInt16, origin: Int?)

    /// With the base text (what msx writes): carried through the character changes.
    func testRunsFollowTheirWordsThroughOutsideEdits() throws {
        try checkRunsFollowTheirWords(withBase: true, bound: 0.995)
    }

    /// Without it (a sidecar written by another tool or an older msx): found again by their quotes.
    func testRunsAreFoundAgainByTheirQuotesWithoutTheBase() throws {
        try checkRunsFollowTheirWords(withBase: false, bound: 0.985)
    }

    /// Set MSX_TEST_VERBOSE=1 to see the runs not placed back.
    private func checkRunsFollowTheirWords(withBase: Bool, bound: Double) throws {
        let verbose = ProcessInfo.processInfo.environment["MSX_TEST_VERBOSE"] != nil
        var generator = DocumentGenerator(random: seededGenerator(21))
        var survived = 0
        var placedBack = 0
        var misplaced = 0
        for iteration in 0..<scaled(400) {
            // Original paragraphs: plain words, every unit numbered.
            let texts = (0..<Int.random(in: 2...8, using: &generator.random)).map { _ in
                (0..<Int.random(in: 4...30, using: &generator.random)).map { _ in generator.word() }.joined(separator: " ")
            }
            var next = 0
            var paragraphs: [[Tracked]] = texts.map { $0.utf16.map { u in defer { next += 1 }; return (u, next) } }
            // Runs on whole words, each with its own font size so it can be recognised.
            var formatting = DocumentFormatting(paragraphCount: texts.count)
            var runOrigins: [Int: [Int]] = [:]
            for (p, text) in texts.enumerated() {
                for (start, end) in wordRanges(text).shuffled(using: &generator.random).prefix(3) {
                    let size = 100 + runOrigins.count
                    guard formatting.paragraphs[p].runs.allSatisfy({ !$0.range.overlaps(start..<end) }) else { continue }
                    formatting.paragraphs[p].set([.fontSize: .number(Double(size))], over: start..<end)
                    runOrigins[size] = paragraphs[p][start..<end].compactMap(\.origin)
                }
            }
            let sidecar = formatting.sidecar(texts: texts)
            for _ in 0..<Int.random(in: 1...4, using: &generator.random) { edit(&paragraphs, &generator) }
            let newTexts = paragraphs.map { String(decoding: $0.map(\.unit), as: UTF16.self) }
            let anchored = (withBase ? Anchoring.anchor(sidecar, to: newTexts, base: { texts }) : Anchoring.anchor(sidecar, to: newTexts)).formatting

            for (size, origins) in runOrigins {
                let placed = anchored.paragraphs.enumerated().flatMap { p, f in
                    f.runs.filter { $0.attributes[.fontSize] == .number(Double(size)) }.map { (p, $0.range) }
                }
                for (p, range) in placed {
                    let covered = paragraphs[p][range].compactMap(\.origin)
                    let identical = paragraphs[p][range].map(\.unit) == originalUnits(origins, texts)
                    // Its own words (what is left of them, with text typed inside or after them), or identical text
                    // that took their place. Without the base, only ever its exact text.
                    if Set(covered).isDisjoint(with: origins) && !identical {
                        misplaced += 1
                        if verbose { print("placed on other words: \(String(decoding: originalUnits(origins, texts), as: UTF16.self)) in \(texts) -> \(newTexts)") }
                    }
                    XCTAssertTrue(withBase || identical, "iteration \(iteration): run \(size) placed on other text")
                }
                if let where_ = intactPlace(of: origins, in: paragraphs) {
                    survived += 1
                    // On those words, and on text typed right after them that continued them (Peritext's rule).
                    if placed.count == 1, placed[0].0 == where_.0, placed[0].1.lowerBound == where_.1.lowerBound,
                       placed[0].1.upperBound >= where_.1.upperBound,
                       paragraphs[where_.0][where_.1.upperBound..<placed[0].1.upperBound].allSatisfy({ $0.origin == nil }) {
                        placedBack += 1
                    } else if verbose {
                        print("not placed back: \(String(decoding: originalUnits(origins, texts), as: UTF16.self)) in \(texts) -> \(newTexts)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(survived, 100)
        print("\(placedBack) of \(survived) intact runs placed back, \(misplaced) runs placed on other words (\(withBase ? "with" : "without") the base text)")
        // With the base, a deletion that leaves letters two words shared ("the to she" cut to "he") cannot say whose
        // they are, and a paragraph split twice inside its words can mislead the pairing: at most 1 in 1,000.
        XCTAssertLessThanOrEqual(misplaced * 1_000, withBase ? survived : 0, "\(misplaced) runs placed on other words")
        XCTAssertGreaterThanOrEqual(Double(placedBack) / Double(survived), bound, "\(placedBack) of \(survived) placed back")
    }

    /// The original units with these identities.
    private func originalUnits(_ origins: [Int], _ texts: [String]) -> [UInt16] {
        let all = texts.flatMap { Array($0.utf16) }
        return origins.map { all[$0] }
    }

    /// Where the run's original units still stand together, in order, unbroken by insertions.
    private func intactPlace(of origins: [Int], in paragraphs: [[Tracked]]) -> (Int, Range<Int>)? {
        for (p, units) in paragraphs.enumerated() {
            guard let start = units.firstIndex(where: { $0.origin == origins[0] }) else { continue }
            let end = start + origins.count
            guard end <= units.count, units[start..<end].map(\.origin) == origins.map({ Optional($0) }) else { return nil }
            return (p, start..<end)
        }
        return nil
    }

    private func wordRanges(_ text: String) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var start: Int?
        let units = Array(text.utf16)
        for i in 0...units.count {
            let isSpace = i == units.count || units[i] == 0x20
            if isSpace, let s = start { result.append((s, i)); start = nil } else if !isSpace, start == nil { start = i }
        }
        // Sometimes two or three words together.
        return result + zip(result, result.dropFirst()).map { ($0.0, $1.1) }
    }

    /// One outside edit, as another editor would make it.
    private func edit(_ paragraphs: inout [[Tracked]], _ g: inout DocumentGenerator) {
        let p = Int.random(in: 0..<paragraphs.count, using: &g.random)
        let count = paragraphs[p].count
        let inserted: [Tracked] = (" " + g.word() + " ").utf16.map { ($0, nil) }
        switch Int.random(in: 0..<6, using: &g.random) {
        case 0, 1:
            paragraphs[p].insert(contentsOf: inserted, at: Int.random(in: 0...count, using: &g.random))
        case 2 where count > 4:
            let start = Int.random(in: 0..<count - 2, using: &g.random)
            paragraphs[p].removeSubrange(start..<min(count, start + Int.random(in: 1...8, using: &g.random)))
        case 3 where count > 2:
            let cut = Int.random(in: 1..<count, using: &g.random)
            let tail = Array(paragraphs[p][cut...])
            paragraphs[p].removeSubrange(cut...)
            paragraphs.insert(tail, at: p + 1)
        case 4 where p + 1 < paragraphs.count:
            let following = paragraphs.remove(at: p + 1)
            paragraphs[p] += [(0x20, nil)] + following
        default:
            let other = Int.random(in: 0..<paragraphs.count, using: &g.random)
            paragraphs.swapAt(p, other)
        }
    }
}
