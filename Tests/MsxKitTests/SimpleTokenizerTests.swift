import Foundation
import MsxTestSupport
import XCTest
@testable import MsxDiff

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
}
