import Foundation
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

    /// Keys come out in code point order whatever they share: long common prefixes (the writer ranks keys by their
    /// first eight bytes), NUL bytes, the empty key, non-ASCII and keys that are prefixes of others.
    func testKeysAreWrittenInCodePointOrder() throws {
        var generator = seededGenerator(20261127)
        let pieces = ["", "\u{0}", "a", "b", "é", "🌊", "includeIn", "abcdefgh", "abcdefg", "Z", "\u{7F}"]
        for round in 0..<scaled(300) {
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<14, using: &generator) {
                let key = (0..<Int.random(in: 0..<4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                members[key] = .int(members.count)
            }
            let compact = JSONWriter.string(.object(members), pretty: false)
            let written = try JSONParser.parse(compact)
            XCTAssertEqual(written, .object(members), "round \(round)")
            let order = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let expected = "{" + order.map { JSONWriter.string(.string($0), pretty: false) + ":" + JSONWriter.string(members[$0]!, pretty: false) }
                .joined(separator: ",") + "}"
            XCTAssertEqual(compact, expected, "round \(round)")
        }
    }

    /// Pretty output indents two spaces a level at any depth, beyond the writer's ready-made indentation too.
    func testDeepNestingIsIndentedTwoSpacesALevel() throws {
        var value: JSONValue = ["leaf": true]
        for depth in 0..<40 { value = depth.isMultiple(of: 2) ? .array([value, 1]) : ["k": value] }
        let lines = JSONWriter.string(value).split(separator: "\n")
        var depth = 0
        for line in lines {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("]") || trimmed.hasPrefix("}") { depth -= 1 }
            XCTAssertEqual(line.count - trimmed.count, 2 * depth, String(line))
            if trimmed.hasSuffix("[") || trimmed.hasSuffix("{") { depth += 1 }
        }
        XCTAssertEqual(try JSONParser.parse(JSONWriter.string(value)), value)
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

    /// An object written with one array member an element at a time is the text the writer gives for it whole: at
    /// any depth, with the array empty or not, whatever its key and the other members.
    func testAnArrayStreamedAnElementAtATimeIsWrittenAsWhole() {
        var generator = seededGenerator(20261127)
        for round in 0..<scaled(300) {
            let key = ["paragraphs", "k3é", "a\nb", "documents"].randomElement(using: &generator)!
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &generator) {
                members["k\(Int.random(in: 0..<9, using: &generator))é"] = randomValue(depth: 1, &generator)
            }
            members[key] = nil
            let elements = (0..<Int.random(in: 0..<4, using: &generator)).map { _ in randomValue(depth: 1, &generator) }
            let indent = Int.random(in: 0..<3, using: &generator)
            var bytes: [UInt8] = []
            var stream = JSONArrayStream(members, streaming: key, indent: indent) { bytes += $0 }
            for element in elements { stream.append(element) { bytes += $0 } }
            stream.finish { bytes += $0 }
            let streamed = String(decoding: bytes, as: UTF8.self)
            var whole = members
            whole[key] = .array(elements)
            let expected = indent == 0 ? JSONWriter.string(.object(whole)) : JSONWriter.fragment(.object(whole), indent: indent)
            XCTAssertEqual(streamed, expected, "round \(round), key \(key.debugDescription), indent \(indent)")
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

/// The canonical writer against a plain model of the form docs/format.md gives (keys by code point, two-space
/// indent, `": "`, escapes), on random values: nested, with long arrays (written on several cores), keys from
/// every plane and strings with every control character.
final class JSONWriterModelTests: SeededTestCase {
    func testTheWriterWritesWhatTheModelWrites() {
        var random = seededGenerator(20261128)
        let strings = ["", "a", "b", "Z", "é", "z", "\u{E000}", "𝔸", "\u{FFFF}", "line\nbreak", "tab\t", "q\"uote", "back\\slash",
                       "\u{01}\u{1F}\u{7F}", "\u{08}\u{0C}\r", "déjà vu", "🌊"]
        func value(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &random) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &random))
            case 2: return .number([0, 13, -36, 1.5, 0.1 + 0.2, 1e300][Int.random(in: 0..<6, using: &random)])
            case 3: return .string(strings.randomElement(using: &random)!)
            case 4, 5:
                let count = Int.random(in: 0..<20, using: &random) == 0 ? 300 : Int.random(in: 0..<4, using: &random)
                return .array((0..<count).map { _ in value(depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for _ in 0..<Int.random(in: 0..<6, using: &random) { members[strings.randomElement(using: &random)!] = value(depth + 1) }
                return .object(members)
            }
        }
        for round in 0..<scaled(300) {
            let v = value(0)
            XCTAssertEqual(JSONWriter.string(v), Self.model(v, indent: 0) + "\n", "round \(round)")
            XCTAssertEqual(JSONWriter.string(v, pretty: false), Self.model(v, indent: nil), "round \(round)")
        }
    }

    private static func model(_ value: JSONValue, indent: Int?) -> String {
        func newline(_ level: Int?) -> String { level.map { "\n" + String(repeating: "  ", count: $0) } ?? "" }
        let inner = indent.map { $0 + 1 }
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONWriter.format(n)
        case .string(let s): return quoted(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[" + items.map { newline(inner) + model($0, indent: inner) }.joined(separator: ",") + newline(indent) + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let keys = members.keys.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
            return "{" + keys.map { newline(inner) + quoted($0) + (indent == nil ? ":" : ": ") + model(members[$0]!, indent: inner) }
                .joined(separator: ",") + newline(indent) + "}"
        }
    }

    private static func quoted(_ s: String) -> String {
        let named: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{08}": "\\b", "\u{0C}": "\\f"]
        return "\"" + s.unicodeScalars.map { scalar in
            if let escape = named[scalar] { return escape }
            if scalar.value < 0x20 { return String(format: "\\u%04x", scalar.value) }
            return String(scalar)
        }.joined() + "\""
    }
}
