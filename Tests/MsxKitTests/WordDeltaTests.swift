import Foundation
import MsxTestSupport
import XCTest
@testable import MsxHistory

/// The word delta's scalar-by-scalar reading of plain prose counts the words its character-by-character reading
/// counts (the oracle).
final class WordDeltaTests: SeededTestCase {
    func testPlainProseIsCountedAsCharacterByCharacter() {
        var random = seededGenerator(20261125)
        let pieces = ["word", "Nell", "don't", "'", " ", "  ", "\t", "\r\n", "\r", "\n", "\u{0B}", "\u{0C}", "\u{85}", ".", ",", "--",
                      "\"", "42", "a1", "(", "!?", "x'", "'s", "déjà", "é", "’", "don’t", "“", "”", "—", "…", "Æsir", "ß",
                      "\u{A0}", "ĳ", "ǅ", "½", "²", "\u{1F}", "\u{AD}", "\u{2022}", "\u{2030}"]
        for round in 0..<scaled(3_000) {
            let text = (0..<Int.random(in: 0...16, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            XCTAssertTrue(text.unicodeScalars.allSatisfy(\.standsAlone), text.debugDescription)
            XCTAssertEqual(WordDelta.scalarCounts(text), WordDelta.characterCounts(text), "round \(round): \(text.debugDescription)")
        }
        XCTAssertFalse("de\u{301}ja\u{300} vu".unicodeScalars.allSatisfy(\.standsAlone), "combining marks join characters")
        let delta = WordDelta.between("The quay. The lamp", "the quay, the lamps\r\nlit")
        XCTAssertEqual([delta.added, delta.removed], [4, 3], "case and punctuation: the, lamps, lit in; The, lamp out")
    }
}
