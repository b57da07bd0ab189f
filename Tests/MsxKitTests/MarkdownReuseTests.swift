import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// A new version of a file read with the blocks of an earlier one (`MarkdownReuse`). The oracle is the new version
/// read on its own: every block (kind, text, spans, lines, source bytes, delimiters, list and quote context) must
/// come out the same, whatever the edit, and pieces the edit left alone must be taken from the earlier version.
final class MarkdownReuseTests: SeededTestCase {
    /// Constructs that change how the text around them reads, put in by edits.
    private let pieces = ["*", "**", "_", "`", "```", "~~~", "\n", "\n\n", "- ", "1. ", "> ", "    ", "<!-- ", "-->", "[a]: /u",
                          "| a | b |\n|---|---|\n", "#", "<div>", "é", "Word", "\t", "\r\n", "  - ```", "[x] ", "Word\n===\n",
                          "\n\nA new paragraph.\n\n", "^[a note]", "---\n", "[link](/u)", "\n\n- item\n- item\n\n"]

    private func assertSameBlocks(_ new: [UInt8], reusing old: [UInt8], sourceMap: Bool, _ context: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let earlier = MarkdownDocument(bytes: old, sourceMap: sourceMap)
        let fresh = MarkdownDocument(bytes: new, sourceMap: sourceMap)
        let reused = MarkdownDocument(bytes: new, sourceMap: sourceMap, reusing: earlier)
        XCTAssertEqual(reused.blocks.count, fresh.blocks.count, context, file: file, line: line)
        for (a, b) in zip(Self.listsInOrder(reused.blocks), Self.listsInOrder(fresh.blocks)) where "\(a)" != "\(b)" {
            XCTFail("\(context): \(a)\n  read alone: \(b)", file: file, line: line)
            return
        }
    }

    /// The blocks with each list's identity replaced by its place among the lists met: an identity says which items
    /// are of one list, and a list nothing visible is read from (its only item an HTML comment) takes a number in a
    /// file read whole and none in a piece taken from an earlier version.
    private static func listsInOrder(_ blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        var places: [Int: Int] = [:]
        return blocks.map { block in
            var block = block
            if let identity = block.list?.identity {
                block.list!.identity = places[identity] ?? places.count
                places[identity] = block.list!.identity
            }
            return block
        }
    }

    /// The stretches of `new` cmark reads when the earlier version gives what it can; nil when it gives nothing.
    private static func piecesRead(_ new: [UInt8], reusing earlier: MarkdownDocument, sourceMap: Bool) -> [Range<Int>]? {
        let starts = MarkdownDocument.lineStarts(of: new), body = MarkdownDocument.frontMatterLength(new, lineStarts: starts)
        var read: [Range<Int>] = []
        let blocks = MarkdownReuse.blocks(of: new, lineStarts: starts, body: body, sourceMap: sourceMap, isUTF8: false,
                                          chunkSize: MarkdownChunks.size, reusing: earlier) { piece in
            read.append(piece)
            return MarkdownDocument.blocks(of: new, piece, body: body, lineStarts: starts, sourceMap: sourceMap, isUTF8: false)
        }
        return blocks == nil ? nil : read
    }

    /// A document of `paragraphs` paragraphs with constructs most likely to upset a cut put anywhere in it.
    private func randomDocument(_ random: inout SeededGenerator, paragraphs: ClosedRange<Int>, insertions: ClosedRange<Int>) -> [UInt8] {
        var generator = DocumentGenerator(random: SeededGenerator(seed: random.next()))
        var bytes = Array(generator.markdown(paragraphs: Int.random(in: paragraphs, using: &random)).utf8)
        for _ in 0..<Int.random(in: insertions, using: &random) { insert(&bytes, &random) }
        return bytes
    }

    /// One of the pieces put in at a line start or anywhere (inside a multi-byte character too: the bytes then read
    /// with U+FFFD, as a file that is not UTF-8 does).
    private func insert(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
        let starts = MarkdownDocument.lineStarts(of: bytes)
        let at = Bool.random(using: &random) ? starts.randomElement(using: &random)! : Int.random(in: 0...bytes.count, using: &random)
        bytes.insert(contentsOf: Array(pieces.randomElement(using: &random)!.utf8), at: at)
    }

    /// An edit a writer or a tool makes: words put in, a stretch cut out, a paragraph moved, front matter added or
    /// changed, the end of the file changed.
    private func edited(_ old: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = old
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let starts = MarkdownDocument.lineStarts(of: bytes)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                insert(&bytes, &random)
            case 1 where !bytes.isEmpty:
                let from = Int.random(in: 0..<bytes.count, using: &random)
                bytes.removeSubrange(from..<min(bytes.count, from + Int.random(in: 1...40, using: &random)))
            case 2 where starts.count > 3:
                // A run of lines moved elsewhere.
                let first = Int.random(in: 0..<(starts.count - 1), using: &random)
                let last = min(starts.count - 1, first + Int.random(in: 1...4, using: &random))
                let moved = Array(bytes[starts[first]..<starts[last]])
                bytes.removeSubrange(starts[first]..<starts[last])
                let remaining = MarkdownDocument.lineStarts(of: bytes)
                bytes.insert(contentsOf: moved, at: remaining.randomElement(using: &random)!)
            case 3:
                bytes = Array((["---\ntitle: A\n---\n", "---\ntitle: Longer title\n---\n", ""].randomElement(using: &random)!).utf8)
                    + (bytes.starts(with: Array("---\n".utf8)) ? Array(bytes.dropFirst(min(bytes.count, 4))) : bytes)
            case 4:
                bytes += Array((["\nThe end.\n", "", "\n\n- last\n", "\n```\n"].randomElement(using: &random)!).utf8)
            default:
                // One word of a paragraph changed: the edit most versions are.
                guard let at = bytes.indices.filter({ bytes[$0] == 0x20 }).randomElement(using: &random) else { continue }
                bytes.insert(contentsOf: Array("quietly ".utf8), at: at + 1)
            }
        }
        return bytes
    }

    func testANewVersionReadsAsItWouldAlone() {
        var random = seededGenerator(20261201)
        var reusedSomewhere = 0
        for iteration in 0..<scaled(300) {
            let old = randomDocument(&random, paragraphs: 3...40, insertions: 0...4)
            let new = edited(old, &random)
            let sourceMap = Bool.random(using: &random)
            assertSameBlocks(new, reusing: old, sourceMap: sourceMap, "iteration \(iteration), source map \(sourceMap)")
            let earlier = MarkdownDocument(bytes: old, sourceMap: sourceMap)
            if Self.piecesRead(new, reusing: earlier, sourceMap: sourceMap) != nil { reusedSomewhere += 1 }
        }
        XCTAssertGreaterThan(reusedSomewhere, scaled(300) / 3, "too few new versions took any piece from the earlier one")
    }

    /// A long chapter with one word changed: only the pieces around the edited paragraph are read again (a piece
    /// runs from a paragraph that starts with a letter to the next), and a version read another way (with or without
    /// the source map) gives nothing.
    func testOnlyTheEditedPiecesAreReadAgain() {
        var generator = DocumentGenerator(random: seededGenerator(7))
        let paragraphs = (0..<200).map { _ in generator.inline() }
        let old = Array(paragraphs.joined(separator: "\n\n").utf8)
        var edited = paragraphs
        edited[120] = "Quietly, " + edited[120]
        let new = Array(edited.joined(separator: "\n\n").utf8)
        let starts = MarkdownDocument.lineStarts(of: new)
        let read = Self.piecesRead(new, reusing: MarkdownDocument(bytes: old), sourceMap: true)
        XCTAssertEqual(read?.count, 1)
        XCTAssertTrue(read?.first?.contains(starts[2 * 120]) ?? false, "the edited paragraph is read")
        XCTAssertLessThan(read?.first?.count ?? .max, new.count / 20, "more than the pieces around the edit were read")
        XCTAssertNil(Self.piecesRead(new, reusing: MarkdownDocument(bytes: old, sourceMap: false), sourceMap: true),
                     "an earlier version read without its source map")
        assertSameBlocks(new, reusing: old, sourceMap: true, "one word changed")
    }
}
