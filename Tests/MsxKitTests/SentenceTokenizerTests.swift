import Foundation
import MsxTestSupport
import XCTest
@testable import MsxDiff

/// Sentences are cut where the model below cuts them: after `.`, `!`, `?` or `。` and the closing quotes or brackets
/// that follow, each sentence keeping the white space after it, its text and UTF-16 range the paragraph's own.
final class SentenceTokenizerTests: SeededTestCase {
    func testSentencesAreCutAsTheModelCutsThem() {
        var random = seededGenerator(20261130)
        let pieces = ["The lamp", " ", "  ", "\t", "\r\n", "\n", ".", "!", "?", "。", "\"", "'", "”", "’", ")", "(", "…", "déjà",
                      "e\u{301}", ".\u{301}", "\"\u{301}", "\u{FF0E}", "👩\u{200D}💻", "灯台", "Dr", "x", "\u{A0}", "\u{2028}", ".)", "?!"]
        for round in 0..<scaled(3_000) {
            let text = (0..<Int.random(in: 0...20, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let tokens = Tokenizer.pieces(text, by: .sentence)
            let expected = Self.model(text)
            XCTAssertEqual(tokens.map(\.text), expected.map(\.text), "round \(round): \(text.debugDescription)")
            XCTAssertEqual(tokens.map(\.range), expected.map(\.range), "round \(round): \(text.debugDescription)")
            XCTAssertEqual(tokens.map(\.text).joined(), text, "round \(round): the sentences are the whole text")
        }
    }

    /// Character by character: a sentence ends once an ending mark was met and a character that is neither white
    /// space nor a closing quote or bracket comes.
    private static func model(_ text: String) -> [(text: String, range: Range<Int>)] {
        var result: [(text: String, range: Range<Int>)] = []
        var current: [Character] = []
        var start = 0, offset = 0, ended = false
        for character in text {
            if ended && !character.isWhitespace && !["\"", "'", "\u{201D}", "\u{2019}", ")"].contains(character) {
                result.append((String(current), start..<offset))
                (current, start, ended) = ([], offset, false)
            }
            current.append(character)
            offset += String(character).utf16.count
            if [".", "!", "?", "\u{3002}"].contains(character) { ended = true }
        }
        if !current.isEmpty { result.append((String(current), start..<offset)) }
        return result
    }
}
