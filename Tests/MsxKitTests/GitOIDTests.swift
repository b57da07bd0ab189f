import MsxTestSupport
import XCTest
@testable import MsxGit

/// `GitOID(hexBytes:)`, which decodes the ids of msx's cache files itself, against libgit2's parser (`GitOID(hex:)`):
/// the same id for every 40 hex digits in either case, and a refusal for every text libgit2 refuses.
final class GitOIDTests: SeededTestCase {
    func testHexBytesAreReadAsLibgit2ReadsThem() {
        var random = seededGenerator(40_2611)
        // Mostly digits, so that most texts are ids and a few bytes that are not are mixed in.
        let alphabet = Array("0123456789abcdefABCDEF".utf8) + Array("gG/:@` xz\t".utf8) + [0, 0x7F]
        var answers: [Bool: Int] = [:]
        for round in 0..<scaled(4_000) {
            let bad = Int.random(in: 0..<4, using: &random) == 0
            let bytes = (0..<40).map { _ in
                bad && Int.random(in: 0..<10, using: &random) == 0
                    ? alphabet.randomElement(using: &random)! : alphabet[Int.random(in: 0..<22, using: &random)]
            }
            let expected = GitOID(hex: String(decoding: bytes, as: UTF8.self))
            let read = bytes.withUnsafeBytes { GitOID(hexBytes: $0) }
            XCTAssertEqual(read, expected, "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            answers[expected != nil, default: 0] += 1
        }
        XCTAssertGreaterThan(answers[true] ?? 0, 0)
        XCTAssertGreaterThan(answers[false] ?? 0, 0)
    }

    func testAnIdReadsBackFromTheDigitsItWrites() {
        var random = seededGenerator(40_2612)
        for _ in 0..<scaled(500) {
            let digits = (0..<40).map { _ in "0123456789abcdef".randomElement(using: &random)! }
            let id = GitOID(hex: String(digits))!
            XCTAssertEqual(Array(id.description.utf8).withUnsafeBytes { GitOID(hexBytes: $0) }, id)
        }
    }

    func testOnlyFortyDigitsAreAnId() {
        for length in [0, 39, 41] {
            XCTAssertNil(Array(repeating: UInt8(ascii: "a"), count: length).withUnsafeBytes { GitOID(hexBytes: $0) }, "\(length) digits")
        }
    }
}
