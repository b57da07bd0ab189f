import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// The JSON parser steps over plain string bytes and indentation eight at a time: checked against a byte-at-a-time
/// count over buffers that put every kind of byte at every place in a word, and the parser's strings against
/// Foundation's JSON reader.
final class JSONByteRunsTests: SeededTestCase {
    /// Bytes that end a plain string, bytes one bit away from them (the word test must not confuse them), whitespace
    /// and plain letters.
    private static let alphabet: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x0A, 0x09, 0x0D, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F,
                                            0x80, 0xA2, 0xDC, 0xA0, 0xFF, 0x9F] + Array("abcz019".utf8)

    private func randomBuffer(_ random: inout SeededGenerator) -> [UInt8] {
        let length = Int.random(in: 0..<40, using: &random)
        // Mostly one run of spaces or letters with a few other bytes: long runs are what the word steps cross.
        let fill: UInt8 = Bool.random(using: &random) ? 0x20 : UInt8(ascii: "q")
        return (0..<length).map { _ in
            Int.random(in: 0..<6, using: &random) == 0 ? Self.alphabet.randomElement(using: &random)! : fill
        }
    }

    func testRunsEndWhereAByteAtATimeCountEndsThem() {
        var random = seededGenerator()
        var stops: Set<Int> = []
        for round in 0..<scaled(20_000) {
            let buffer = randomBuffer(&random)
            buffer.withUnsafeBufferPointer { bytes in
                for start in 0...bytes.count {
                    let stringEnd = bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? bytes.count
                    let spaceEnd = bytes[start...].firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? bytes.count
                    XCTAssertEqual(JSONByteRuns.plainStringEnd(in: bytes, from: start), stringEnd, "round \(round), \(buffer) from \(start)")
                    XCTAssertEqual(JSONByteRuns.whitespaceEnd(in: bytes, from: start), spaceEnd, "round \(round), \(buffer) from \(start)")
                    stops.insert((stringEnd - start) % 8)
                }
            }
        }
        // Runs ended at every place in a word.
        XCTAssertEqual(stops, Set(0..<8))
    }

    func testStringsReadAsFoundationReadsThem() throws {
        var random = seededGenerator()
        let pieces = ["a", "quiet harbour ", "é", "日本", "🙂", " ", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u00e9", "\\u0041",
                      "\\ud83d\\ude42", "\u{01}", "\t", "\"", "\\x", "\\u12"]
        var answers: [Bool: Int] = [:]
        for round in 0..<scaled(3_000) {
            // Mostly plain, so that long plain runs with an escape or a stray byte somewhere in a word are common.
            let body = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
                Int.random(in: 0..<4, using: &random) == 0 ? pieces.randomElement(using: &random)! : pieces[1]
            }.joined()
            let text = String(repeating: " ", count: Int.random(in: 0..<10, using: &random)) + "\"" + body + "\""
            let expected = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) as? String
            let read = try? JSONParser.parse(text)
            answers[expected != nil, default: 0] += 1
            guard let expected else {
                XCTAssertNil(read, "round \(round): \(text.debugDescription)")
                continue
            }
            guard case .string(let string) = read else { return XCTFail("round \(round): \(text.debugDescription) not read") }
            XCTAssertEqual(Array(string.utf8), Array(expected.utf8), "round \(round): \(text.debugDescription)")
        }
        XCTAssertGreaterThan(answers[true] ?? 0, 0)
        XCTAssertGreaterThan(answers[false] ?? 0, 0)
    }
}
