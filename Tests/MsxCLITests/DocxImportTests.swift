import Foundation
import MsxTestSupport
import XCTest

/// `msx import FILE.docx` brings a Word file back as Markdown + sidecar. msx's own `.docx` comes
/// back with the same text and the same formatting, directly and after LibreOffice has opened and saved it.
final class DocxImportTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// A project whose only draft document, Storm, uses every kind of formatting msx has; returns its root.
    private func formattedBook() throws -> URL {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        // A style of the project's own, with extra leading (which Word has no property for).
        let manifestURL = root.appendingPathComponent("manuscript.json")
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        manifest["styles"] = ["Epigraph": ["alignment": "right", "italic": true, "fontSize": 11, "lineSpacing": 3]]
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: manifestURL)
        try addDocument("Storm", """
            # The *Storm*

            It was *dark* and **cold** over the ~~old~~ harbour.^[Not the *new* one.] See [the light](https://example.com/light?a=1&b=2) and `lamp.log`.\\
            A second line & <more>.

            > A quoted line.

            1. climb
            2. wait
               - rope
               - lamp

            - [x] oil
            - [ ] wick

              The wick is short, a further paragraph of its item.

            ### Smaller heading

            | Tide | Hour |
            | --- | --- |
            | high | *six* |
            | low | noon |

            Tab\there, “quotes”, emoji 🌊 and 東京.

            ```
            let x = 1
              indented
            ```
            """ + "\n", to: root)
        try expect(0, "format", "Storm", "--match", "harbour", "--color", "#8B0000", "--underline=double", in: root)
        try expect(0, "format", "Storm", "--match", "cold", "--highlight", "#FFFF00", "--size", "15.5", "--font", "Baskerville", in: root)
        try expect(0, "format", "Storm", "--match", "dark", "--underline=thick", in: root)
        try expect(0, "format", "Storm", "--paragraph", "2", "--align", "justified", "--first-indent", "18", "--left-indent", "6",
                   "--right-indent=-12", "--line-height", "1.5", "--space-before", "4", "--space-after", "8", in: root)
        try expect(0, "format", "Storm", "--paragraph", "15", "--style", "Epigraph", in: root)
        try expect(0, "format", "Storm", "--paragraph", "4-5", "--list", "uppercaseRoman", in: root)
        return root
    }

    /// The paragraphs `show --as json` gives for `document`, without their positions.
    private func paragraphs(_ document: String, in root: URL) throws -> [String] {
        let json = try expect(0, "show", document, "--as", "json", in: root).json()
        let list = try XCTUnwrap(json["paragraphs"] as? [[String: Any]])
        return try list.map { paragraph in
            var p = paragraph
            p.removeValue(forKey: "index")
            return String(decoding: try JSONSerialization.data(withJSONObject: p, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    /// Fails naming the first paragraph that differs.
    private func assertSameParagraphs(_ back: [String], _ original: [String], line: UInt = #line) {
        guard back != original else { return }
        let index = back.indices.first { $0 >= original.count || back[$0] != original[$0] } ?? original.count
        XCTFail("paragraph \(index + 1) of \(original.count) differs\nback:     \(index < back.count ? back[index] : "(none)")\n"
            + "original: \(index < original.count ? original[index] : "(none)")", line: line)
    }

    func testMsxsOwnDocxComesBackWithEveryFormat() throws {
        let root = try formattedBook()
        let docx = scratch.appendingPathComponent("storm.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        let imported = try expect(0, "import", docx.path, "--into", "Research", "--json", in: root).json()
        XCTAssertEqual((imported["warnings"] as? [String]) ?? ["?"], [])
        XCTAssertEqual((imported["addedStyles"] as? [String]) ?? ["?"], [])
        assertSameParagraphs(try paragraphs("contents/research/storm.md", in: root), try paragraphs("contents/draft/storm.md", in: root))
        try expect(0, "check", in: root)
    }

    func testTheSameThroughLibreOffice() throws {
        let root = try formattedBook()
        let docx = scratch.appendingPathComponent("storm.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        let saved = try LibreOffice.convert(docx, to: "docx:MS Word 2007 XML", extension: "docx", in: scratch)
        try expect(0, "import", saved.path, "--into", "Research", in: root)
        assertSameParagraphs(try paragraphs("contents/research/storm.md", in: root), try paragraphs("contents/draft/storm.md", in: root))
    }

    func testTrackedChangesAreAcceptedByDefaultOrRejected() throws {
        let root = try makeProject()
        let docx = scratch.appendingPathComponent("edited.docx")
        try DocxFixture.write(body: """
            <w:p><w:r><w:t xml:space="preserve">The </w:t></w:r><w:ins w:id="1" w:author="Ed"><w:r><w:t xml:space="preserve">grey </w:t></w:r></w:ins>\
            <w:del w:id="2" w:author="Ed"><w:r><w:delText xml:space="preserve">old </w:delText></w:r></w:del><w:r><w:t>sea.</w:t></w:r></w:p>
            """, to: docx)
        try expect(0, "import", docx.path, in: root)
        XCTAssertEqual(try read("contents/draft/edited.md", in: root), "The grey sea.\n")
        try expect(0, "import", docx.path, "--changes", "reject", in: root)
        XCTAssertEqual(try read("contents/draft/edited-2.md", in: root), "The old sea.\n")
        let bad = try expect(64, "import", docx.path, "--changes", "maybe", in: root)
        XCTAssertTrue(bad.stderr.contains("--changes"), bad.stderr)
    }

    /// Symbol-font characters (`w:sym`) as pandoc, a real consumer, reads them: each of the Symbol font's codes its
    /// Unicode character; a character of another symbol font keeps its code and its font, so it shows as it did.
    func testSymbolFontCharactersBecomeTheirUnicodeCharacters() throws {
        let root = try makeProject()
        let docx = scratch.appendingPathComponent("symbols.docx")
        let codes = (0x20...0xFE).filter { $0 != 0x7F && !(0x80..<0xA0).contains($0) && $0 != 0xF0 }
        let runs = codes.map { String(format: "<w:r><w:sym w:font=\"Symbol\" w:char=\"F0%02X\"/></w:r>", $0) }.joined()
        try DocxFixture.write(body: "<w:p>\(runs)</w:p><w:p><w:r><w:t>Tick </w:t></w:r><w:r><w:sym w:font=\"Wingdings\" w:char=\"F0FC\"/></w:r></w:p>",
                              to: docx)
        let pandoc = try ExternalTool.run("/usr/bin/pandoc", ["-f", "docx", "-t", "plain", "--wrap=none", docx.path], package: "pandoc").output
        try expect(0, "import", docx.path, in: root)
        let markdown = try read("contents/draft/symbols.md", in: root)
        let ours = Array(markdown.split(separator: "\n")[0].unicodeScalars), theirs = Array(pandoc.split(separator: "\n")[0].unicodeScalars)
        // Markdown escapes some ASCII punctuation: compare the text msx shows.
        let shown = Array(try expect(0, "show", "symbols", "--as", "text", in: root).stdout.split(separator: "\n")[0].unicodeScalars)
        XCTAssertEqual(shown.count, codes.count, markdown)
        var compared = 0
        for (index, scalar) in theirs.enumerated() where index < shown.count && !(0xE000...0xF8FF).contains(scalar.value) {
            XCTAssertEqual(shown[index], scalar, String(format: "Symbol F0%02X: msx %@, pandoc %@", codes[index], String(shown[index]), String(scalar)))
            compared += 1
        }
        XCTAssertGreaterThan(compared, 150, "pandoc \(theirs.count) characters: \(pandoc)")
        XCTAssertFalse(ours.isEmpty)
        // Wingdings' check mark keeps its code, in Wingdings.
        XCTAssertTrue(markdown.contains("Tick \u{F0FC}"), markdown)
        let sidecar = try read("contents/draft/symbols.attrs.json", in: root)
        XCTAssertTrue(sidecar.contains("Wingdings"), sidecar)
    }

    func testADropCapStaysPartOfItsWord() throws {
        let root = try makeProject()
        let docx = scratch.appendingPathComponent("opening.docx")
        try DocxFixture.write(body: """
            <w:p><w:pPr><w:framePr w:dropCap="drop" w:lines="3" w:wrap="around" w:vAnchor="text" w:hAnchor="text"/></w:pPr>\
            <w:r><w:rPr><w:sz w:val="96"/></w:rPr><w:t>T</w:t></w:r></w:p>\
            <w:p><w:r><w:t xml:space="preserve">he sea was calm.</w:t></w:r></w:p><w:p><w:r><w:t>Then it rose.</w:t></w:r></w:p>
            """, to: docx)
        try expect(0, "import", docx.path, in: root)
        XCTAssertEqual(try read("contents/draft/opening.md", in: root), "The sea was calm.\n\nThen it rose.\n")
    }

    func testTextInTextBoxesAndShapesIsKeptOnce() throws {
        let root = try makeProject()
        let docx = scratch.appendingPathComponent("boxed.docx")
        let box = "<w:txbxContent><w:p><w:r><w:t>Kept in a box.</w:t></w:r></w:p></w:txbxContent>"
        try DocxFixture.write(body: """
            <w:p><w:r><w:t xml:space="preserve">The sea was calm.</w:t></w:r>\
            <w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">\
            <mc:Choice Requires="wps"><w:drawing><wp:anchor xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">\
            <a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><wps:wsp \
            xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:txbx>\(box)</wps:txbx></wps:wsp>\
            </a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>\
            <mc:Fallback><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox>\(box)</v:textbox></v:shape></w:pict></mc:Fallback>\
            </mc:AlternateContent></w:r></w:p><w:p><w:r><w:t>Then it rose.</w:t></w:r></w:p>
            """, to: docx)
        try expect(0, "import", docx.path, in: root)
        XCTAssertEqual(try read("contents/draft/boxed.md", in: root), "The sea was calm.\n\nKept in a box.\n\nThen it rose.\n")
    }

    func testAFileThatIsNotWordIsRefusedAndNothingIsWritten() throws {
        let root = try makeProject()
        let fake = scratch.appendingPathComponent("notes.docx")
        try Data("just text".utf8).write(to: fake)
        let listing = { try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("contents").path).sorted()
            + [try self.read("manuscript.json", in: root)] }
        let before = try listing()
        let result = try expect(3, "import", fake.path, in: root)
        XCTAssertTrue(result.stderr.contains("notes.docx"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        let json = try expect(3, "import", fake.path, "--json", in: root).json()
        XCTAssertEqual((json["error"] as? [String: Any])?["code"] as? String, "not-docx")
        XCTAssertEqual(try listing(), before)
    }
}
