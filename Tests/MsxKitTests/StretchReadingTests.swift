import MsxTestSupport
import XCTest
@testable import MsxDiff
@testable import MsxModel

/// A changed stretch reads a new paragraph compared as a whole with an old one by taking the tokens of the ends the
/// two share from the old reading. The oracle is the new paragraph read on its own: the same tokens, at the same
/// places, with the same key numbers, whatever the edit is next to.
final class StretchReadingTests: SeededTestCase {
    /// Pieces around which tokens start, end or run on: white space of every kind, apostrophes inside words, a
    /// space after a Prepend scalar (U+0D4E, U+0600), combining marks, CJK, emoji with a modifier, digits.
    private let pieces = ["a", "storm", "Storm", " ", "  ", "\t", "\n", "\r", ", ", ".", "'", "\u{2019}", "don't", "42", "é",
                          "e\u{301}", "日本", "👍🏽", "-", "x y", " the ", "—", "\u{0D4E}", "\u{0600}", "\u{00A0}", "Ω", "ß"]

    func testAParagraphSharingEndsWithItsOldVersionReadsAsItDoesAlone() {
        var random = seededGenerator(20261201)
        func text(_ count: Int) -> String {
            (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        var shared = 0
        for _ in 0..<scaled(3000) {
            let old = text(Int.random(in: 0...30, using: &random))
            var scalars = Array(old.unicodeScalars)
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let at = Int.random(in: 0...scalars.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: scalars.insert(contentsOf: text(Int.random(in: 1...3, using: &random)).unicodeScalars, at: at)
                case 1: if at < scalars.count { scalars.removeSubrange(at..<min(scalars.count, at + Int.random(in: 1...4, using: &random))) }
                default: if at < scalars.count { scalars[at] = text(1).unicodeScalars.first! }
                }
            }
            var new = ""
            new.unicodeScalars.append(contentsOf: scalars)
            var ids = WordIDs()
            let oldRead = StretchRealignment.ReadParagraph(old, by: .word, ids: &ids)
            let reused = StretchRealignment.ReadParagraph(new, sharingEndsWith: oldRead, ids: &ids)
            let alone = StretchRealignment.ReadParagraph(new, by: .word, ids: &ids)
            let context = "\(old.debugDescription) to \(new.debugDescription)"
            XCTAssertEqual(reused.tokens, alone.tokens, context)
            XCTAssertEqual(reused.keys, alone.keys, context)
            if WordDiff.SharedEnds(oldRead.units, alone.units) != nil { shared += 1 }
        }
        // A third of the pairs share ends worth leaving out: enough for the reading from them to have been compared.
        XCTAssertGreaterThan(shared, scaled(3000) / 4)
    }
}
