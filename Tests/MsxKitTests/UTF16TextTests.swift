import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// `UTF16Text.string` transcodes UTF-16 units as the standard library's `String(decoding:as: UTF16.self)` does,
/// lone surrogates included (the oracle); `UTF16Text.units` and `count` give what `utf16` gives; `UTF16Slicer` cuts
/// what `Context.slice` cuts.
final class UTF16TextTests: SeededTestCase {
    func testEveryRunOfUnitsReadsAsTheStandardLibraryReadsIt() {
        var random = seededGenerator(20261125)
        // ASCII (alone and in runs of 7, 8 and 9, read eight bytes at a time), two- and three-byte letters, both
        // halves of a pair, and lone halves.
        let alphabet: [[UInt16]] = [[0x41], [0x20], [0x0A], [0xE9], [0x7FF], [0x800], [0x4E2D], [0xFFFD], [0xFFFF],
                                    [0xD83D, 0xDE00], [0xD800, 0xDC00], [0xDBFF, 0xDFFF], [0xD800], [0xDC00], [0xDBFF],
                                    Array("0123456".utf16), Array("a~b\tc d\u{7F}".utf16), Array("Lighthous".utf16)]
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

    /// Runs cut a paragraph forwards, but the slicer must also be right going back, across surrogate pairs (a cut
    /// inside one reads each half as U+FFFD), and past either end.
    func testSlicerCutsWhatContextSliceCuts() {
        var random = seededGenerator(20261127)
        let alphabet: [String] = ["a", " ", "The lamp ", "é", "\u{7FF}", "\u{800}", "中", "\u{FFFC}", "\u{2028}", "😀", "\u{10000}", "e\u{301}"]
        for round in 0..<scaled(2_000) {
            let text = (0..<Int.random(in: 0...16, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let units = UTF16Text.units(text)
            var slicer = UTF16Slicer(text)
            var start = 0
            for _ in 0..<6 {
                // Mostly the next run along; sometimes anywhere, even backwards or beyond the text.
                let range: Range<Int>
                if Bool.random(using: &random) {
                    let end = Int.random(in: start...units.count + 1, using: &random)
                    range = start..<end
                    start = min(end, units.count)
                } else {
                    let a = Int.random(in: -2...units.count + 2, using: &random), b = Int.random(in: -2...units.count + 2, using: &random)
                    range = min(a, b)..<max(a, b)
                }
                let cut = slicer.slice(range)
                let expected = Context.slice(units, range.lowerBound, range.upperBound)
                XCTAssertEqual(Array(cut.utf8), Array(expected.utf8), "round \(round): \(units) cut at \(range)")
            }
        }
    }
}
