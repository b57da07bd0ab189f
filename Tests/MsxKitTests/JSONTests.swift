import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

final class JSONTests: SeededTestCase {
    func testCanonicalFormSortsKeysByCodePointAndIndentsTwoSpaces() {
        let value: JSONValue = ["b": 1, "a": ["z": true, "É": .null], "B": [1.5, "x"]]
        XCTAssertEqual(JSONWriter.string(value), """
            {
              "B": [
                1.5,
                "x"
              ],
              "a": {
                "z": true,
                "É": null
              },
              "b": 1
            }

            """)
    }

    func testNumbersUseShortestRoundTripForm() {
        XCTAssertEqual(JSONWriter.format(13), "13")
        XCTAssertEqual(JSONWriter.format(1.2), "1.2")
        XCTAssertEqual(JSONWriter.format(-36), "-36")
        XCTAssertEqual(JSONWriter.format(0.1 + 0.2), "0.30000000000000004")
    }

    func testParseWriteParseIsAFixpoint() throws {
        var generator = seededGenerator(7)
        for _ in 0..<scaled(200) {
            let value = randomValue(depth: 0, &generator)
            let text = JSONWriter.string(value)
            let parsed = try JSONParser.parse(text)
            XCTAssertEqual(parsed, value)
            XCTAssertEqual(JSONWriter.string(parsed), text)
        }
    }

    func testStringsEscapeControlCharactersAndKeepUnicode() throws {
        let value: JSONValue = .string("tab\tquote\"slash/\u{1}é🌊")
        let text = JSONWriter.string(value, pretty: false)
        XCTAssertEqual(text, "\"tab\\tquote\\\"slash/\\u0001é🌊\"")
        XCTAssertEqual(try JSONParser.parse(text), value)
        XCTAssertEqual(try JSONParser.parse("\"\\ud83c\\udf0a\""), .string("🌊"))
    }

    func testErrorsNameLineAndColumn() {
        XCTAssertThrowsError(try JSONParser.parse("{\n  \"a\": 1,\n  \"b\" 2\n}")) { error in
            let syntax = error as? JSONParser.SyntaxError
            XCTAssertEqual(syntax?.line, 3)
            XCTAssertEqual(syntax?.column, 7)
        }
        for bad in ["", "{", "[1,]", "{\"a\":1,\"a\":2}", "01", "\"\\ud800\"", "nul", "1 2", "\"a\nb\""] {
            XCTAssertThrowsError(try JSONParser.parse(bad), "accepted \(bad)")
        }
    }

    func testDeepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep))
    }

    func testUnknownFieldsSurviveASidecarRewrite() throws {
        let text = """
            {"formatVersion": 1, "future": {"x": 1}, "paragraphs": [{"index": 0, "textHash": "00", "note": "keep",
             "runs": [{"start": 0, "end": 1, "text": "a", "attributes": {"kern": 2}, "origin": "app"}]}]}
            """
        let sidecar = try Sidecar(json: text, file: "a.attrs.json")
        let again = try Sidecar(json: sidecar.json, file: "a.attrs.json")
        XCTAssertEqual(again, sidecar)
        XCTAssertTrue(sidecar.json.contains("\"future\""))
        XCTAssertTrue(sidecar.json.contains("\"origin\": \"app\""))
        XCTAssertTrue(sidecar.json.contains("\"kern\": 2"))
    }

    func testNewerFormatVersionIsRefusedWithTheFileName() {
        XCTAssertThrowsError(try Sidecar(json: "{\"formatVersion\": 2, \"paragraphs\": []}", file: "x.attrs.json")) { error in
            let msx = error as? MsxError
            XCTAssertEqual(msx?.kind, .damaged)
            XCTAssertEqual(msx?.code, .newerFormat)
            XCTAssertTrue(msx?.message.hasPrefix("x.attrs.json:") == true)
        }
    }

    private func randomValue(depth: Int, _ g: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &g) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &g))
        case 2: return .number(Double(Int.random(in: -1000...1000, using: &g)) / [1, 4, 10][Int.random(in: 0..<3, using: &g)])
        case 3: return .string(String((0..<Int.random(in: 0..<8, using: &g)).map { _ in "aé\"\\\n🌊x\u{2}".randomElement(using: &g)! }))
        case 4: return .array((0..<Int.random(in: 0..<4, using: &g)).map { _ in randomValue(depth: depth + 1, &g) })
        default:
            var o: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<4, using: &g) { o["k\(Int.random(in: 0..<9, using: &g))é"] = randomValue(depth: depth + 1, &g) }
            return .object(o)
        }
    }
}
