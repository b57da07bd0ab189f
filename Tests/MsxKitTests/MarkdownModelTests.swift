import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

final class MarkdownModelTests: XCTestCase {
    func testBlocksAndTheirTextFollowTheTextModel() {
        let doc = MarkdownDocument("""
            ---
            title: x
            ---
            # The *Storm*

            Then _the storm_ rolled
              in. A `code` span.

            > Quoted and
            lazy.

            - [x] done
            1. first
            ***
            | a | b \\| c |
            |---|---|
            | *x* | y |

            ```
            let x = 1
            ```

            """)
        XCTAssertEqual(doc.frontMatter, "---\ntitle: x\n---\n")
        XCTAssertEqual(doc.blocks.map(\.text), [
            "The Storm", "Then the storm rolled in. A code span.", "Quoted and lazy.", "done", "first", "",
            "a\tb | c", "x\ty", "let x = 1",
        ])
        XCTAssertEqual(doc.blocks.map(\.kind.name), [
            "heading", "paragraph", "paragraph", "listItem", "listItem", "thematicBreak", "tableRow", "tableRow",
            "codeBlock",
        ])
        XCTAssertEqual(doc.blocks[2].quoteDepth, 1)
        XCTAssertEqual(doc.blocks[3].list?.taskChecked, true)
        XCTAssertEqual(doc.blocks[4].list?.ordered, true)
        XCTAssertEqual(doc.text, doc.blocks.map(\.text).joined(separator: "\n"))
    }

    /// Runs marked alike share their attributes, but an address keeps its own bytes: "café" written precomposed in
    /// one link and with a combining accent in the next are two files on Linux, though Swift calls them equal.
    func testRunsKeepTheBytesOfTheirOwnAddresses() throws {
        let styles = StyleSheet(manifest: try Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": []}"))
        let paragraphs = richDocument("[one](caf\u{E9}.md) and *so*\n\n[two](cafe\u{301}.md) and *so*\n").resolved(with: styles)
        let links = paragraphs.map { $0.runs.compactMap { $0.attributes[.link]?.stringValue } }
        XCTAssertEqual(links.map { $0.map { Array($0.utf8) } }, [[Array("caf\u{E9}.md".utf8)], [Array("cafe\u{301}.md".utf8)]])
        XCTAssertEqual(paragraphs.map { $0.runs.map(\.text) }, [["one", " and ", "so"], ["two", " and ", "so"]])
    }

    /// cmark-gfm gives no place to a paragraph whose last line a table took as its header row (its table gets the
    /// paragraph's start): the paragraph keeps every word and its formatting, as cmark-gfm's own output has them,
    /// after another such table too, in a list item, and after front matter.
    func testAParagraphWhoseLastLineATableTookKeepsItsWordsAndFormatting() {
        let table = "| a | b |\n|---|---|\n"
        let paragraph = "sea *gryog* `qwioufbh` and ~~kevhbwf~~ was `kjpmds`"
        for (name, markdown) in [("alone", paragraph + "\n" + table),
                                 ("after another", "p\n" + table + "\n" + paragraph + "\n" + table),
                                 ("in a list item", "- p\n  | a | b |\n  |---|---|\n- " + paragraph + "\n  | a | b |\n  |---|---|\n"),
                                 ("after front matter", "---\ntitle: x\n---\np\n" + table + "\n" + paragraph + "\n" + table)] {
            let doc = MarkdownDocument(markdown, sourceMap: true)
            let block = doc.blocks.first { $0.text.hasPrefix("sea") }
            XCTAssertEqual(block?.text, "sea gryog qwioufbh and kevhbwf was kjpmds", name)
            let spans = Set(block?.spans ?? [])
            XCTAssertTrue(spans.isSuperset(of: [InlineSpan(range: 4..<9, attribute: .italic), InlineSpan(range: 10..<18, attribute: .code),
                                                InlineSpan(range: 23..<30, attribute: .strikethrough),
                                                InlineSpan(range: 35..<41, attribute: .code)]), "\(name): \(spans)")
        }
    }

    func testInlineSpansUseUTF16Offsets() {
        let doc = MarkdownDocument("🌊 **storm** and [a *b*](u)\n")
        let spans = doc.blocks[0].spans
        XCTAssertEqual(doc.blocks[0].text, "🌊 storm and a b")
        XCTAssertTrue(spans.contains(InlineSpan(range: 3..<8, attribute: .bold)))
        XCTAssertTrue(spans.contains(InlineSpan(range: 15..<16, attribute: .italic)))
        XCTAssertTrue(spans.contains(InlineSpan(range: 13..<16, attribute: .link("u"))))
    }

    func testEveryCharacterMapsToItsSourceBytes() {
        let source = "A \\*not\\* &amp; *it*\r\ncontinues  \r\nhere\r\n"
        let doc = MarkdownDocument(source)
        let block = doc.blocks[0]
        XCTAssertEqual(block.text, "A *not* & it continues\u{2028}here")
        XCTAssertTrue(block.isSourceMapped)
        let bytes = Array(source.utf8)
        for (i, unit) in block.text.utf16.enumerated() where unit < 0x80 && unit != 0x20 && unit != 0x2028 {
            let range = block.sourceRanges![i]
            XCTAssertTrue(bytes[range].contains(UInt8(unit)), "unit \(i) maps to \(range)")
        }
    }

    /// Every named reference of HTML (2,125 of them, two of which stand for two characters each in some cases) reads
    /// as cmark reads it, and maps to its own bytes.
    func testEveryNamedEntityMapsToItsBytes() throws {
        let names = HTMLEntity.table.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(names.count, 2_125)
        for name in ["CounterClockwiseContourIntegral", "NotEqualTilde", "fjlig", "nbsp", "amp", "ThickSpace"] {
            let source = "x &\(name); *y*\n"
            let block = MarkdownDocument(source).blocks[0]
            XCTAssertTrue(block.isSourceMapped, name)
            let entity = try XCTUnwrap(HTMLEntity.decode(ArraySlice(Array("&\(name);".utf8))), name)
            XCTAssertEqual(block.text, "x " + String(String.UnicodeScalarView(entity)) + " y", name)
            let start = 2, end = 2 + entity.reduce(0) { $0 + UTF16.width($1) }
            for unit in start..<end { XCTAssertEqual(block.sourceRanges?[unit], 2..<(3 + name.utf8.count + 1), name) }
            XCTAssertTrue(block.spans.contains(InlineSpan(range: (end + 1)..<(end + 2), attribute: .italic)), name)
        }
        let all = names.map { "&\($0);" }.joined(separator: " ")
        XCTAssertTrue(MarkdownDocument(all + "\n").blocks[0].isSourceMapped, "every entity maps")
    }

    func testHardBreakImageAndCRLF() {
        let doc = MarkdownDocument("One\\\r\ntwo ![alt](i.png)\r\n")
        XCTAssertEqual(doc.blocks[0].text, "One\u{2028}two \u{FFFC}")
        XCTAssertTrue(doc.blocks[0].spans.contains(InlineSpan(range: 8..<9, attribute: .image("i.png"))))
    }

    func testEmptyAndFrontMatterOnlyFilesHaveNoParagraphs() {
        XCTAssertEqual(MarkdownDocument("").blocks.count, 0)
        XCTAssertEqual(MarkdownDocument("---\na: 1\n...\n").blocks.count, 0)
    }

    /// Bytes that are not UTF-8 (a blob written by another tool) read as U+FFFD, never as a text made unchecked from
    /// them (the debug build's assertion would stop it), and a text mapped to its source has a source range for
    /// each UTF-16 unit.
    func testBytesThatAreNotUTF8ReadAsReplacementCharacters() {
        let bytes: [UInt8] = Array("A\u{E9}".utf8) + [0xFF] + Array(" b".utf8) + [0xC3] + Array(" d".utf8) + [0xF0, 0x9F]
            + Array("\n\nx ".utf8) + [0xFF, 0xFE] + Array(" y\n".utf8)
        let blocks = MarkdownDocument(bytes: bytes).blocks
        XCTAssertEqual(blocks.map(\.text), ["A\u{E9}\u{FFFD} b\u{FFFD} d\u{FFFD}", "x \u{FFFD}\u{FFFD} y"])
        for block in blocks { if let ranges = block.sourceRanges { XCTAssertEqual(ranges.count, block.text.utf16.count) } }
    }

    func testWordCountIsUnicodeAware() {
        XCTAssertEqual(WordCount.count("The storm — it came, twice."), 5)
        XCTAssertEqual(WordCount.count("日本語の文"), 5)
        XCTAssertEqual(WordCount.count("Tokyo東京 rocks"), 4)
        XCTAssertEqual(WordCount.count("  ... --- "), 0)
        XCTAssertEqual(WordCount.count("don't well-known 42"), 3)
    }

    func testSlugsAreLowercaseASCIIAndUnique() {
        XCTAssertEqual(Slug.make("Chapter 1"), "chapter-1")
        XCTAssertEqual(Slug.make("Éloïse & Ümit"), "eloise-umit")
        XCTAssertEqual(Slug.make("Nell's Boat"), "nells-boat")
        XCTAssertEqual(Slug.make("Straße"), "strasse")
        XCTAssertEqual(Slug.make("!!!"), "untitled")
        XCTAssertEqual(Slug.unique("Chapter 1", taken: ["chapter-1", "chapter-1-2"]), "chapter-1-3")
    }

    func testListFormatSymbols() {
        XCTAssertEqual((0..<4).map { ListFormat.lowercaseRoman.symbol(at: $0) }, ["i.", "ii.", "iii.", "iv."])
        XCTAssertEqual(ListFormat.uppercaseLetter.symbol(at: 26), "AA.")
        XCTAssertEqual(ListFormat.footnoteSymbols.symbol(at: 5), "*")
        XCTAssertEqual(ListFormat.bulletSymbols.symbol(at: 1), "\u{25E6}")
    }

    func testGraphemeWidening() {
        let text = "a👍🏽b"
        XCTAssertEqual(text.widenedToGraphemes(2..<3), 1..<5)
        XCTAssertEqual(text.widenedToGraphemes(0..<1), 0..<1)
    }

    /// Documents read on several threads at once (compile, check, diff) parse exactly as they do one by one, even
    /// with tables, whose parsing changes cmark-gfm's process-wide table of special characters.
    func testParsingOnManyThreadsReadsTheSame() {
        let markdown = (0..<40).map { i in
            "| a | b |\n|---|---|\n| ~~x\(i)~~ | www.example.com/\(i) |\n\nThe ~~storm~~ came at *night* \(i), see www.example.com.\n"
        }.joined(separator: "\n")
        let expected = MarkdownDocument(markdown, sourceMap: false).blocks.map { "\($0.text) \($0.spans)" }
        for _ in 0..<scaled(5) {
            let parsed = Array(repeating: markdown, count: 16).concurrentMap { text in
                MarkdownDocument(text, sourceMap: false).blocks.map { "\($0.text) \($0.spans)" }
            }
            for blocks in parsed { XCTAssertEqual(blocks, expected) }
        }
    }

    /// 15,000 nested quotes, 3,000 nested list items and 5,000 nested links are read, also on worker threads
    /// (512 KiB stacks), without overflowing the stack.
    func testDeeplyNestedDocumentsAreRead() {
        let quotes = String(repeating: "> ", count: 15_000) + "deep words"
        let list = (0..<3_000).map { String(repeating: "  ", count: $0) + "- item\n" }.joined()
        let links = String(repeating: "*[", count: 5_000) + "x" + String(repeating: "]*", count: 5_000)
        let read = [quotes, list, links].concurrentMap { MarkdownDocument($0, sourceMap: false).blocks }
        XCTAssertEqual(read[0].map(\.text), ["deep words"])
        XCTAssertEqual(read[0].first?.quoteDepth, 15_000)
        XCTAssertEqual(read[1].count, 3_000)
        XCTAssertEqual(read[1].last?.list?.depth, 3_000)
        XCTAssertEqual(read[2].count, 1)
    }

    /// `^[...]` written in the Markdown is a footnote (its `^[` and `]` included); escaped, or in code, it is text.
    func testInlineNotesAreFootnotes() {
        let markdown = "A storm^[From the *west*, [they] said.] came. Not \\^[this] nor ^\\[this], nor `^[x]`.\n"
        // The same notes whether or not the document keeps its source map (history reads do not).
        for document in [MarkdownDocument(markdown), MarkdownDocument(markdown, sourceMap: false)] {
            let block = document.blocks[0]
            XCTAssertEqual(block.text, "A storm^[From the west, [they] said.] came. Not ^[this] nor ^[this], nor ^[x].")
            XCTAssertEqual(block.spans.filter { $0.attribute == .footnote }.map(\.range), [7..<37])
        }
        let block = MarkdownDocument(markdown).blocks[0]
        XCTAssertEqual(WordCount.count(block.text), 14, "a note's words count, its ^[ starting a word")
        XCTAssertEqual(WordCount.count("dusk^[It rained.]"), 3)
    }

}
