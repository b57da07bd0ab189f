import MsxTestSupport
import XCTest
@testable import MsxDiff

final class WordBagsTests: SeededTestCase {
    /// The share of words two paragraphs have in common is the Dice coefficient over their word multisets, words
    /// being equal as Strings are (a composed é and e with a combining accent are one word), repeats counted.
    func testSimilarityIsDiceOverWordMultisets() {
        var random = seededGenerator(20261127)
        let words = ["café", "cafe\u{301}", "storm", "Storm", "the", "the", "don't", "42", "日本", "é"]
        let separators = [" ", ", ", ". ", " — "]
        func paragraph() -> String {
            (0..<Int.random(in: 0...8, using: &random)).map { _ in words.randomElement(using: &random)! + separators.randomElement(using: &random)! }.joined()
        }
        let old = (0..<30).map { _ in paragraph() }, new = (0..<30).map { _ in paragraph() }
        let bags = WordBags(old: old, new: new)
        for o in old.indices {
            for n in new.indices {
                XCTAssertEqual(bags.similarity(old: o, new: n), model(old[o], new[n]), "\(old[o].debugDescription) and \(new[n].debugDescription)")
            }
        }
        XCTAssertEqual(WordBags(old: ["café café x"], new: ["cafe\u{301} x y"]).similarity(old: 0, new: 0), 4.0 / 6.0)
    }

    private func model(_ a: String, _ b: String) -> Double {
        let x = Tokenizer.characterTokens(a).filter { $0.kind == .word }.map(\.text)
        let y = Tokenizer.characterTokens(b).filter { $0.kind == .word }.map(\.text)
        guard !x.isEmpty || !y.isEmpty else { return 1 }
        var counts: [String: Int] = [:]
        for word in x { counts[word, default: 0] += 1 }
        var common = 0
        for word in y where counts[word, default: 0] > 0 {
            counts[word]! -= 1
            common += 1
        }
        return Double(2 * common) / Double(x.count + y.count)
    }
}

/// Paragraph texts as keys: equal bytes hash alike, and a text changed in any one byte (in the eight-byte words or
/// in the bytes after them) or by its length hashes otherwise.
final class TextBytesKeyTests: XCTestCase {
    func testEveryByteAndTheLengthCountInTheHash() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(0x41 + $0 % 26) }
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(TextBytesKey(text).hashValue, TextBytesKey(String(decoding: bytes, as: UTF8.self)).hashValue)
            XCTAssertNotEqual(TextBytesKey(text).hashValue, TextBytesKey(text + "\u{0}").hashValue, "length \(length)")
            for place in 0..<length {
                var changed = bytes
                changed[place] ^= 0x20
                XCTAssertNotEqual(TextBytesKey(text).hashValue, TextBytesKey(String(decoding: changed, as: UTF8.self)).hashValue,
                                  "length \(length), byte \(place)")
            }
        }
        XCTAssertNotEqual(TextBytesKey("café"), TextBytesKey("cafe\u{301}"), "compared by bytes")
    }
}
