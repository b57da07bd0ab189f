import Foundation
import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxModel

/// The DOCX reader on packages written the way Word, LibreOffice and pandoc write them: styles through `basedOn`,
/// theme fonts, numbering, tracked changes taken or undone, HYPERLINK fields, notes, tables, hidden text, page
/// breaks; and on damaged or hostile packages.
final class DocxReaderTests: XCTestCase {
    private static let w = DocxFixture.main

    private func read(_ body: String, parts: [String: String] = [:], links: [(id: String, target: String)] = [],
                      changes: TrackedChanges = .accept) throws -> ImportedDocument {
        try DocxReader.read(try DocxFixture.package(body: body, parts: parts, links: links), changes: changes)
    }

    private func texts(_ document: ImportedDocument) -> [String] { document.paragraphs.map(\.text) }

    func testTrackedChangesAreTakenOrUndone() throws {
        let body = """
            <w:p><w:r><w:t xml:space="preserve">The </w:t></w:r><w:ins w:id="1" w:author="Ed"><w:r><w:t xml:space="preserve">grey </w:t></w:r></w:ins>\
            <w:del w:id="2" w:author="Ed"><w:r><w:delText xml:space="preserve">old </w:delText></w:r></w:del><w:r><w:t>sea.</w:t></w:r></w:p>\
            <w:p><w:pPr><w:rPr><w:del w:id="3" w:author="Ed"/></w:rPr></w:pPr><w:r><w:t xml:space="preserve">Joined </w:t></w:r></w:p>\
            <w:p><w:r><w:rPr><w:b/><w:rPrChange w:id="4" w:author="Ed"><w:rPr><w:i/></w:rPr></w:rPrChange></w:rPr><w:t>here.</w:t></w:r></w:p>
            """
        let accepted = try read(body)
        XCTAssertEqual(texts(accepted), ["The grey sea.", "Joined here."])
        XCTAssertEqual(accepted.paragraphs[1].runs.last?.attributes[.bold], true)
        XCTAssertEqual(accepted.paragraphs[1].runs.last?.attributes[.italic], false)
        let rejected = try read(body, changes: .reject)
        XCTAssertEqual(texts(rejected), ["The old sea.", "Joined ", "here."])
        XCTAssertEqual(rejected.paragraphs[2].runs.last?.attributes[.bold], false)
        XCTAssertEqual(rejected.paragraphs[2].runs.last?.attributes[.italic], true)
    }

    func testStylesThemeFontsAndListsResolveAsWordDoes() throws {
        let styles = """
            <w:styles xmlns:w="\(Self.w)"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi"/><w:sz w:val="22"/></w:rPr></w:rPrDefault>\
            <w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>\
            <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>\
            <w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/>\
            <w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:rFonts w:asciiTheme="majorHAnsi"/><w:b/><w:sz w:val="32"/></w:rPr></w:style>\
            <w:style w:type="paragraph" w:styleId="Aside"><w:name w:val="Aside"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="720"/><w:jc w:val="center"/></w:pPr></w:style>\
            <w:style w:type="paragraph" w:styleId="Loop1"><w:name w:val="Loop 1"/><w:basedOn w:val="Loop2"/></w:style>\
            <w:style w:type="paragraph" w:styleId="Loop2"><w:name w:val="Loop 2"/><w:basedOn w:val="Loop1"/></w:style></w:styles>
            """
        let theme = """
            <a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:themeElements><a:fontScheme name="Office">\
            <a:majorFont><a:latin typeface="Calibri Light"/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/></a:minorFont>\
            </a:fontScheme></a:themeElements></a:theme>
            """
        let numbering = """
            <w:numbering xmlns:w="\(Self.w)"><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="lowerRoman"/></w:lvl>\
            <w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/><w:lvlText w:val="o"/></w:lvl></w:abstractNum>\
            <w:num w:numId="3"><w:abstractNumId w:val="0"/></w:num></w:numbering>
            """
        let body = """
            <w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t>Title</w:t></w:r><w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t xml:space="preserve"> plain</w:t></w:r></w:p>\
            <w:p><w:pPr><w:pStyle w:val="Aside"/><w:ind w:firstLine="360"/></w:pPr><w:r><w:t>Aside</w:t></w:r></w:p>\
            <w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr></w:pPr><w:r><w:t>first</w:t></w:r></w:p>\
            <w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="3"/></w:numPr></w:pPr><w:r><w:t>inner</w:t></w:r></w:p>\
            <w:p><w:pPr><w:pStyle w:val="Loop1"/></w:pPr><w:r><w:t>loop</w:t></w:r></w:p>
            """
        let document = try read(body, parts: ["word/styles.xml": styles, "word/theme1.xml": theme, "word/numbering.xml": numbering])
        XCTAssertEqual(texts(document), ["Title plain", "Aside", "first", "inner", "loop"])
        let heading = document.paragraphs[0]
        XCTAssertEqual(heading.headingLevel, 2)
        XCTAssertEqual(heading.runs[0].attributes[.fontFamily], "Calibri Light")
        XCTAssertEqual(heading.runs[0].attributes[.fontSize], 16)
        XCTAssertEqual(heading.runs[0].attributes[.bold], true)
        XCTAssertEqual(heading.runs[1].attributes[.bold], false)
        XCTAssertEqual(heading.attributes[.paragraphSpacing], 8)
        XCTAssertEqual(heading.attributes[.lineHeightMultiple]?.numberValue ?? 0, 259.0 / 240, accuracy: 1e-9)
        let aside = document.paragraphs[1]
        XCTAssertEqual(aside.attributes[.style], "Aside")
        XCTAssertEqual(aside.attributes[.alignment], "center")
        XCTAssertEqual(aside.attributes[.headIndent], 36)
        XCTAssertEqual(aside.attributes[.firstLineHeadIndent], 54)
        XCTAssertEqual(aside.runs[0].attributes[.fontFamily], "Calibri")
        XCTAssertEqual(document.styles["Aside"]?[.alignment], "center")
        XCTAssertEqual(document.paragraphs[2].listLevel, 1)
        XCTAssertEqual(document.paragraphs[2].attributes[.listFormat], "lowercaseRoman")
        XCTAssertEqual(document.paragraphs[3].listLevel, 2)
        XCTAssertEqual(document.paragraphs[3].attributes[.listFormat], "bulletSymbols")
    }

    func testLinksNotesTablesHiddenTextAndBreaks() throws {
        let footnotes = """
            <w:footnotes xmlns:w="\(Self.w)"><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>\
            <w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> First </w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>part.</w:t></w:r></w:p>\
            <w:p><w:r><w:t>Second part.</w:t></w:r></w:p></w:footnote></w:footnotes>
            """
        let body = """
            <w:p><w:hyperlink r:id="rIdL"><w:r><w:t>site</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> and </w:t></w:r>\
            <w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "https://b.example/x" \\o "tip" </w:instrText></w:r>\
            <w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>field</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>\
            <w:r><w:t>.</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p>\
            <w:tbl><w:tr><w:tc><w:p><w:r><w:t>a</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>b</w:t></w:r></w:p><w:p><w:r><w:t>c</w:t></w:r></w:p></w:tc></w:tr></w:tbl>\
            <w:p><w:r><w:t xml:space="preserve">Seen </w:t></w:r><w:r><w:rPr><w:vanish/></w:rPr><w:t>unseen</w:t></w:r><w:r><w:br w:type="page"/></w:r></w:p>\
            <w:p><w:r><w:t>Next</w:t><w:br/><w:t>line</w:t></w:r><w:r><w:drawing/></w:r></w:p>
            """
        let document = try read(body, parts: ["word/footnotes.xml": footnotes], links: [("rIdL", "https://a.example/")])
        XCTAssertEqual(texts(document), ["site and field.^[First part. Second part.]", "a\tb\u{2028}c", "Seen ", "Next\u{2028}line"])
        let first = document.paragraphs[0]
        XCTAssertEqual(first.runs.first?.attributes[.link], "https://a.example/")
        XCTAssertEqual(first.runs.first { $0.range == 9..<14 }?.attributes[.link], "https://b.example/x")
        XCTAssertTrue(first.runs.filter { $0.attributes[.footnote] == true }.map(\.range.lowerBound).contains(15))
        XCTAssertTrue(first.runs.contains { $0.attributes[.italic] == true && $0.attributes[.footnote] == true })
        XCTAssertNil(document.paragraphs[2].attributes[.pageBreakBefore])
        XCTAssertEqual(document.paragraphs[3].attributes[.pageBreakBefore], true)
        XCTAssertTrue(document.warnings.contains(.hiddenTextSkipped(6)))
        XCTAssertTrue(document.warnings.contains(.picturesSkipped(1)))
    }

    func testTablesBecomeMarkdownTablesOrTextButAlwaysImport() throws {
        let cell = { (text: String) in "<w:tc><w:p><w:r><w:t xml:space=\"preserve\">\(text)</w:t></w:r></w:p></w:tc>" }
        let simple = "<w:tbl><w:tr>\(cell("Name"))\(cell(""))</w:tr><w:tr>\(cell(""))\(cell("last"))</w:tr></w:tbl>"
        let composed = try ImportComposer(sheet: StyleSheet(manifest: .empty)).compose(try read(simple))
        XCTAssertEqual(composed.markdown, "| Name |  |\n| --- | --- |\n|  | last |\n")
        // Two paragraphs in a cell (a line break GFM cannot hold): the rows come as tab-separated text.
        let broken = "<w:tbl><w:tr>\(cell("a"))<w:tc><w:p><w:r><w:t>b</w:t></w:r></w:p><w:p><w:r><w:t>c</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"
        let text = try ImportComposer(sheet: StyleSheet(manifest: .empty)).compose(try read(broken))
        XCTAssertEqual(RichDocument(markdown: MarkdownDocument(text.markdown), sidecar: nil).paragraphTexts, ["a\tb\u{2028}c"])
        // A check box as Word writes it, and a note that starts with a tab, do not trip the reader.
        let box = "<w:p><w:r><w:t>\u{2610}</w:t></w:r><w:r><w:t xml:space=\"preserve\"> Buy milk</w:t></w:r></w:p>"
        XCTAssertEqual(texts(try read(box)), ["Buy milk"])
        // A content control in a cell keeps its words; so does a last paragraph whose mark was deleted.
        let control = "<w:tbl><w:tr><w:tc><w:sdt><w:sdtContent><w:p><w:r><w:t>Inside</w:t></w:r></w:p></w:sdtContent></w:sdt></w:tc></w:tr></w:tbl>"
        XCTAssertEqual(texts(try read(control)), ["Inside"])
        let lastMark = "<w:p><w:pPr><w:rPr><w:del w:id=\"1\" w:author=\"Ed\"/></w:rPr></w:pPr><w:r><w:t>Kept words.</w:t></w:r></w:p>"
        XCTAssertEqual(texts(try read(lastMark)), ["Kept words."])
    }

    func testTwoCommentsAlikeStayTwo() throws {
        let comments = """
            <w:comments xmlns:w="\(Self.w)"><w:comment w:id="1" w:author="Ed" w:date="2026-11-20T10:00:00Z"><w:p><w:r><w:t>sp.</w:t></w:r></w:p></w:comment>\
            <w:comment w:id="2" w:author="Ed" w:date="2026-11-20T10:00:00Z"><w:p><w:r><w:t>sp.</w:t></w:r></w:p></w:comment></w:comments>
            """
        let body = """
            <w:p><w:commentRangeStart w:id="1"/><w:r><w:t>Teh</w:t></w:r><w:commentRangeEnd w:id="1"/><w:r><w:t xml:space="preserve"> cat </w:t></w:r>\
            <w:commentRangeStart w:id="2"/><w:r><w:t>recieved</w:t></w:r><w:commentRangeEnd w:id="2"/></w:p>
            """
        let document = try read(body, parts: ["word/comments.xml": comments])
        XCTAssertEqual(document.annotations.count, 2)
        let ids = document.paragraphs[0].runs.compactMap { $0.attributes[.annotation]?.arrayValue?.first?.stringValue }
        XCTAssertEqual(Set(ids).count, 2, "\(ids)")
    }

    /// A comment on no words (a range holding none, as Word writes one at a point, or a bare reference, as
    /// LibreOffice does) annotates the word where it stands; a comment Word marks done comes in resolved.
    func testCommentsAtAPointAndDoneCommentsComeIn() throws {
        let w14 = "http://schemas.microsoft.com/office/word/2010/wordml", w15 = "http://schemas.microsoft.com/office/word/2012/wordml"
        let comment = { (id: Int, text: String, para: String) in
            "<w:comment w:id=\"\(id)\" w:author=\"Ed\" w:date=\"2026-11-20T10:0\(id):00Z\"><w:p w14:paraId=\"\(para)\"><w:r><w:t>\(text)</w:t></w:r></w:p></w:comment>"
        }
        let comments = "<w:comments xmlns:w=\"\(Self.w)\" xmlns:w14=\"\(w14)\">" + comment(1, "Which one?", "0A000001")
            + comment(2, "Done.", "0A000002") + comment(3, "Opening.", "0A000003") + "</w:comments>"
        let extended = "<w15:commentsEx xmlns:w15=\"\(w15)\"><w15:commentEx w15:paraId=\"0A000001\" w15:done=\"0\"/>"
            + "<w15:commentEx w15:paraId=\"0A000002\" w15:done=\"1\"/></w15:commentsEx>"
        let body = """
            <w:p><w:commentRangeStart w:id="3"/><w:commentRangeEnd w:id="3"/><w:r><w:t xml:space="preserve">The lamp </w:t></w:r>\
            <w:commentRangeStart w:id="1"/><w:commentRangeEnd w:id="1"/><w:r><w:commentReference w:id="1"/></w:r>\
            <w:r><w:t xml:space="preserve">was </w:t></w:r><w:r><w:commentReference w:id="2"/></w:r><w:r><w:t>lit.</w:t></w:r></w:p>
            """
        let document = try read(body, parts: ["word/comments.xml": comments, "word/commentsExtended.xml": extended])
        let units = Array(document.paragraphs[0].text.utf16)
        var words: [String: String] = [:]
        for run in document.paragraphs[0].runs {
            for id in run.attributes[.annotation]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                words[document.annotations[id]?.note ?? id, default: ""] += String(decoding: units[run.range], as: UTF16.self)
            }
        }
        XCTAssertEqual(words, ["Opening.": "The", "Which one?": "lamp", "Done.": "was"])
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: document.annotations.values.map { ($0.note, $0.resolved) }),
                       ["Opening.": false, "Which one?": false, "Done.": true])
    }

    func testDamagedAndHostilePackagesAreRefusedWithAReason() throws {
        XCTAssertThrowsError(try DocxReader.read(Data("{\\rtf1 not a zip}".utf8))) { error in
            XCTAssertEqual((error as? MsxError)?.code, .notDocx)
        }
        let empty = try ZipPackage()
        try empty.add("hello.txt", "hi")
        XCTAssertThrowsError(try DocxReader.read(empty.data)) { error in
            XCTAssertEqual((error as? MsxError)?.code, .notDocx)
            XCTAssertTrue((error as? MsxError)?.message.contains("Content_Types") == true, "\(error)")
        }
        // Malformed XML names the part.
        let broken = try DocxFixture.package(body: "<w:p><w:r><w:t>open</w:r></w:p>")
        XCTAssertThrowsError(try DocxReader.read(broken)) { error in
            XCTAssertTrue((error as? MsxError)?.message.contains("word/document.xml") == true, "\(error)")
        }
        // An external entity is never fetched: the secret stays out of the text.
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("msx-docx-secret-\(UUID().uuidString)")
        try "SECRET".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let zip = try ZipPackage()
        try zip.add("[Content_Types].xml", "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>")
        try zip.add("word/document.xml", "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY x SYSTEM \"file://\(secret.path)\">]>"
            + "<w:document xmlns:w=\"\(Self.w)\"><w:body><w:p><w:r><w:t>a&x;b</w:t></w:r></w:p></w:body></w:document>")
        if let document = try? DocxReader.read(zip.data) {
            XCTAssertFalse(document.paragraphs.map(\.text).joined().contains("SECRET"))
        }
    }
}
