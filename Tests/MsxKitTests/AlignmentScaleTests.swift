import XCTest
@testable import MsxModel
import MsxTestSupport

/// Alignments that once exhausted the machine: a chapter whose every word changed, and a chapter whose paragraphs
/// were shuffled, in prose from a small vocabulary (where any two paragraphs look alike).
final class AlignmentScaleTests: SeededTestCase {
    private let vocabulary = ["salt", "tide", "lamp", "dusk", "harbour", "the", "of", "and", "wave", "iron", "glass",
                              "quiet", "boots", "night", "tower", "ink", "swell", "morning", "path", "black"]

    private func paragraph(_ random: inout SeededGenerator) -> String {
        let words = (0..<Int.random(in: 20...60, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
        return words.joined(separator: " ").capitalized + "."
    }

    /// Two sequences with nothing in common, too long to trace every difference: one deletion and one insertion
    /// (the trace stays within its budget instead of growing with the square of the length).
    func testSequencesWithNothingInCommonAreOneReplacement() {
        let old = Array(0..<40_000), new = Array(40_000..<80_000)
        XCTAssertEqual(MyersDiff.diff(old, new), [.delete(old: 0..<40_000, at: 0), .insert(new: 0..<40_000, at: 40_000)])
    }

    /// Shuffled paragraphs each keep their formatting, on the same words, wherever they went.
    func testShuffledParagraphsKeepTheirFormatting() {
        var random = seededGenerator()
        var texts: [String] = []
        while texts.count < 400 {
            let text = paragraph(&random)
            if !texts.contains(text) { texts.append(text) }
        }
        var formatting = DocumentFormatting(paragraphCount: texts.count)
        for p in texts.indices { formatting.paragraphs[p].set([.underline: "single"], over: 0..<(p % 7 + 3)) }
        let order = texts.indices.shuffled(using: &random)
        let shuffled = order.map { texts[$0] }
        let carried = Anchoring.carry(formatting, from: texts, to: shuffled)
        XCTAssertEqual(carried.lost.count, 0)
        for (new, old) in order.enumerated() {
            let runs = carried.formatting.paragraphs[new].runs.map(\.range)
            XCTAssertEqual(runs, [0..<(old % 7 + 3)], "paragraph \(old), now \(new)")
        }
    }
}
