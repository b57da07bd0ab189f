import Foundation
import MsxTestSupport
import XCTest

/// A list item of several paragraphs stays one item. msx compiles the further paragraphs under
/// their item (unnumbered, indented to its text; in HTML inside the `li`), and import brings them back under their
/// item: from msx's own files exactly, and from Word's and TextEdit's files by where they are indented.
final class ListContinuationTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private static let markdown = """
        Before the list.

        1. Climb the stair.

           Keep climbing, a further paragraph.

           And a third one.
        2. Light the lamp.
           - wick

             trimmed short
           - oil

        After the list.
        """ + "\n"

    /// A project whose draft document Stair holds `markdown`.
    private func book() throws -> URL {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Stair", Self.markdown, to: root)
        return root
    }

    /// Each paragraph of `document` as kind, text and whether it continues an item.
    private func outline(_ document: String, in root: URL) throws -> [String] {
        let json = try expect(0, "show", document, "--as", "json", in: root).json()
        return ((json["paragraphs"] as? [[String: Any]]) ?? []).map { p in
            let level = ((p["attributes"] as? [String: Any])?["listLevel"] as? Int).map { " \($0)" } ?? ""
            return "\(p["kind"] ?? "?")\(level)\((p["continuesListItem"] as? Bool) == true ? " continued" : ""): \(p["text"] ?? "")"
        }
    }

    func testEveryFormatBringsTheItemsBackWhole() throws {
        let root = try book()
        let original = try outline("Stair", in: root)
        XCTAssertEqual(original.filter { $0.contains("continued") }.count, 3, "\(original)")
        for format in ["rtf", "docx"] {
            let file = scratch.appendingPathComponent("stair.\(format)")
            try expect(0, "compile", "--out", file.path, in: root)
            try expect(0, "import", file.path, "--into", "Research", in: root)
            XCTAssertEqual(try outline("contents/research/stair\(format == "rtf" ? "" : "-2").md", in: root), original, format)
        }
        // Through LibreOffice, which keeps msx's data in the file's custom properties.
        let docx = scratch.appendingPathComponent("stair.docx")
        let saved = try LibreOffice.convert(docx, to: "docx:MS Word 2007 XML", extension: "docx", in: scratch)
        try expect(0, "import", saved.path, "--into", "Research", in: root)
        XCTAssertEqual(try outline("contents/research/stair-3.md", in: root), original)
    }

    func testHTMLPutsFurtherParagraphsInsideTheirItem() throws {
        let root = try book()
        let html = try expect(0, "compile", "--format", "html", in: root).stdout
        let pattern = #/Climb the stair\.</span><p [^>]*><span[^>]*>Keep climbing, a further paragraph\.</span></p><p [^>]*><span[^>]*>And a third one\.</span></p></li>/#
        XCTAssertNotNil(html.firstMatch(of: pattern), html)
        // pandoc, another reader, sees one item of three paragraphs.
        let file = scratch.appendingPathComponent("stair.html")
        try html.write(to: file, atomically: true, encoding: .utf8)
        let read = try ExternalTool.run("/usr/bin/pandoc", ["-f", "html", "-t", "plain", "--wrap=none", file.path],
                                        package: "pandoc").output
        XCTAssertTrue(read.contains("1.  Climb the stair.\n\n    Keep climbing, a further paragraph.\n\n    And a third one.\n\n2.  Light the lamp."), read)
    }

    func testWordsOwnRTFAndDocxComeInUnderTheirItem() throws {
        let root = try makeProject()
        // As Word writes RTF: the item hangs its number left of its text at 0.5 in; the further paragraph starts there.
        let rtf = #"""
            {\rtf1\ansi\deff0{\fonttbl{\f0 Times New Roman;}}
            {\*\listtable{\list\listtemplateid1{\listlevel\levelnfc0\levelstartat1{\leveltext\'02\'00.;}{\levelnumbers\'01;}\fi-360\li720}\listid1}}
            {\*\listoverridetable{\listoverride\listid1\listoverridecount0\ls1}}
            \pard\plain Before.\par
            \pard\plain\fi-360\li720\ls1\ilvl0{\listtext 1.\tab}Climb the stair.\par
            \pard\plain\li720 Keep climbing.\par
            \pard\plain\fi-360\li720\ls1\ilvl0{\listtext 2.\tab}Light the lamp.\par
            \pard\plain\li1440 Indented further: a block of its own.\par
            }
            """#
        let rtfFile = scratch.appendingPathComponent("word.rtf")
        try rtf.write(to: rtfFile, atomically: true, encoding: .utf8)
        try expect(0, "import", rtfFile.path, "--into", "Research", in: root)
        XCTAssertEqual(try read("contents/research/word.md", in: root),
                       "Before.\n\n1. Climb the stair.\n\n   Keep climbing.\n\n2. Light the lamp.\n\nIndented further: a block of its own.\n")

        // As Word writes DOCX: the list's level places the text (the paragraph says nothing); the further paragraph
        // is indented to it.
        let numbering = "<w:numbering xmlns:w=\"\(DocxFixture.main)\"><w:abstractNum w:abstractNumId=\"0\"><w:lvl w:ilvl=\"0\">"
            + "<w:start w:val=\"1\"/><w:numFmt w:val=\"bullet\"/><w:lvlText w:val=\"\u{2022}\"/><w:pPr><w:ind w:left=\"720\" w:hanging=\"360\"/></w:pPr>"
            + "</w:lvl></w:abstractNum><w:num w:numId=\"1\"><w:abstractNumId w:val=\"0\"/></w:num></w:numbering>"
        let item = { (text: String) in
            "<w:p><w:pPr><w:numPr><w:ilvl w:val=\"0\"/><w:numId w:val=\"1\"/></w:numPr></w:pPr><w:r><w:t>\(text)</w:t></w:r></w:p>"
        }
        let docx = scratch.appendingPathComponent("word.docx")
        try DocxFixture.write(body: item("Oil the hinge.")
            + "<w:p><w:pPr><w:ind w:left=\"720\"/></w:pPr><w:r><w:t>It squeaks at night.</w:t></w:r></w:p>"
            + item("Trim the wick.")
            + "<w:p><w:r><w:t>The end.</w:t></w:r></w:p>", parts: ["word/numbering.xml": numbering], to: docx)
        try expect(0, "import", docx.path, "--into", "Research", in: root)
        XCTAssertEqual(try read("contents/research/word-2.md", in: root),
                       "- Oil the hinge.\n\n  It squeaks at night.\n\n- Trim the wick.\n\nThe end.\n")
    }
}
