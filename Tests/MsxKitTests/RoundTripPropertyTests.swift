import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// Parse -> write -> parse is a fixpoint, and writing an unchanged document changes no byte.
final class RoundTripPropertyTests: SeededTestCase {
    func testSidecarWriteReadWriteIsByteIdentical() throws {
        var generator = DocumentGenerator(random: seededGenerator(11))
        for iteration in 0..<scaled(150) {
            let markdown = generator.markdown(paragraphs: Int.random(in: 1...12, using: &generator.random))
            let document = MarkdownDocument(markdown)
            let formatting = generator.formatting(for: document.blocks.map(\.text))
            let json = formatting.sidecar(texts: document.blocks.map(\.text)).json
            let reread = RichDocument(markdown: document, sidecar: try Sidecar(json: json, file: "gen.attrs.json"))
            XCTAssertEqual(reread.formatting, formatting, "iteration \(iteration)")
            XCTAssertFalse(reread.sidecarIsStale)
            XCTAssertEqual(reread.sidecar.json, json, "iteration \(iteration): rewrite changed bytes")
            XCTAssertTrue(reread.lostFormatting.isEmpty)
        }
    }

    func testMarkdownParseIsStableAndResolvedModelCoversTheText() {
        var generator = DocumentGenerator(random: seededGenerator(12))
        let styles = StyleSheet(manifest: try! Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": []}"))
        for _ in 0..<scaled(150) {
            let markdown = generator.markdown(paragraphs: Int.random(in: 1...12, using: &generator.random))
            let first = MarkdownDocument(markdown)
            let second = MarkdownDocument(first.sourceText)
            XCTAssertEqual(first.blocks.map(\.text), second.blocks.map(\.text))
            XCTAssertTrue(first.blocks.allSatisfy(\.isSourceMapped) || first.blocks.contains { $0.kind == .codeBlock })
            for paragraph in richDocument(markdown).resolved(with: styles) {
                XCTAssertEqual(paragraph.runs.map(\.text).joined(), paragraph.text)
            }
        }
    }

    func testFormattingNeverChangesTextAndLandsOnTheWords() throws {
        var generator = DocumentGenerator(random: seededGenerator(13))
        let styles = StyleSheet(manifest: try! Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": []}"))
        let keys: [(AttributeKey, JSONValue)] = [(.bold, true), (.italic, true), (.strikethrough, true), (.bold, false),
                                          (.italic, false), (.underline, "double"), (.fontSize, 20)]
        for iteration in 0..<scaled(300) {
            let markdown = generator.markdown(paragraphs: Int.random(in: 1...6, using: &generator.random))
            let document = richDocument(markdown)
            let texts = document.paragraphTexts
            guard let p = texts.indices.filter({ !texts[$0].isEmpty }).randomElement(using: &generator.random) else { continue }
            let length = texts[p].utf16.count
            let start = Int.random(in: 0..<length, using: &generator.random)
            let range = texts[p].widenedToGraphemes(start..<min(length, start + Int.random(in: 1...15, using: &generator.random)))
            let (key, value) = keys.randomElement(using: &generator.random)!
            var formatter = DocumentFormatter(document: document, styles: styles)
            try formatter.apply(FormatRequest(selection: .paragraphs(1...1), character: [key: value]), to: [(p, range)])
            let result = formatter.result
            let reparsed = MarkdownDocument(result.markdown.sourceText)
            XCTAssertEqual(reparsed.blocks.map(\.text), texts, "iteration \(iteration): text changed\n\(markdown)")
            let resolved = RichDocument(markdown: reparsed, formatting: result.formatting, keeping: result).resolved(with: styles)[p]
            let words = trimmed(range, in: texts[p]) ?? range
            for run in resolved.runs where run.range.overlaps(key == .bold || key == .italic || key == .strikethrough ? words : range) {
                XCTAssertEqual(run.attributes[key], value, "iteration \(iteration): \(key) not on \(run.text)\n\(markdown)")
            }
        }
    }
}
