import MsxTestSupport
import XCTest
@testable import MsxProject

/// A title names its node in any case: the byte-by-byte comparison for ASCII titles agrees with comparing
/// `lowercased()` copies, for every title and reference, ASCII or not.
final class ReferenceTitleTests: SeededTestCase {
    func testTheByteComparisonAgreesWithLowercasedCopies() {
        var random = seededGenerator(20261128)
        let pieces = ["a", "B", "z", "Z", "@", "[", "`", "{", " ", "7", ".", "É", "é", "ß", "İ", "i", "K", "\u{212A}", "Σ", "ς", "日"]
        func text() -> String { (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        for round in 0..<scaled(5_000) {
            let title = text(), reference = Bool.random(using: &random) ? text() : title.uppercased()
            let lowered = reference.lowercased()
            XCTAssertEqual(ReferenceResolver.title(title, lowercasedIs: lowered), title.lowercased() == lowered,
                           "round \(round): '\(title)' and '\(reference)'")
        }
        XCTAssertTrue(ReferenceResolver.title("Chapter 7.3", lowercasedIs: "chapter 7.3"))
        XCTAssertFalse(ReferenceResolver.title("Chapter 7.3", lowercasedIs: "chapter 7.30"))
        XCTAssertTrue(ReferenceResolver.title("KELVIN", lowercasedIs: "\u{212A}elvin".lowercased()))
    }
}
