import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// A long file is read by cmark in pieces (`MarkdownChunks`), so only one piece's tree is held at a
/// time. The oracle is the whole file read at once: every block (kind, text, spans, lines, source bytes, list and
/// quote context) must come out the same, cut into pieces as small as cutting allows.
final class MarkdownChunkingTests: SeededTestCase {
    private let corpus = packageRoot.appendingPathComponent("Tests/MsxKitTests/Fixtures/corpus")
    private let pieces = ["*", "**", "_", "`", "```", "~~~", "\n", "\n\n", "- ", "1. ", "> ", "    ", "<!-- ", "-->", "[a]: /u",
                          "| a | b |\n|---|---|\n", "#", "<div>", "é", "Word", "\t", "\r\n", "  - ```", "[x] ", "Word\n===\n"]

    private func assertSameBlocks(_ text: String, size: Int, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let whole = MarkdownDocument(bytes: bytes, chunkSize: .max)
        let cut = MarkdownDocument(bytes: bytes, chunkSize: size)
        XCTAssertEqual(cut.blocks.count, whole.blocks.count, context, file: file, line: line)
        for (a, b) in zip(cut.blocks, whole.blocks) where "\(a)" != "\(b)" {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let around = lines[max(0, a.lines.lowerBound - 3)..<min(lines.count, a.lines.upperBound + 3)].joined(separator: "\n")
            XCTFail("\(context): \(a)\n  whole: \(b)\n  source around it:\n\(around)", file: file, line: line)
            return
        }
    }

    /// A generated document with `insertions` of the constructs most likely to upset a cut put anywhere in it.
    private func randomDocument(_ random: inout SeededGenerator, paragraphs: ClosedRange<Int>, insertions: ClosedRange<Int>) -> String {
        var generator = DocumentGenerator(random: SeededGenerator(seed: random.next()))
        var text = generator.markdown(paragraphs: Int.random(in: paragraphs, using: &random))
        for _ in 0..<Int.random(in: insertions, using: &random) {
            let scalars = Array(text.unicodeScalars)
            let at = Int.random(in: 0...scalars.count, using: &random)
            text = String(String.UnicodeScalarView(scalars[..<at])) + pieces.randomElement(using: &random)!
                + String(String.UnicodeScalarView(scalars[at...]))
        }
        return text
    }

    func testTheCorpusReadsTheSameInPieces() throws {
        let files = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil).filter { $0.pathExtension == "md" }
        var all: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            all.append(text)
            assertSameBlocks(text, size: 1, file.lastPathComponent)
        }
        // One long file of every construct, cut wherever it can be.
        let joined = all.joined(separator: "\n\n")
        let bytes = Array(joined.utf8)
        assertSameBlocks(joined, size: 1, "the corpus as one file")
        XCTAssertEqual(MarkdownChunks.ranges(bytes, from: 0, lineStarts: MarkdownDocument.lineStarts(of: bytes), size: 1).count, 1,
                       "the corpus has link reference definitions or HTML comments: read whole")
    }

    func testRandomDocumentsReadTheSameInPieces() {
        var random = seededGenerator(2026)
        var cutSomewhere = 0
        for iteration in 0..<scaled(150) {
            let text = randomDocument(&random, paragraphs: 5...60, insertions: 0...10)
            let bytes = Array(text.utf8)
            let size = [1, 16, 200].randomElement(using: &random)!
            if MarkdownChunks.ranges(bytes, from: 0, lineStarts: MarkdownDocument.lineStarts(of: bytes), size: size).count > 1 {
                cutSomewhere += 1
            }
            assertSameBlocks(text, size: size, "iteration \(iteration), pieces of \(size) bytes")
        }
        XCTAssertGreaterThan(cutSomewhere, scaled(150) / 2, "too few documents were cut at all")
    }

    /// `search --history` reads a file's pieces each on its own (`MarkdownDocument.pieces`), front matter with the
    /// first: their paragraphs' texts, one after the other, are the whole file's.
    func testPiecesReadAloneGiveTheWholeFilesTexts() {
        var random = seededGenerator()
        for iteration in 0..<scaled(100) {
            var text = randomDocument(&random, paragraphs: 5...40, insertions: 0...6)
            if Bool.random(using: &random) { text = "---\ntitle: x\n---\n" + text }
            let bytes = Array(text.utf8)
            let size = [1, 64, 2048].randomElement(using: &random)!
            let read = MarkdownDocument.pieces(of: bytes, size: size).flatMap { MarkdownDocument(bytes: Array($0), sourceMap: false).blocks.map(\.text) }
            XCTAssertEqual(read, MarkdownDocument(bytes: bytes, sourceMap: false).blocks.map(\.text), "iteration \(iteration), pieces of \(size) bytes")
        }
    }
}
