import MsxTestSupport
import XCTest
@testable import MsxModel

/// `RelativePath.isPlain`, which every command asks of every path the binder lists, against a model written from its
/// definition: not empty, no backslash or NUL, and every part between slashes neither empty nor `.` nor `..`.
final class PlainPathTests: SeededTestCase {
    func testPlainPathsAreThoseTheDefinitionAllows() {
        var random = seededGenerator()
        let pieces: [[UInt8]] = ["a", "chapter-1.md", ".", "..", "...", "/", "\\", "\0", "é", " ", "0", ".notes", "Z~"]
            .map { Array($0.utf8) }
        var answers: [Bool: Int] = [:]
        for round in 0..<scaled(20_000) {
            let bytes = (0..<Int.random(in: 0..<7, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            let expected = !bytes.isEmpty && !bytes.contains(UInt8(ascii: "\\")) && !bytes.contains(0)
                && parts.allSatisfy { !$0.isEmpty && !$0.elementsEqual([UInt8(ascii: ".")]) && !$0.elementsEqual(Array("..".utf8)) }
            XCTAssertEqual(bytes.withUnsafeBufferPointer(RelativePath.isPlain(bytes:)), expected, "round \(round): \(bytes)")
            answers[expected, default: 0] += 1
        }
        XCTAssertGreaterThan(answers[true] ?? 0, 1_000)
        XCTAssertGreaterThan(answers[false] ?? 0, 1_000)
    }
}
