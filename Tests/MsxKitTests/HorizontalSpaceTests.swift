import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// `trimmingHorizontalSpace`, which the revision grammar reads names with, against Foundation's
/// `trimmingCharacters(in: .whitespaces)`: the same text, byte for byte.
final class HorizontalSpaceTests: SeededTestCase {
    func testTrimsAsFoundationTrimsWhitespaces() {
        var random = seededGenerator()
        // Every space separator, the tab, and near misses: line breaks, zero-width and joining spaces, a combining
        // mark (which a space carries as one character but Foundation trims scalar by scalar), letters.
        let spaces = [0x20, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
                      0x200A, 0x202F, 0x205F, 0x3000, 0x09].map { String(Unicode.Scalar($0)!) }
        let others = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{200B}", "\u{FEFF}", "\u{180E}", "\u{301}",
                      "a", "HEAD~2", "é", "🙂", "{yesterday}", "\r\n"]
        var trimmedSome = 0
        for round in 0..<scaled(5_000) {
            let text = (0..<Int.random(in: 0..<8, using: &random)).map { _ in
                Bool.random(using: &random) ? spaces.randomElement(using: &random)! : others.randomElement(using: &random)!
            }.joined()
            let expected = text.trimmingCharacters(in: .whitespaces)
            XCTAssertEqual(Array(text.trimmingHorizontalSpace().utf8), Array(expected.utf8), "round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if expected.utf8.count < text.utf8.count { trimmedSome += 1 }
        }
        XCTAssertGreaterThan(trimmedSome, 0)
    }

    func testEveryScalarIsSpaceOrNotAsFoundationSays() {
        var spaces = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let isSpace = text.trimmingCharacters(in: .whitespaces).isEmpty
            XCTAssertEqual(text.trimmingHorizontalSpace().isEmpty, isSpace, "U+\(String(value, radix: 16, uppercase: true))")
            if isSpace { spaces += 1 }
        }
        XCTAssertGreaterThan(spaces, 10)
    }
}
