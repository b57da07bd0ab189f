import Foundation
import MsxTestSupport
import XCTest
@testable import MsxDiff
@testable import MsxModel

/// The tokenizer's scalar-by-scalar reading of plain prose gives the tokens its character-by-character reading
/// gives (the oracle).
final class SimpleTokenizerTests: SeededTestCase {
    func testPlainProseIsTokenizedAsCharacterByCharacter() {
        var random = seededGenerator(20261126)
        let pieces = ["word", "Nell", "don't", "'", "''", " ", "  ", "\t", "\r\n", "\n", ".", ",", "--", "\"", "42", "a1", "(", "!?", "x'", "'s", "déjà", "é", "’", "don’t", "“", "”", "—", "…", "Æsir", "ß", "\u{A0}", "\u{2028}", "ĳ", "ǅ"]
        for round in 0..<scaled(2_000) {
            let text = (0..<Int.random(in: 0...16, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            if text.unicodeScalars.contains("\u{2028}") {
                XCTAssertNil(Tokenizer.simpleTokens(text), "a line separator is read character by character")
            } else {
                XCTAssertEqual(Tokenizer.simpleTokens(text), Tokenizer.characterTokens(text), "round \(round): \(text.debugDescription)")
            }
        }
        XCTAssertNil(Tokenizer.simpleTokens("de\u{301}ja\u{300} vu"), "combining marks join characters")
        XCTAssertNil(Tokenizer.simpleTokens("中文"))
    }

    /// A paragraph's words and its pieces with their white space, read straight from its bytes, are those made
    /// from its tokens, on prose and on text read character by character.
    func testWordsAndSpacedPiecesAreThoseOfTheTokens() {
        var random = seededGenerator(20261127)
        let pieces = ["word", "don't", "'", " ", "  ", "\t", "\r\n", ".", ",", "--", "42", "(", "x'", "déjà", "’", "“", "—", "…",
                      "\u{A0}", "\u{2028}", "e\u{301}", "中文", "🌊"]
        for round in 0..<scaled(2_000) {
            let text = (0..<Int.random(in: 0...16, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            // The oracle is the character-by-character reading (the scalar reader is what is tested), and texts are
            // compared by their bytes.
            let tokens = Tokenizer.characterTokens(text)
            XCTAssertEqual(Tokenizer.words(text).map { Array($0.utf8) }, tokens.filter { $0.kind == .word }.map { Array($0.text.utf8) },
                           "round \(round): \(text.debugDescription)")
            var spaced: [Token] = []
            for token in tokens {
                if token.kind == .space, let last = spaced.last, last.kind != .space {
                    spaced[spaced.count - 1] = Token(text: last.text + token.text, kind: last.kind, range: last.range.lowerBound..<token.range.upperBound)
                } else {
                    spaced.append(token)
                }
            }
            let pieces = Tokenizer.spacedTokens(text)
            XCTAssertEqual(pieces, spaced, "round \(round): \(text.debugDescription)")
            XCTAssertEqual(pieces.map { Array($0.text.utf8) }, spaced.map { Array($0.text.utf8) }, "round \(round): \(text.debugDescription)")
        }
    }

    /// The pieces of a stretch of a paragraph's UTF-16 units, read straight from the units, are those of the
    /// stretch's text (cut with `Context.slice`, as the diff cut it before), by every unit, on prose and on text
    /// read character by character, cut anywhere (inside a surrogate pair too).
    func testSpansOfUnitsAreThePiecesOfTheirText() {
        var random = seededGenerator(20261128)
        let pieces = ["word", "don't", "'", " ", "  ", "\t", "\r\n", ".", ",", "--", "42", "(", "x'", "déjà", "’", "“", "—", "…",
                      "\u{A0}", "\u{2028}", "e\u{301}", "中文", "🌊", "Wait!", "\"Go.\" "]
        for round in 0..<scaled(2_000) {
            let text = (0..<Int.random(in: 0...16, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let units = Array(text.utf16)
            let lower = Int.random(in: 0...units.count, using: &random), upper = Int.random(in: lower...units.count, using: &random)
            for unit in DiffUnit.allCases {
                let expected = Tokenizer.pieces(Context.slice(units, lower, upper), by: unit).map {
                    TokenSpan(kind: $0.kind, range: ($0.range.lowerBound + lower)..<($0.range.upperBound + lower))
                }
                XCTAssertEqual(Tokenizer.spans(units, lower..<upper, by: unit), expected,
                               "round \(round), \(unit), \(lower)..<\(upper): \(text.debugDescription)")
            }
        }
    }
}
