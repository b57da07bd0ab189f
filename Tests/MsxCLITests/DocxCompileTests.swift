import Foundation
import XCTest

/// `compile --format docx` writes a WordprocessingML package that LibreOffice, an
/// independent reader, opens with the words and the formatting: emphasis, underline, strikethrough, colours,
/// alignment, headings as headings, lists as lists, footnotes as footnotes, links as links, title and author.
final class DocxCompileTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }
    private var stormID = ""

    /// The book's root, with the document Storm (its id is `stormID`).
    private func formattedBook() throws -> URL {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        stormID = try addDocument("Storm", """
            # The Storm

            It was *dark* and **cold** over the ~~old~~ harbour.^[Not the new one.]

            Steps to [the light](https://example.com/light?a=1&b=2):

            1. climb
            2. wait

            - rope
            - lamp
            """ + "\n", to: root).id
        try addDocument("Calm", "The sea was calm.\n", to: root)
        try expect(0, "format", "Storm", "--match", "harbour", "--color", "darkred", "--underline=double", in: root)
        try expect(0, "format", "Storm", "--match", "cold", "--highlight", "yellow", in: root)
        try expect(0, "format", "Storm", "--paragraph", "2", "--align", "center", in: root)
        return root
    }

    /// The `.docx` converted by LibreOffice to `format` (html, txt:Text), as text.
    private func libreOffice(_ docx: URL, to format: String, extension suffix: String) throws -> String {
        try LibreOffice.text(docx, to: format, extension: suffix, in: scratch)
    }

    func testLibreOfficeReadsTheWordsAndTheFormatting() throws {
        let root = try formattedBook()
        let docx = scratch.appendingPathComponent("storm.docx")
        let compiled = try expect(0, "compile", "--out", docx.path, "--json", in: root).json()
        XCTAssertEqual(compiled["format"] as? String, "docx")
        // A ZIP package whose first bytes say so, and whose parts are all well-formed XML (checked below by the reader).
        let bytes = try Data(contentsOf: docx)
        XCTAssertEqual(Array(bytes.prefix(2)), [0x50, 0x4B])
        let text = try libreOffice(docx, to: "txt:Text", extension: "txt")
        for words in ["The Storm", "It was dark and cold over the old harbour.", "climb", "wait", "rope", "lamp"] {
            XCTAssertTrue(text.contains(words), "\(words) not in:\n\(text)")
        }
        let html = try libreOffice(docx, to: "html", extension: "html")
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        XCTAssertTrue(html.range(of: "<h1[^>]*>.*The Storm", options: [.regularExpression, .caseInsensitive]) != nil, "heading: \(html)")
        XCTAssertTrue(html.range(of: "<i>dark</i>", options: .caseInsensitive) != nil, "italic: \(html)")
        XCTAssertTrue(html.range(of: "<u[^>]*>(<[^>]*>)*harbour<", options: [.regularExpression, .caseInsensitive]) != nil
            || html.range(of: "double[^>]*>(<[^>]*>)*harbour", options: [.regularExpression, .caseInsensitive]) != nil, "underline: \(html)")
        // Tags around a word, in any order and with LibreOffice's font tags between.
        func marked(_ tag: String, _ word: String) -> Bool {
            html.range(of: "<\(tag)>(<[^>]*>)*\(word)<", options: [.regularExpression, .caseInsensitive]) != nil
        }
        XCTAssertTrue(marked("b", "cold"), "bold: \(html)")
        XCTAssertTrue(marked("strike", "old") || marked("s", "old"), "strikethrough: \(html)")
        XCTAssertTrue(html.contains("Not the new one."), "footnote text: \(html)")
        XCTAssertTrue(html.range(of: "#8b0000", options: .caseInsensitive) != nil, "colour: \(html)")
        XCTAssertTrue(html.range(of: "#ffff00", options: .caseInsensitive) != nil, "background: \(html)")
        XCTAssertTrue(html.range(of: "align=\"center\"|text-align: center", options: [.regularExpression, .caseInsensitive]) != nil, "centred: \(html)")
        XCTAssertTrue(html.range(of: "<ol", options: .caseInsensitive) != nil, "numbered list: \(html)")
        XCTAssertTrue(html.range(of: "<ul", options: .caseInsensitive) != nil, "bulleted list: \(html)")
        XCTAssertTrue(html.contains("https://example.com/light?a=1&amp;b=2"), "link: \(html)")
        XCTAssertTrue(html.range(of: "sdfootnote", options: .caseInsensitive) != nil, "footnote: \(html)")
        // Each document inside a bookmark named by its binder id (LibreOffice's own XML keeps every bookmark).
        let flat = try libreOffice(docx, to: "fodt", extension: "fodt")
        XCTAssertTrue(flat.contains("<text:bookmark-start text:name=\"msx_\(stormID)\"/>"), "bookmark: \(flat)")
        XCTAssertTrue(flat.contains("<text:bookmark-end text:name=\"msx_\(stormID)\"/>"), "bookmark end: \(flat)")
        XCTAssertTrue(text.contains("The sea was calm."), text)
        XCTAssertTrue(html.range(of: "<title>Test Book</title>", options: .caseInsensitive) != nil
            || html.range(of: "content=\"Test Book\"", options: .caseInsensitive) != nil, "title: \(html.prefix(600))")
    }

    /// The manuscript preset: Times New Roman throughout, double-spaced, and the running header "Surname / TITLE /
    /// page" on every page but the title page.
    func testTheManuscriptPresetHasItsRunningHeader() throws {
        let root = try formattedBook()
        let docx = scratch.appendingPathComponent("manuscript.docx")
        try expect(0, "compile", "--out", docx.path, "--preset", "manuscript", in: root)
        let flat = try libreOffice(docx, to: "fodt", extension: "fodt")
        XCTAssertTrue(flat.contains("Lovelace / TEST BOOK / </text:span>") && flat.contains("<text:page-number"), "header: \(flat)")
        // LibreOffice gives the title page a master page of its own, whose header is empty.
        XCTAssertEqual(flat.components(separatedBy: "<style:header>").count - 1, 2, "two headers: \(flat)")
        XCTAssertEqual(flat.components(separatedBy: "Lovelace / TEST BOOK").count - 1, 1, "one header with text: \(flat)")
        XCTAssertTrue(flat.contains("Times New Roman"), flat)
        let text = try libreOffice(docx, to: "txt:Text", extension: "txt")
        XCTAssertTrue(text.contains("about 100 words") && text.contains("END"), text)
    }

    /// A `.docx` is not text: it goes to a file, never to standard output.
    func testPicturesAreInTheDocument() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Map", "The island: ![map](map.png) and a missing one ![gone](gone.png).\n", to: root)
        try Data(base64Encoded: EpubCompileTests.onePixelPNG)!.write(to: root.appendingPathComponent("contents/draft/map.png"))
        let docx = scratch.appendingPathComponent("map.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        let html = try libreOffice(docx, to: "html", extension: "html")
        XCTAssertEqual(html.components(separatedBy: "<img").count - 1, 1, html)
        XCTAssertTrue(html.range(of: "<img[^>]*width=\"1\" height=\"1\"", options: .regularExpression) != nil, html)
        XCTAssertFalse(html.contains("\u{FFFC}"), html)
    }

    func testADocxNeedsAnOutputFile() throws {
        let root = try formattedBook()
        let refused = try expect(64, "compile", "--format", "docx", "--json", in: root).json()
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? String, "missing-destination", "\(refused)")
        // The same manuscript compiles to the same bytes.
        let (a, b) = (scratch.appendingPathComponent("a.docx"), scratch.appendingPathComponent("b.docx"))
        try expect(0, "compile", "--out", a.path, in: root)
        try expect(0, "compile", "--out", b.path, in: root)
        XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b))
    }
}
