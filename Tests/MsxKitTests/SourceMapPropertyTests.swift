import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// Every UTF-16 unit of a paragraph's text maps to the source bytes that hold it: its own UTF-8 bytes, a backslash
/// escape, an HTML entity standing for it, or (in a code span) the line end read as a space; and the ranges never
/// go backwards. Random Markdown mixes the verbatim runs read in one go with escapes, entities and `&` in text.
final class SourceMapPropertyTests: SeededTestCase {
    func testEveryUnitMapsToTheBytesThatHoldIt() throws {
        var random = seededGenerator(20261127)
        let pieces = ["word", "Nell", " ", "déjà", "’", "—", "🌊", "AT&T", "&amp;", "&copy;", "&#169;", "&NotEqualTilde;", "\\*",
                      "\\&amp;", "*it*", "**so**", "`code &amp;`", "`two\nlines`", "~~gone~~", "\n", "\r\n", "  \n", "> ", "x&y", "&"]
        var mapped = 0
        for round in 0..<scaled(1_500) {
            let source = (0..<Int.random(in: 1...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() + "\n"
            let bytes = Array(source.utf8)
            for block in MarkdownDocument(source).blocks {
                guard let ranges = block.sourceRanges else { continue }
                mapped += 1
                let units = Array(block.text.utf16)
                XCTAssertEqual(ranges.count, units.count, "round \(round): \(source.debugDescription)")
                var previous = 0
                var offset = 0
                for scalar in block.text.unicodeScalars {
                    let range = ranges[offset]
                    XCTAssertGreaterThanOrEqual(range.lowerBound, previous, "round \(round): ranges go back at \(offset) in \(source.debugDescription)")
                    previous = range.lowerBound
                    XCTAssertTrue(holds(bytes[range], scalar), "round \(round): \(scalar.escaped(asASCII: true)) at \(offset) maps to "
                        + "\(String(decoding: bytes[range], as: UTF8.self).debugDescription) in \(source.debugDescription)")
                    offset += UTF16.width(scalar)
                }
            }
        }
        XCTAssertGreaterThan(mapped, scaled(1_500) / 2, "most paragraphs are source-mapped")
    }

    /// Whether `bytes` can stand for `scalar` in Markdown source.
    private func holds(_ bytes: ArraySlice<UInt8>, _ scalar: Unicode.Scalar) -> Bool {
        let own = Array(String(scalar).utf8)
        if Array(bytes) == own { return true }
        if bytes.first == UInt8(ascii: "\\"), Array(bytes.dropFirst()) == own { return true }
        if bytes.first == UInt8(ascii: "&"), let decoded = HTMLEntity.decode(bytes), decoded.contains(scalar) { return true }
        if let numeric = numericEntity(bytes), numeric == scalar { return true }
        // A line end (and the quote marker or spaces after it) read as a space or a line break.
        return (scalar == " " || scalar == "\n" || scalar == "\u{2028}") && bytes.allSatisfy { [0x0A, 0x0D, 0x20, 0x3E].contains($0) }
    }

    private func numericEntity(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("&#"), text.hasSuffix(";") else { return nil }
        let digits = text.dropFirst(2).dropLast()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init)
    }
}
