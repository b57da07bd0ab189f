import MsxTestSupport
import XCTest
@testable import MsxModel

final class WordCountTests: SeededTestCase {
    /// Counting over the UTF-8 bytes gives the count a scalar at a time gives, on text mixing ASCII, white space of
    /// every width, CJK, letters and marks beyond ASCII, emoji and inline footnotes.
    func testCountingBytesAgreesWithCountingScalars() {
        var random = seededGenerator(20261127)
        let pieces = ["word", " ", "\t", "\n", "^[", "^", "[", "42", "--", "é", "e\u{301}", "日本", "語", "カ", "\u{A0}", "\u{3000}", "\u{2028}",
                      "🌊", "𠀋", "½", "Ⅻ", "—", "ß", "'s", "‿", "\u{FEFF}", "ǅ", "x"]
        for round in 0..<scaled(3_000) {
            let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            XCTAssertEqual(WordCount.count(text), model(text), "round \(round): \(text.debugDescription)")
            // A stretch of the text, read in place, counts as the same stretch copied out.
            let scalars = text.unicodeScalars
            let cuts = [Int.random(in: 0...scalars.count, using: &random), Int.random(in: 0...scalars.count, using: &random)].sorted()
            let stretch = text[scalars.index(scalars.startIndex, offsetBy: cuts[0])..<scalars.index(scalars.startIndex, offsetBy: cuts[1])]
            XCTAssertEqual(WordCount.count(stretch), model(String(stretch)), "round \(round): \(text.debugDescription) from \(cuts)")
        }
    }

    /// The definition in docs/format.md, read a scalar at a time.
    private func model(_ text: String) -> Int {
        var (words, inRun, runHasLetter, previous) = (0, false, false, UInt32(0))
        for scalar in text.unicodeScalars {
            defer { previous = scalar.value }
            let v = scalar.value
            let space = scalar.properties.isWhitespace || (v == 0x5B && previous == 0x5E)
            if space || WordCount.isCJK(scalar) {
                if inRun && runHasLetter { words += 1 }
                (inRun, runHasLetter) = (false, false)
                if !space { words += 1 }
            } else {
                inRun = true
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { runHasLetter = true }
            }
        }
        return words + (inRun && runHasLetter ? 1 : 0)
    }
}
