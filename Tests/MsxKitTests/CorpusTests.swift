import MsxTestSupport
import XCTest
import MsxActions
@testable import MsxCLI
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// The golden corpus: real-style Markdown files whose model (`show --as json`) is checked in, and on which
/// formatting one word changes only that word's bytes. `MSX_RECORD=1` rewrites the expected models.
final class CorpusTests: XCTestCase {
    private let corpus = packageRoot.appendingPathComponent("Tests/MsxKitTests/Fixtures/corpus")
    private let expected = packageRoot.appendingPathComponent("Tests/MsxKitTests/Fixtures/expected")
    private let styles = StyleSheet(manifest: try! Manifest(
        json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": [], \"defaults\": {\"fontFamily\": \"Palatino\", \"fontSize\": 13, \"lineHeightMultiple\": 1.2, \"firstLineHeadIndent\": 36}}"))

    private func corpusFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func testModelsMatchTheCheckedInExpectations() throws {
        let files = try corpusFiles()
        XCTAssertGreaterThanOrEqual(files.count, 15)
        for file in files {
            let text = try FileIO.readText(file, displayPath: file.lastPathComponent)
            let document = richDocument(text)
            var model = ""
            DocumentJSON.write(document, sheet: styles, node: nil, warnings: document.lostFormatting.map(FormattingLossWording.line)) {
                model += String(decoding: $0, as: UTF8.self)
            }
            let expectedURL = expected.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".json")
            Fixture.assertMatches(model, expectedURL, "\(file.lastPathComponent)'s model")
        }
    }

    func testFormattingOneWordChangesOnlyThatWordsBytes() throws {
        for file in try corpusFiles() {
            let text = try FileIO.readText(file, displayPath: file.lastPathComponent)
            let document = richDocument(text)
            let texts = document.paragraphTexts
            for (p, block) in document.markdown.blocks.enumerated() where block.kind != .codeBlock {
                guard let word = uniqueWord(in: texts[p], document: document.text) else { continue }
                var formatter = DocumentFormatter(document: document, styles: styles)
                let targets = try DocumentFormatter.targets(of: .match(word, occurrence: .only), in: texts, title: file.lastPathComponent)
                try formatter.apply(FormatRequest(selection: .match(word, occurrence: .only), character: [.bold: true]), to: targets)
                let old = document.markdown.source
                let new = formatter.result.markdown.source
                XCTAssertEqual(formatter.result.markdown.blocks.map(\.text), texts)
                if new == old {
                    XCTAssertFalse(formatter.result.formatting.paragraphs[p].runs.isEmpty, "\(file.lastPathComponent): '\(word)' lost")
                    continue
                }
                let extra = insertedBytes(old, new)
                XCTAssertNotNil(extra, "\(file.lastPathComponent): '\(word)' changed bytes other than insertions")
                XCTAssertEqual(extra.map { String(decoding: $0, as: UTF8.self) }.map { $0 == "****" || $0 == "____" }, true,
                               "\(file.lastPathComponent): '\(word)' inserted \(extra.map { String(decoding: $0, as: UTF8.self) } ?? "?")")
            }
        }
    }

    func testEveryCorpusParagraphIsMappedToItsBytes() throws {
        for file in try corpusFiles() {
            let document = MarkdownDocument(try FileIO.readText(file, displayPath: file.lastPathComponent))
            // (Code and raw HTML blocks are literal: their text is not spliced, so it needs no byte map.)
            for (i, block) in document.blocks.enumerated() where ![.codeBlock, .htmlBlock, .thematicBreak].contains(block.kind) {
                XCTAssertTrue(block.isSourceMapped, "\(file.lastPathComponent) paragraph \(i + 1) '\(block.text.prefix(40))' is not mapped")
            }
        }
    }

    /// The first word of at least four letters that occurs once in the whole document.
    private func uniqueWord(in paragraph: String, document: String) -> String? {
        paragraph.split(whereSeparator: { !$0.isLetter }).map(String.init).first { word in
            word.count >= 4 && document.utf16Occurrences(of: word).count == 1
        }
    }

    /// The bytes `new` adds to `old` if `old` is a subsequence of `new`; nil otherwise.
    private func insertedBytes(_ old: [UInt8], _ new: [UInt8]) -> [UInt8]? {
        var extra: [UInt8] = []
        var i = 0
        for byte in new {
            if i < old.count && old[i] == byte { i += 1 } else { extra.append(byte) }
        }
        return i == old.count ? extra : nil
    }
}
