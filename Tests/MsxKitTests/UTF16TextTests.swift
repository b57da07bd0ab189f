import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// `UTF16Text.string` transcodes UTF-16 units as the standard library's `String(decoding:as: UTF16.self)` does,
/// lone surrogates included (the oracle); `UTF16Text.units` and `count` give what `utf16` gives.
final class UTF16TextTests: SeededTestCase {
    func testEveryRunOfUnitsReadsAsTheStandardLibraryReadsIt() {
        var random = seededGenerator(20261125)
        // ASCII, two- and three-byte letters, both halves of a pair, and lone halves.
        let alphabet: [[UInt16]] = [[0x41], [0x20], [0x0A], [0xE9], [0x7FF], [0x800], [0x4E2D], [0xFFFD], [0xFFFF],
                                    [0xD83D, 0xDE00], [0xD800, 0xDC00], [0xDBFF, 0xDFFF], [0xD800], [0xDC00], [0xDBFF]]
        for round in 0..<scaled(2_000) {
            let units = (0..<Int.random(in: 0...24, using: &random)).flatMap { _ in alphabet.randomElement(using: &random)! }
            let made = units.withUnsafeBufferPointer(UTF16Text.string)
            XCTAssertEqual(made, String(decoding: units, as: UTF16.self), "round \(round): \(units)")
            XCTAssertEqual(Array(made.utf8), Array(String(decoding: units, as: UTF16.self).utf8))
            XCTAssertEqual(UTF16Text.count(made), made.utf16.count, "round \(round): \(units)")
            XCTAssertEqual(UTF16Text.units(made), Array(made.utf16), "round \(round): \(units)")
            let cut = Int.random(in: 0...units.count, using: &random)
            XCTAssertEqual(Context.slice(units, cut, units.count + 3), String(decoding: units[cut...], as: UTF16.self))
        }
    }
}
