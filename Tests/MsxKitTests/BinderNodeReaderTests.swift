import MsxTestSupport
import XCTest
@testable import MsxModel

/// The manifest's fast binder reader (`JSONParser.readManifest`) against the general reader it stands in for:
/// `JSONParser.parse` to a value, then `BinderNode(json:file:path:)` for every node.
final class BinderNodeReaderTests: SeededTestCase {
    /// On valid binders and on binders damaged in every way a node can be (wrong types, nulls, duplicate fields,
    /// missing ones, a document with children, broken syntax), the fast reader reads exactly what the general one
    /// reads, and fails exactly when it fails.
    func testTheFastReaderAgreesWithTheGeneralOne() {
        var random = seededGenerator(16)
        var accepted = 0
        for iteration in 0..<scaled(3000) {
            var manifest: [String: JSONValue] = ["formatVersion": 1, "id": "p1", "title": "Book"]
            manifest["binder"] = .array((0..<Int.random(in: 0...3, using: &random)).map { _ in node(depth: 0, &random) })
            if Bool.random(using: &random) { manifest["futureField"] = ["nested": [1, "two", .null]] }
            var text = JSONWriter.string(.object(manifest), pretty: Bool.random(using: &random))
            if iteration % 3 == 0 { text = damaged(text, &random) }

            let general = Result { () throws -> ([String: JSONValue], [BinderNode]) in
                var members = try JSONReader(try JSONParser.parse(text), file: "m").object
                let binder = try JSONReader(["binder": members.removeValue(forKey: "binder") ?? .null], file: "m").array("binder")
                return (members, try binder.enumerated().map { i, value in try BinderNode(json: value, file: "m", path: "binder[\(i)]") })
            }
            let fast = Result { () throws -> ([String: JSONValue], [BinderNode]) in
                let read = try JSONParser.parse(text) { parser throws(JSONParser.SyntaxError) in try parser.readManifest() }
                return (read.members, read.binder)
            }
            switch (general, fast) {
            case (.success(let g), .success(let f)):
                accepted += 1
                XCTAssertEqual(g.0, f.0, "iteration \(iteration): top-level members differ\n\(text)")
                XCTAssertEqual(g.1, f.1, "iteration \(iteration): binder nodes differ\n\(text)")
            case (.failure, .failure): break
            case (.success, .failure(let error)):
                XCTFail("iteration \(iteration): only the fast reader refused (\(error))\n\(text)")
            case (.failure(let error), .success):
                XCTFail("iteration \(iteration): only the general reader refused (\(error))\n\(text)")
            }
        }
        // Both kinds of case were met: valid binders read, damaged ones refused.
        XCTAssertGreaterThan(accepted, scaled(3000) / 2)
        XCTAssertLessThan(accepted, scaled(3000))
    }

    /// A manifest's problems are reported as before: the general reader's message, naming the field.
    func testProblemsAreNamedByTheGeneralReader() {
        let text = #"{"formatVersion": 1, "id": "p", "binder": [{"id": "a", "kind": "document", "title": "T", "path": "contents/a.md", "target": 1.5}]}"#
        XCTAssertThrowsError(try Manifest(json: text)) { error in
            XCTAssertEqual((error as? MsxError)?.message, "manuscript.json: binder[0].target must be a whole number")
        }
    }

    private func node(depth: Int, _ random: inout SeededGenerator) -> JSONValue {
        let isFolder = depth < 3 && Bool.random(using: &random)
        let id = String(Int.random(in: 0..<1_000_000, using: &random), radix: 16)
        var o: [String: JSONValue] = [
            "id": .string(id), "kind": isFolder ? "folder" : "document", "title": .string(title(&random)),
            "path": .string("contents/\(id)\(isFolder ? "" : ".md")"),
        ]
        let optional = ["role", "synopsis", "label", "status", "trashedFrom", "trashedBefore", "keywords", "includeInCompile",
                        "target", "custom", "somethingNew"]
        for key in optional where Int.random(in: 0..<4, using: &random) == 0 {
            o[key] = Int.random(in: 0..<8, using: &random) == 0 ? .null : value(of: key, &random)
        }
        if isFolder, Bool.random(using: &random) {
            o["children"] = .array((0..<Int.random(in: 0...3, using: &random)).map { _ in node(depth: depth + 1, &random) })
        }
        return .object(o)
    }

    /// A value such as the optional field `key` holds.
    private func value(of key: String, _ random: inout SeededGenerator) -> JSONValue {
        switch key {
        case "synopsis", "label", "status", "role", "trashedFrom", "trashedBefore": return .string(title(&random))
        case "keywords": return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in .string(title(&random)) })
        case "includeInCompile": return .bool(Bool.random(using: &random))
        case "target": return .int(Int.random(in: -5...100_000, using: &random))
        case "custom": return ["Setting": .string(title(&random)), "n": 2.5]
        default: return [true, .null]
        }
    }

    /// A title with what JSON must escape and what it need not: quotes, backslashes, control characters, accents,
    /// emoji.
    private func title(_ random: inout SeededGenerator) -> String {
        let pieces = ["The", " Storm", "\"quoted\"", "back\\slash", "tab\there", "line\nbreak", "déjà", "🌊", "\u{1}", "/"]
        return (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// `text` with one thing changed the way a hand edit or a bad tool might (`JSONDamage`); a folder made a document
    /// keeps its children.
    private func damaged(_ text: String, _ random: inout SeededGenerator) -> String {
        JSONDamage.damaged(text, fields: ["\"id\"", "\"kind\"", "\"title\"", "\"path\"", "\"role\"", "\"keywords\"",
                                          "\"includeInCompile\"", "\"target\"", "\"custom\"", "\"children\"", "\"synopsis\""],
                           replacements: ["null", "1", "2.5", "1e20", "true", "\"x\"", "[]", "[1]", "[\"a\"]", "{}", "\"note\"", "\"document\""],
                           renames: ["\"renamed0\"", "\"renamed1\"", "\"renamed2\""], &random)
    }
}
