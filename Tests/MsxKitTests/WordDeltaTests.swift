import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// The words the delta compares are the words `WordCount` counts: one definition of a word for every report.
final class WordDeltaTests: SeededTestCase {
    func testTheWordsListedAreTheWordsCounted() {
        var random = seededGenerator(20261125)
        let pieces = ["word", "Nell", "don't", "'", " ", "  ", "\t", "\r\n", "\r", "\n", "\u{0B}", "\u{0C}", "\u{85}", ".", ",", "--",
                      "\"", "42", "a1", "(", "!?", "x'", "'s", "déjà", "é", "’", "don’t", "“", "”", "—", "…", "Æsir", "ß",
                      "\u{A0}", "ĳ", "ǅ", "½", "²", "\u{1F}", "\u{AD}", "\u{2022}", "\u{2030}", "灯台", "の", "カタ", "^[", "^", "[",
                      "\u{301}", "e\u{301}"]
        for round in 0..<scaled(3_000) {
            let text = (0..<Int.random(in: 0...16, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let words = WordCount.words(in: text[...])
            XCTAssertEqual(words.map(String.init), WordRuleModel.words(text), "round \(round): \(text.debugDescription)")
            XCTAssertEqual(words.count, WordCount.count(text), "round \(round): \(text.debugDescription)")
            XCTAssertEqual(WordDelta.between("", text).added, WordCount.count(text), "round \(round): \(text.debugDescription)")
        }
        let delta = WordDelta.between("The quay. The lamp", "the quay, the lamps\r\nlit")
        XCTAssertEqual([delta.added, delta.removed], [4, 3], "case and punctuation: the, lamps, lit in; The, lamp out")
        let cjk = WordDelta.between("灯台の光が消えた。", "灯台の灯が消えていた。")
        XCTAssertEqual([cjk.added, cjk.removed], [3, 1], "each CJK character is a word: 灯, て, い in; 光 out")
    }
}

/// The delta counts only the stretch two texts differ in, and still finds every word the whole texts differ by.
final class WordDeltaStretchTests: SeededTestCase {
    func testTheDeltaOfTheDifferingStretchesIsTheDeltaOfTheWholeTexts() {
        var random = seededGenerator(20261128)
        let pieces = ["word", "Nell", " ", "  ", "\n", "\r\n", "\r", "\t", ".", "déjà", "de\u{301}ja\u{300}", "\u{301}", "\u{300}x",
                      "é", "日本", "^[", "灯", "\u{A0}", "’", "42", "ß", "\u{200D}", "👩\u{200D}💻", "e", "E",
                      // A mark Swift calls a letter: after a space it is part of the space, alone it starts a word.
                      "\u{345}", "\u{345}b",
                      // A prepended sign: a space after it is part of its character, which is not white space.
                      "\u{600}", "x\u{600}"]
        func text(_ count: Int) -> [String] { (0..<count).map { _ in pieces.randomElement(using: &random)! } }
        for round in 0..<scaled(3_000) {
            var old = text(Int.random(in: 0...30, using: &random)), new = old
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let at = Int.random(in: 0...new.count, using: &random)
                switch Int.random(in: 0...2, using: &random) {
                case 0: new.insert(contentsOf: text(Int.random(in: 1...4, using: &random)), at: at)
                case 1 where at < new.count: new.removeSubrange(at..<min(new.count, at + Int.random(in: 1...4, using: &random)))
                default: if at < new.count { new[at] = pieces.randomElement(using: &random)! }
                }
            }
            if Bool.random(using: &random) { swap(&old, &new) }
            let (a, b) = (old.joined(), new.joined())
            let delta = WordDelta.between(a, b)
            XCTAssertEqual([delta.added, delta.removed], WordRuleModel.delta(a, b), "round \(round): \(a.debugDescription) to \(b.debugDescription)")
        }
    }

    /// Paragraphs paired with what they became, some only added or only removed: the words of all the pairs taken
    /// together, whichever side holds them, as the model counts the paragraphs joined by line breaks.
    func testPairsCountTheirWordsTakenTogether() {
        var random = seededGenerator(20261201)
        // No piece that joins the character before it: a line break between paragraphs then cuts no word.
        let pieces = ["word", "Nell", "quay", " ", "  ", "\t", ".", ",", "déjà", "é", "日本", "灯", "’", "42", "ß", "don't"]
        func text() -> String {
            (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        for round in 0..<scaled(2_000) {
            // Each round's pairs are all added, all removed, or mixed, with edited pairs among them or not.
            let shape = Int.random(in: 0...3, using: &random)
            let pairs: [(old: String, new: String)] = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                switch shape {
                case 0: return ("", text())
                case 1: return (text(), "")
                case 2: return Bool.random(using: &random) ? ("", text()) : (text(), "")
                default: return (text(), text())
                }
            }
            let delta = WordDelta.between(pairs)
            let old = pairs.map(\.old).joined(separator: "\n"), new = pairs.map(\.new).joined(separator: "\n")
            XCTAssertEqual([delta.added, delta.removed], WordRuleModel.delta(old, new), "round \(round): \(pairs)")
        }
    }
}
