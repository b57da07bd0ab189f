import MsxTestSupport
import XCTest
@testable import MsxModel

/// The sidecar's fast reader (`JSONParser.readSidecar`) against the general reader it stands in for:
/// `JSONParser.parse` to a value, then the fields read one by one (`Sidecar(readingGenerally:file:)`).
final class SidecarReaderTests: SeededTestCase {
    /// On valid sidecars and on sidecars damaged in every way a field can be (wrong types, nulls, duplicate fields,
    /// escaped names, fields of another level, numbers out of their limits, another format version, broken syntax),
    /// what the fast reader reads is what the general one reads; it refuses only what the general one refuses or
    /// brings within limits; and `Sidecar(json:file:)` reads, or refuses with the same message, as the general one.
    func testTheFastReaderAgreesWithTheGeneralOne() {
        var random = seededGenerator(17)
        var (fastReads, generalReads) = (0, 0)
        for iteration in 0..<scaled(3000) {
            var sidecar: [String: JSONValue] = ["formatVersion": 1]
            sidecar["paragraphs"] = .array((0..<Int.random(in: 0...4, using: &random)).map { _ in paragraph(&random) })
            if Bool.random(using: &random) { sidecar["base"] = Bool.random(using: &random) ? "0123456789abcdef" : "not an id" }
            if Int.random(in: 0..<6, using: &random) == 0 { sidecar["futureField"] = ["nested": [1, "two", .null]] }
            var text = JSONWriter.string(.object(sidecar), pretty: Bool.random(using: &random))
            if iteration % 3 == 0 { text = damaged(text, &random) }

            let general = Result { try Sidecar(readingGenerally: text, file: "s.attrs.json") }
            let fast = Result { () throws -> Sidecar in
                try JSONParser.parse(text) { parser throws(JSONParser.SyntaxError) in try parser.readSidecar() }
            }
            let either = Result { try Sidecar(json: text, file: "s.attrs.json") }
            switch (general, fast) {
            case (.success(let g), .success(let f)):
                fastReads += 1
                XCTAssertEqual(g, f, "iteration \(iteration): the readers differ\n\(text)")
            case (.success(let g), .failure(let error)):
                XCTAssertFalse(g.valuesOutOfLimits.isEmpty,
                               "iteration \(iteration): only the fast reader refused (\(error)), with every value in its limits\n\(text)")
            case (.failure(let error), .success):
                XCTFail("iteration \(iteration): only the general reader refused (\(error))\n\(text)")
            case (.failure, .failure): break
            }
            switch (general, either) {
            case (.success(let g), .success(let e)):
                generalReads += 1
                XCTAssertEqual(g, e, "iteration \(iteration)\n\(text)")
            case (.failure(let g), .failure(let e)):
                XCTAssertEqual((g as? MsxError)?.message, (e as? MsxError)?.message, "iteration \(iteration)\n\(text)")
            default: XCTFail("iteration \(iteration): Sidecar(json:file:) and the general reader disagree\n\(text)")
            }
        }
        // Every kind of case was met: sidecars the fast reader read, ones it left to the general reader, damaged ones
        // both refused.
        XCTAssertGreaterThan(fastReads, scaled(3000) / 2)
        XCTAssertGreaterThan(generalReads, fastReads)
        XCTAssertLessThan(generalReads, scaled(3000))
    }

    /// A sidecar's problems are reported as before: the general reader's message, naming the field; a value out of
    /// its limits is brought within them and named.
    func testProblemsAreNamedByTheGeneralReader() throws {
        let wrong = #"{"formatVersion": 1, "paragraphs": [{"index": 0, "runs": [{"start": 4, "end": 2}]}]}"#
        XCTAssertThrowsError(try Sidecar(json: wrong, file: "a.attrs.json")) { error in
            XCTAssertEqual((error as? MsxError)?.message, "a.attrs.json: paragraphs[0].runs[0].end must be at or after start")
        }
        let large = #"{"formatVersion": 1, "paragraphs": [{"index": 0, "attributes": {"fontSize": 5000}}]}"#
        let read = try Sidecar(json: large, file: "a.attrs.json")
        XCTAssertEqual(read.valuesOutOfLimits, ["paragraphs[0].attributes.fontSize"])
        XCTAssertEqual(read.paragraphs.first?.attributes[.fontSize], 1000)
    }

    private func paragraph(_ random: inout SeededGenerator) -> JSONValue {
        var o: [String: JSONValue] = ["index": .int(Int.random(in: 0..<40, using: &random)), "textHash": "fc21e85e98fb7afb"]
        if Bool.random(using: &random) { o["head"] = .string(text(&random)) }
        if Bool.random(using: &random) { o["tail"] = .string(text(&random)) }
        if Bool.random(using: &random) { o["attributes"] = attributes(&random) }
        if Int.random(in: 0..<8, using: &random) == 0 { o["somethingNew"] = [true, .null] }
        if Bool.random(using: &random) {
            o["runs"] = .array((0..<Int.random(in: 0...3, using: &random)).map { _ in
                let start = Int.random(in: 0..<500, using: &random)
                var run: [String: JSONValue] = ["start": .int(start), "end": .int(start + Int.random(in: 0..<30, using: &random)),
                                                "text": .string(text(&random)), "attributes": attributes(&random)]
                if Bool.random(using: &random) { run["before"] = .string(text(&random)) }
                if Bool.random(using: &random) { run["after"] = .string(text(&random)) }
                if Int.random(in: 0..<8, using: &random) == 0 { run["note"] = "kept" }
                return .object(run)
            })
        }
        return .object(o)
    }

    /// Attributes with values in their limits and, now and then, one out of them.
    private func attributes(_ random: inout SeededGenerator) -> JSONValue {
        var o: [String: JSONValue] = [:]
        let choices: [(String, JSONValue)] = [
            ("fontFamily", "Courier"), ("fontSize", 12), ("fontSize", 2000), ("underline", true), ("backgroundColor", "#FFF59D"),
            ("headIndent", 36), ("tailIndent", -99_999), ("tabStops", [36, 72]), ("lineHeightMultiple", 1.5), ("color", .null),
        ]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let (key, value) = choices.randomElement(using: &random)!
            o[key] = value
        }
        return .object(o)
    }

    /// Text with what JSON must escape and what it need not.
    private func text(_ random: inout SeededGenerator) -> String {
        let pieces = ["keeper", " walked", "\"quoted\"", "back\\slash", "tab\there", "line\nbreak", "déjà", "🌊", "\u{1}", "/"]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// `text` with one thing changed the way a hand edit or a bad tool might (`JSONDamage`), a field renamed to
    /// another level's among them.
    private func damaged(_ text: String, _ random: inout SeededGenerator) -> String {
        JSONDamage.damaged(text, fields: ["\"formatVersion\"", "\"base\"", "\"paragraphs\"", "\"index\"", "\"textHash\"", "\"head\"",
                                          "\"runs\"", "\"attributes\"", "\"start\"", "\"end\"", "\"text\"", "\"before\"", "\"fontSize\""],
                           replacements: ["null", "0", "1", "2", "-3", "2.5", "7.0", "1e20", "true", "\"x\"", "[]", "[1]", "{}", "{\"a\": 1}"],
                           renames: ["\"start\"", "\"index\"", "\"renamed\""], &random)
    }
}
