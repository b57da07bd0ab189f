import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// Mutated real-style Markdown (markup characters, line ends, Unicode sprinkled in at random): parsing never
/// crashes, every block maps to bytes or falls back cleanly, and formatting never changes a word.
final class MarkdownFuzzTests: SeededTestCase {
    private let styles = StyleSheet(manifest: try! Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": []}"))
    private let pieces = ["*", "**", "_", "__", "~", "~~", "`", "``", "[", "]", "(", ")", "![", "<", ">", "\\", "&amp;",
                          "&", "#", "- ", "1. ", "> ", "\n", "\r\n", "\n\n", "  \n", "|", "---", "```", "\t", " ", "é", "🌊",
                          "e\u{301}", "[x] ", "<u>", "http://x.y", "www.a.b", "&#8212;", "\u{0}"]

    func testMutatedCorpusParsesAndFormatsWithoutChangingText() throws {
        let corpus = packageRoot.appendingPathComponent("Tests/MsxKitTests/Fixtures/corpus")
        let sources = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .map { try FileIO.readText($0, displayPath: $0.lastPathComponent) }
        var random = seededGenerator(31)
        for iteration in 0..<scaled(300) {
            var text = sources.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let scalars = Array(text.unicodeScalars)
                let at = Int.random(in: 0...scalars.count, using: &random)
                var mutated = String.UnicodeScalarView(scalars[..<at])
                mutated.append(contentsOf: pieces.randomElement(using: &random)!.unicodeScalars)
                let cut = Int.random(in: 0..<3, using: &random) == 0 ? min(scalars.count, at + Int.random(in: 1...5, using: &random)) : at
                mutated.append(contentsOf: scalars[cut...])
                text = String(mutated)
            }
            let document = richDocument(text)
            let texts = document.paragraphTexts
            for paragraph in document.resolved(with: styles) {
                XCTAssertEqual(paragraph.runs.map(\.text).joined(), paragraph.text, "iteration \(iteration)")
            }
            guard let p = texts.indices.filter({ !texts[$0].isEmpty }).randomElement(using: &random) else { continue }
            let length = texts[p].utf16.count
            let start = Int.random(in: 0..<length, using: &random)
            let range = texts[p].widenedToGraphemes(start..<min(length, start + Int.random(in: 1...20, using: &random)))
            let key = [AttributeKey.bold, .italic, .strikethrough].randomElement(using: &random)!
            var formatter = DocumentFormatter(document: document, styles: styles)
            try formatter.apply(FormatRequest(selection: .paragraphs(1...1), character: [key: .bool(Bool.random(using: &random))]), to: [(p, range)])
            let style = ["Heading 2", "Block Quote", "Body"].randomElement(using: &random)!
            try formatter.apply(FormatRequest(selection: .paragraphs(1...1), paragraph: [.style: .string(style)]), to: [(p, range)])
            XCTAssertEqual(MarkdownDocument(formatter.result.markdown.sourceText).blocks.map(\.text), texts,
                           "iteration \(iteration): formatting changed the text")
        }
    }
}
