import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// Random byte soup and mutated fixtures: the reader returns or throws `MsxError`, never crashes, takes well under a
/// second per input, and never writes more text than four times the input's length.
final class RTFFuzzTests: SeededTestCase {
    private static let words = RTFKeyword.byName.keys.sorted()
    private static let pieces = [
        "{", "}", "\\", "{\\*", "\\*\\msxchar {", "\\*\\msxpara ", "\\fs99999999999999", "\\u-99999", "\\u55357",
        "\\u-9000?", "\\uc5 ", "\\uc0", "\\bin999999999", "\\bin3 ", "\\'", "\\'e9", "\\'zz", "\\'8", "\\\n", "\\{",
        "\\}", "\\\\", "\\~", "\\-", "\\_", "\\fi-99999999999", "\\s-1", "\\ls-5\\ilvl99", "\\f-3", "\\cf99999",
        ";", "\"", "HYPERLINK \"x\"", "\r\n", "\u{0}", "é", "🌊", " ",
        String(repeating: "{", count: 20_000), String(repeating: "}", count: 300), String(repeating: "{\\b ", count: 600),
    ]

    func testRandomByteSoupReturnsOrThrowsQuickly() {
        var random = seededGenerator(7)
        for iteration in 0..<scaled(200) {
            var bytes: [UInt8] = Bool.random(using: &random) ? Array("{\\rtf1 ".utf8) : []
            for _ in 0..<Int.random(in: 0...200, using: &random) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.append(UInt8.random(in: 0...255, using: &random))
                case 1: bytes += Array(Self.pieces.randomElement(using: &random)!.utf8)
                default: bytes += randomWord(&random)
                }
            }
            check(bytes, "soup \(iteration)")
        }
    }

    func testMutatedFixturesReturnQuickly() throws {
        let fixtures = try RTFFixtureTests.names.map { name in
            try [UInt8](Data(contentsOf: RTFFixtureTests.folder.appendingPathComponent("\(name).rtf")))
        }
        var random = seededGenerator(11)
        for iteration in 0..<scaled(200) {
            var bytes = fixtures.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.insert(contentsOf: Array(Self.pieces.randomElement(using: &random)!.utf8), at: at)
                case 1: bytes.insert(contentsOf: randomWord(&random), at: at)
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
                default: bytes.removeSubrange(at...)
                }
            }
            check(bytes, "mutation \(iteration)")
        }
    }

    /// Shapes that once took quadratic time, at two sizes each: reading twice as much must cost about twice as much.
    func testPathologicalShapesStayLinear() throws {
        let shapes: [(Int) -> String] = [
            { n in "{\\rtf1 " + (0..<n).map { "\\fs\($0 % 5_000) x" }.joined() },
            { n in "{\\rtf1 " + String(repeating: "\\u55357 ", count: 2 * n) },
            { n in "{\\rtf1 " + String(repeating: "{\\footnote a\\par ", count: n / 2) },
            { n in "{\\rtf1{\\stylesheet " + String(repeating: "{\\s1 x", count: n / 2) },
            { n in "{\\rtf1 " + String(repeating: "{\\*\\msxchar \\{\"k\":1\\}}x", count: n / 2) },
            { n in "{\\rtf1 " + String(repeating: "a\\cell ", count: 2 * n) + "\\row}" },
        ]
        for (index, shape) in shapes.enumerated() {
            let inputs = [10_000: Array(shape(10_000).utf8), 20_000: Array(shape(20_000).utf8)]
            check(inputs[20_000]!, "shape \(index)")
            assertLinear("shape \(index)", size: 10_000, rounds: 3) { n in _ = try? RTFReader.read(inputs[n]!) }
        }
    }

    private func randomWord(_ random: inout SeededGenerator) -> [UInt8] {
        var word = "\\" + Self.words.randomElement(using: &random)!
        switch Int.random(in: 0..<4, using: &random) {
        case 0: word += String(Int.random(in: -5...300, using: &random))
        case 1: word += String(Int64.random(in: Int64.min...Int64.max, using: &random))
        case 2: word += " "
        default: break
        }
        return Array(word.utf8)
    }

    private func check(_ bytes: [UInt8], _ label: String) {
        do {
            let document = try RTFReader.read(bytes)
            let length = document.paragraphs.reduce(0) { $0 + $1.text.utf16.count }
            XCTAssertLessThanOrEqual(length, bytes.count * 4, label)
            for paragraph in document.paragraphs {
                var end = 0
                for run in paragraph.runs {
                    XCTAssertGreaterThanOrEqual(run.range.lowerBound, end, label)
                    end = run.range.upperBound
                }
                XCTAssertLessThanOrEqual(end, paragraph.text.utf16.count, label)
            }
        } catch is MsxError {
        } catch {
            XCTFail("\(label): unexpected \(error)")
        }
    }
}
