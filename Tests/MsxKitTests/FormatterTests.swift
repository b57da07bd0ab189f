import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

final class FormatterTests: XCTestCase {
    private let styles = StyleSheet(manifest: try! Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": []}"))

    /// Formats `markdown` and returns the new Markdown source and the resulting model.
    private func format(_ markdown: String, _ request: FormatRequest) throws -> (String, RichDocument) {
        let document = richDocument(markdown)
        let targets = try DocumentFormatter.targets(of: request.selection, in: document.paragraphTexts, title: "t")
        var formatter = DocumentFormatter(document: document, styles: styles)
        try formatter.apply(try request.validated(), to: targets)
        return (formatter.result.markdown.sourceText, formatter.result)
    }

    private func match(_ text: String, _ character: Attributes = [:], paragraph: Attributes = [:]) -> FormatRequest {
        FormatRequest(selection: .match(text, occurrence: .only), character: character, paragraph: paragraph)
    }

    func testBoldOnOneWordInsertsOnlyDelimiters() throws {
        let (md, _) = try format("Then the storm came.\n", match("storm", [.bold: true]))
        XCTAssertEqual(md, "Then the **storm** came.\n")
    }

    func testTheWritersDelimiterStyleIsKept() throws {
        let (md, _) = try format("A __bold__ start, the storm came.\n", match("storm", [.bold: true]))
        XCTAssertEqual(md, "A __bold__ start, the __storm__ came.\n")
    }

    func testBoldOverlappingExistingBoldMerges() throws {
        let (md, doc) = try format("the **storm** is here\n", match("the storm", [.bold: true]))
        XCTAssertEqual(md, "**the storm** is here\n")
        XCTAssertEqual(doc.markdown.blocks[0].spans, [InlineSpan(range: 0..<9, attribute: .bold)])
    }

    func testRemovingBoldFromTheMiddleSplitsTheSpan() throws {
        let (md, _) = try format("**the storm is here**\n", match("storm", [.bold: false]))
        XCTAssertEqual(md, "**the** storm **is here**\n")
    }

    func testIntrawordBoldUsesStars() throws {
        let (md, _) = try format("A __x__ thunderstorm.\n", match("storm", [.bold: true]))
        XCTAssertEqual(md, "A __x__ thunder**storm**.\n")
    }

    func testBoldInsideCodeGoesToTheSidecar() throws {
        let (md, doc) = try format("Run `make storm` now.\n", match("storm", [.bold: true]))
        XCTAssertEqual(md, "Run `make storm` now.\n")
        XCTAssertEqual(doc.formatting.paragraphs[0].runs, [FormatRun(range: 9..<14, attributes: [.bold: true])])
    }

    func testItalicNextToEmphasisNests() throws {
        let (md, doc) = try format("the *storm* came\n", match("the storm", [.bold: true]))
        XCTAssertTrue(doc.markdown.blocks[0].spans.contains(InlineSpan(range: 0..<9, attribute: .bold)))
        XCTAssertTrue(doc.markdown.blocks[0].spans.contains(InlineSpan(range: 4..<9, attribute: .italic)))
        XCTAssertTrue(md.hasSuffix(" came\n"))
    }

    func testSidecarAttributesAndColourNormalization() throws {
        let (md, doc) = try format("the storm\n", match("storm", [.underline: "double", .foregroundColor: "#8b0000"]))
        XCTAssertEqual(md, "the storm\n")
        XCTAssertEqual(doc.formatting.paragraphs[0].runs, [
            FormatRun(range: 4..<9, attributes: [.underline: "double", .foregroundColor: "#8B0000"]),
        ])
        let sidecar = doc.sidecar
        XCTAssertEqual(sidecar.paragraphs[0].runs[0].text, "storm")
        XCTAssertEqual(sidecar.paragraphs[0].runs[0].before, "the ")
    }

    func testHeadingStyleWritesHashesAndBodyRemovesThem() throws {
        let (md, _) = try format("One\ntwo\n\nNext\n", FormatRequest(selection: .paragraphs(1...1), paragraph: [.style: "Heading 2"]))
        XCTAssertEqual(md, "## One two\n\nNext\n")
        let (body, _) = try format("### Title\n\nText\n", FormatRequest(selection: .paragraphs(1...1), paragraph: [.style: "Body"]))
        XCTAssertEqual(body, "Title\n\nText\n")
        let (setext, _) = try format("Title\n=====\nText\n", FormatRequest(selection: .paragraphs(1...1), paragraph: [.style: "Heading 3"]))
        XCTAssertEqual(setext, "### Title\nText\n")
    }

    func testBlockQuoteStyleAndBack() throws {
        let (md, _) = try format("A\nB\n\nC\n", FormatRequest(selection: .paragraphs(1...1), paragraph: [.style: "Block Quote"]))
        XCTAssertEqual(md, "> A\n> B\n\nC\n")
        let (back, _) = try format(md, FormatRequest(selection: .paragraphs(1...1), paragraph: [.style: "Body"]))
        XCTAssertEqual(back, "A\nB\n\nC\n")
    }

    func testChecklistAndListFormats() throws {
        let (md, _) = try format("Buy rope\n", FormatRequest(selection: .paragraphs(1...1), paragraph: [.checklist: "unchecked"]))
        XCTAssertEqual(md, "- [ ] Buy rope\n")
        let (checked, _) = try format(md, FormatRequest(selection: .paragraphs(1...1), paragraph: [.checklist: "checked"]))
        XCTAssertEqual(checked, "- [x] Buy rope\n")
        let (roman, doc) = try format("Item\n", FormatRequest(selection: .paragraphs(1...1), paragraph: [.listFormat: "lowercaseRoman"]))
        XCTAssertEqual(roman, "1. Item\n")
        XCTAssertEqual(doc.formatting.paragraphs[0].attributes[.listFormat], "lowercaseRoman")
    }

    func testCRLFAndOtherBytesSurvive() throws {
        let source = "First  line\r\nwraps here.\r\n\r\n* bullet\r\n"
        let (md, _) = try format(source, match("wraps", [.italic: true]))
        XCTAssertEqual(md, "First  line\r\n*wraps* here.\r\n\r\n* bullet\r\n")
    }

    func testSelectionErrors() {
        let texts = ["the storm and the sea"]
        XCTAssertThrowsError(try DocumentFormatter.targets(of: .match("the", occurrence: .only), in: texts, title: "t")) {
            XCTAssertEqual(($0 as? MsxError)?.code, .ambiguousMatch)
        }
        XCTAssertThrowsError(try DocumentFormatter.targets(of: .match("cat", occurrence: .only), in: texts, title: "t")) {
            XCTAssertEqual(($0 as? MsxError)?.code, .noMatch)
        }
        XCTAssertThrowsError(try DocumentFormatter.targets(of: .paragraphs(2...2), in: texts, title: "t"))
        XCTAssertEqual(try DocumentFormatter.targets(of: .match("the", occurrence: .all), in: texts, title: "t").count, 2)
        XCTAssertEqual(try DocumentFormatter.targets(of: .range(2..<4), in: ["ab", "cd"], title: "t").count, 1)
    }

    func testRangeSpanningParagraphsIsSplitAndWidened() throws {
        let pieces = try DocumentFormatter.targets(of: .range(1..<6), in: ["a🌊", "bcd"], title: "t")
        XCTAssertEqual(pieces.map(\.0), [0, 1])
        XCTAssertEqual(pieces[0].1, 1..<3)
        XCTAssertEqual(pieces[1].1, 0..<2)
    }
}
