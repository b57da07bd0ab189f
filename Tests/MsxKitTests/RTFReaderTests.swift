import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

final class RTFReaderTests: XCTestCase {
    // MARK: Helpers

    private func read(_ rtf: String, file: StaticString = #filePath, line: UInt = #line) -> ImportedDocument {
        do {
            return try RTFReader.read(Array(rtf.utf8))
        } catch {
            XCTFail("read failed: \(error)", file: file, line: line)
            return ImportedDocument()
        }
    }

    private func texts(_ rtf: String) -> [String] { read(rtf).paragraphs.map(\.text) }

    /// The attributes of the run covering UTF-16 offset `offset` of paragraph `index`.
    private func run(_ rtf: String, paragraph index: Int = 0, at offset: Int = 0) -> Attributes {
        let paragraphs = read(rtf).paragraphs
        guard index < paragraphs.count else { return [:] }
        return paragraphs[index].runs.first { $0.range.contains(offset) }?.attributes ?? [:]
    }

    private func attributes(_ rtf: String, paragraph index: Int = 0) -> Attributes {
        let paragraphs = read(rtf).paragraphs
        return index < paragraphs.count ? paragraphs[index].attributes : [:]
    }

    // MARK: Structure

    func testRejectsInputThatIsNotRTF() {
        for input in ["", "hello", "{\\rt", "{rtf1}", "\\rtf1"] {
            XCTAssertThrowsError(try RTFReader.read(Array(input.utf8))) { error in
                XCTAssertEqual((error as? MsxError)?.code, .notRTF)
            }
        }
    }

    func testAcceptsByteOrderMarkAndLeadingWhiteSpace() throws {
        let document = try RTFReader.read([0xEF, 0xBB, 0xBF] + Array(" \r\n{\\rtf1 Hi}".utf8))
        XCTAssertEqual(document.paragraphs.map(\.text), ["Hi"])
    }

    func testParagraphsLineBreaksTabsAndDroppedEmptyParagraphs() {
        XCTAssertEqual(texts("{\\rtf1 One\\par\\par Two\\line three\\tab four\\par}"),
                       ["One", "Two\u{2028}three\tfour"])
        XCTAssertEqual(texts("{\\rtf1 a\\\nb\\\r\nc}"), ["a", "b", "c"])
        XCTAssertEqual(texts("{\\rtf1 no\r\n break}"), ["no break"])
    }

    func testFinalParagraphWithoutParIsKept() {
        XCTAssertEqual(texts("{\\rtf1 one\\par two}"), ["one", "two"])
    }

    func testSpecialCharacters() {
        let rtf = "{\\rtf1 \\emdash\\endash\\lquote\\rquote\\ldblquote\\rdblquote\\bullet\\emspace\\enspace\\~\\_\\-x\\{\\}\\\\}"
        XCTAssertEqual(texts(rtf), ["\u{2014}\u{2013}\u{2018}\u{2019}\u{201C}\u{201D}\u{2022}\u{2003}\u{2002}\u{00A0}\u{2011}x{}\\"])
    }

    func testSectionPageAndRowEndParagraphs() {
        let document = read("{\\rtf1 a\\sect b\\page c\\par d\\cell e\\cell\\row f}")
        XCTAssertEqual(document.paragraphs.map(\.text), ["a", "b", "c", "d\te", "f"])
        XCTAssertNil(document.paragraphs[1].attributes[.pageBreakBefore])
        XCTAssertEqual(document.paragraphs[2].attributes[.pageBreakBefore], true)
        XCTAssertNil(document.paragraphs[3].attributes[.pageBreakBefore])
    }

    func testPageBreakCarriesOverEmptyParagraphs() {
        let document = read("{\\rtf1 a\\page\\par\\par b}")
        XCTAssertEqual(document.paragraphs[1].attributes[.pageBreakBefore], true)
    }

    func testUnbalancedBracesWarn() {
        let truncated = read("{\\rtf1 {\\b bold")
        XCTAssertEqual(truncated.paragraphs.map(\.text), ["bold"])
        XCTAssertEqual(truncated.warnings, [.truncated])
        let extra = read("{\\rtf1 a}}}")
        XCTAssertEqual(extra.paragraphs.map(\.text), ["a"])
        XCTAssertEqual(extra.warnings, [.extraClosingBraces(2)])
    }

    func testDeepNestingIsFlattenedWithOneWarning() {
        let depth = 20_000
        let rtf = "{\\rtf1 " + String(repeating: "{\\i ", count: depth) + "deep" + String(repeating: "}", count: depth) + " after}"
        let document = read(rtf)
        XCTAssertEqual(document.paragraphs.map(\.text), ["deep after"])
        XCTAssertEqual(document.warnings, [.nestedTooDeep(500)])
        XCTAssertEqual(document.paragraphs[0].runs.first?.attributes[.italic], true)
        XCTAssertEqual(document.paragraphs[0].runs.last?.attributes[.italic], false)
    }

    func testBinaryDataIsSkipped() {
        XCTAssertEqual(texts("{\\rtf1 a\\bin4 {}\\\\b}"), ["ab"])
        XCTAssertEqual(texts("{\\rtf1 a\\bin999999999 xyz}"), ["a"])
    }

    /// Within RTF's numbers, then within msx's limits (docs/format.md 7.6).
    func testHugeParametersAreClamped() {
        let attributes = run("{\\rtf1 \\fs99999999999999999999 x\\fi-99999999999999999999}")
        XCTAssertEqual(attributes[.fontSize], .number(1_000))
    }

    func testControlWordsLongerThanThirtyTwoLettersAreCut() {
        XCTAssertEqual(texts("{\\rtf1 \\" + String(repeating: "a", count: 40) + " text}"), ["text"])
    }

    // MARK: Destinations

    func testIgnorableUnknownDestinationsAreSkippedAndUnknownWordsIgnored() {
        XCTAssertEqual(texts("{\\rtf1 {\\*\\unknown secret {nested}}{\\unknownword kept} text}"), ["kept text"])
        XCTAssertEqual(texts("{\\rtf1 {\\* stray}\\unknown kept}"), [" straykept"])
    }

    func testSkippedDestinations() {
        let rtf = """
            {\\rtf1{\\info{\\title T}}{\\header H}{\\footerr F}{\\object{\\objdata 01}}{\\*\\generator G;}\
            {\\pntext 1.}{\\listtext \\'95\\tab}body}
            """
        XCTAssertEqual(texts(rtf), ["body"])
    }

    func testPicturesAreSkippedAndCounted() {
        let document = read("{\\rtf1 a{\\pict\\pngblip 89504e47}b{\\*\\shppict{\\pict 00}}{\\nonshppict{\\pict 00}}c}")
        XCTAssertEqual(document.paragraphs.map(\.text), ["abc"])
        XCTAssertEqual(document.warnings, [.picturesSkipped(2)])
        XCTAssertEqual(read("{\\rtf1 {\\pict 00}x}").warnings, [.picturesSkipped(1)])
    }

    func testFontTableAndPostScriptNames() {
        let rtf = """
            {\\rtf1\\deff1{\\fonttbl{\\f0\\fswiss\\fcharset0 Helvetica-Bold;}{\\f1\\froman Palatino-Roman;}\
            {\\f2 TimesNewRomanPSMT;}{\\f3{\\*\\panose 0202}Georgia-Italic{\\*\\falt Geo};}\\f4 Gill Sans MT;}\
            a\\f0 b\\f2 c\\f3 d\\f4 e\\f9 f}
            """
        let runs = read(rtf).paragraphs[0].runs
        XCTAssertEqual(runs.map { $0.attributes[.fontFamily] },
                       ["Palatino", "Helvetica", "Times New Roman", "Georgia", "Gill Sans MT", nil])
    }

    func testFontNameConversion() {
        let families = [
            ("HelveticaNeue-BoldItalic", "Helvetica Neue"), ("ArialMT", "Arial"), ("SimSun", "SimSun"),
            ("Times New Roman", "Times New Roman"), ("ITCFranklinGothic-Book", "ITC Franklin Gothic"),
        ]
        for (name, family) in families { XCTAssertEqual(RTFFontName.family(name), family) }
        XCTAssertEqual(RTFFontName.family("HelveticaNeue", isPostScript: true), "Helvetica Neue")
    }

    func testColorTableWithAutoEntry() {
        let rtf = "{\\rtf1{\\colortbl;\\red255\\green0\\blue0;\\red0\\green128\\blue255;}a\\cf1 b\\cf2\\highlight1 c\\cf0\\highlight0 d}"
        let runs = read(rtf).paragraphs[0].runs
        XCTAssertEqual(runs.map { $0.attributes[.foregroundColor] }, [.null, "#FF0000", "#0080FF", .null])
        XCTAssertEqual(runs.map { $0.attributes[.backgroundColor] }, [.null, .null, "#FF0000", .null])
    }

    func testBackgroundColorWords() {
        let table = "{\\colortbl;\\red1\\green2\\blue3;}"
        XCTAssertEqual(run("{\\rtf1\(table)\\cb1 x}")[.backgroundColor], "#010203")
        XCTAssertEqual(run("{\\rtf1\(table)\\chcbpat1 x}")[.backgroundColor], "#010203")
        XCTAssertEqual(run("{\\rtf1\(table)\\cf5 x}")[.foregroundColor], .null)
    }

    func testStyleSheetStylesAndHeadings() {
        let rtf = """
            {\\rtf1{\\fonttbl{\\f0 Georgia;}}{\\stylesheet{\\ql\\fs24 Normal;}{\\s1\\qc\\sb240\\b\\fs32 heading 1;}\
            {\\s2\\outlinelevel1\\i Subhead;}{\\*\\cs10 \\additive Default Paragraph Font;}}\
            \\pard\\s1\\qc Title\\par\\pard\\s2 Sub\\par\\pard\\s0 Body\\par\\pard\\s7 Unknown\\par}
            """
        let document = read(rtf)
        XCTAssertEqual(Set(document.styles.keys), ["Normal", "heading 1", "Subhead"])
        let heading = document.styles["heading 1"] ?? [:]
        XCTAssertEqual(heading[.alignment], "center")
        XCTAssertEqual(heading[.paragraphSpacingBefore], 12)
        XCTAssertEqual(heading[.bold], true)
        XCTAssertEqual(heading[.fontSize], 16)
        XCTAssertEqual(heading[.fontFamily], "Georgia")
        XCTAssertEqual(document.paragraphs.map(\.headingLevel), [1, 2, nil, nil])
        XCTAssertEqual(document.paragraphs.map { $0.attributes[.style] }, ["heading 1", "Subhead", "Normal", nil])
    }

    func testOutlineLevelOnParagraph() {
        let document = read("{\\rtf1\\pard\\outlinelevel2 Deep\\par\\pard\\outlinelevel9 Body\\par}")
        XCTAssertEqual(document.paragraphs.map(\.headingLevel), [3, nil])
    }

    func testHyperlinkFieldsAndOtherFields() {
        let rtf = """
            {\\rtf1 See {\\field{\\*\\fldinst{HYPERLINK "https://example.com/a?b=1" }}{\\fldrslt{\\ul here}}} and \
            {\\field{\\*\\fldinst PAGE}{\\fldrslt 7}} and {\\field{\\*\\fldinst HYPERLINK \\\\l "intro"}{\\fldrslt intro}}.}
            """
        let paragraph = read(rtf).paragraphs[0]
        XCTAssertEqual(paragraph.text, "See here and 7 and intro.")
        let link = paragraph.runs.first { $0.range == 4..<8 }
        XCTAssertEqual(link?.attributes[.link], "https://example.com/a?b=1")
        XCTAssertEqual(link?.attributes[.underline], "single")
        XCTAssertNil(paragraph.runs.first { $0.range.contains(13) }?.attributes[.link])
        XCTAssertEqual(paragraph.runs.first { $0.range.contains(19) }?.attributes[.link], "#intro")
    }

    func testFootnotesGoInline() {
        let rtf = """
            {\\rtf1 Text{\\super\\chftn}{\\footnote\\pard\\plain {\\super\\chftn} First para.\\par Second {\\i para}.\\par} after.\\par}
            """
        let paragraph = read(rtf).paragraphs[0]
        XCTAssertEqual(paragraph.text, "Text^[First para. Second para.] after.")
        let noteRuns = paragraph.runs.filter { $0.attributes[.footnote] == true }
        XCTAssertEqual(noteRuns.first?.range.lowerBound, 4)
        XCTAssertEqual(noteRuns.last?.range.upperBound, 31)
        XCTAssertEqual(paragraph.runs.first { $0.range.contains(25) }?.attributes[.italic], true)
        XCTAssertNil(paragraph.runs.last?.attributes[.footnote])
    }

    func testListTableLevels() {
        let rtf = """
            {\\rtf1{\\*\\listtable{\\list\\listtemplateid5{\\listlevel\\levelnfc23{\\leveltext \\'01\\u8226 ?;}}\
            {\\listlevel\\levelnfc4\\levelnfcn4{\\leveltext \\'02\\'01.;}}\\listid7}\
            {\\list{\\listlevel\\levelnfc0}{\\listlevel\\levelnfc2}{\\listlevel\\levelnfc1}{\\listlevel\\levelnfc3}\
            {\\listlevel\\levelnfc255}\\listid8}}{\\*\\listoverridetable{\\listoverride\\listid7\\ls1}\
            {\\listoverride\\listid8\\listoverridecount0\\ls2}}\
            \\pard\\ls1 a\\par\\pard\\ls1\\ilvl1 b\\par\\pard\\ls2 c\\par\\pard\\ls2\\ilvl1 d\\par\\pard\\ls2\\ilvl2 e\\par\
            \\pard\\ls2\\ilvl3 f\\par\\pard\\ls2\\ilvl4 g\\par\\pard h\\par}
            """
        let paragraphs = read(rtf).paragraphs
        XCTAssertEqual(paragraphs.map { $0.attributes[.listFormat] },
                       ["bulletSymbols", "lowercaseLetter", "decimal", "lowercaseRoman", "uppercaseRoman",
                        "uppercaseLetter", "none", nil])
        XCTAssertEqual(paragraphs.map(\.listLevel), [1, 2, 1, 2, 3, 4, 5, nil])
        XCTAssertEqual(paragraphs.map(\.text), ["a", "b", "c", "d", "e", "f", "g", "h"])
    }

    func testOldStyleParagraphNumbering() {
        let rtf = """
            {\\rtf1{\\pntext\\'b7\\tab}{\\*\\pn\\pnlvlblt\\pnf1{\\pntxtb\\'b7}}\\fi-360\\li720 one\\par\
            \\pard{\\*\\pn\\pnlvlbody\\pndec}two\\par\\pard{\\*\\pn\\pnlvl2\\pnucrm}three\\par\
            \\pard{\\*\\pn\\pnlvlbody\\pnlcrm}r\\par\\pard{\\*\\pn\\pnlvlbody\\pnucltr}u\\par\\pard{\\*\\pn\\pnlvlbody\\pnlcltr}l\\par\
            \\pard plain\\par}
            """
        let paragraphs = read(rtf).paragraphs
        XCTAssertEqual(paragraphs.map(\.text), ["one", "two", "three", "r", "u", "l", "plain"])
        XCTAssertEqual(paragraphs.map { $0.attributes[.listFormat] },
                       ["bulletSymbols", "decimal", "uppercaseRoman", "lowercaseRoman", "uppercaseLetter",
                        "lowercaseLetter", nil])
        XCTAssertEqual(paragraphs.map(\.listLevel), [1, 1, 2, 1, 1, 1, nil])
    }

    // MARK: Character formatting

    func testDefaultCharacterAttributes() {
        XCTAssertEqual(run("{\\rtf1\\deff0{\\fonttbl{\\f0 Cochin;}} x}"), [
            .bold: false, .italic: false, .underline: .null, .strikethrough: false, .fontFamily: "Cochin",
            .fontSize: 12, .foregroundColor: .null, .backgroundColor: .null,
        ])
    }

    func testBoldItalicStrikeAndPlain() {
        let rtf = "{\\rtf1 \\b b\\i i\\strike s\\b0 n\\plain p{\\striked1 d}\\i\\i0 z}"
        let paragraph = read(rtf).paragraphs[0]
        func at(_ offset: Int, _ key: AttributeKey) -> JSONValue? {
            paragraph.runs.first { $0.range.contains(offset) }?.attributes[key]
        }
        XCTAssertEqual(paragraph.text, "bisnpdz")
        XCTAssertEqual([at(0, .bold), at(1, .bold), at(3, .bold), at(4, .bold)], [true, true, false, false])
        XCTAssertEqual([at(1, .italic), at(4, .italic), at(6, .italic)], [true, false, false])
        XCTAssertEqual([at(2, .strikethrough), at(3, .strikethrough), at(4, .strikethrough), at(5, .strikethrough)],
                       [true, true, false, true])
    }

    func testUnderlineKinds() {
        let rtf = "{\\rtf1 \\ul a\\ulnone b\\ulw c\\uld d\\uldb e\\ulth f\\ul0 g\\ulwave h\\ulthdash i}"
        let paragraph = read(rtf).paragraphs[0]
        let values = (0..<9).map { offset in paragraph.runs.first { $0.range.contains(offset) }?.attributes[.underline] }
        XCTAssertEqual(values, ["single", .null, "single", "single", "double", "thick", .null, "single", "thick"])
    }

    func testFontSizeIsHalfPoints() {
        XCTAssertEqual(run("{\\rtf1 \\fs27 x}")[.fontSize], 13.5)
        XCTAssertEqual(run("{\\rtf1 {\\fs40 a}b}", at: 1)[.fontSize], 12)
    }

    func testSuperAndSubscriptAreIgnored() {
        XCTAssertEqual(texts("{\\rtf1 E=mc{\\super 2}\\sub x\\nosupersub y}"), ["E=mc2xy"])
    }

    func testAdjacentRunsWithEqualAttributesMerge() {
        let paragraph = read("{\\rtf1 a{\\b0 b}{\\i0\\f0 c}\\b d}").paragraphs[0]
        XCTAssertEqual(paragraph.runs.map(\.range), [0..<3, 3..<4])
    }

    // MARK: Paragraph formatting

    func testDefaultParagraphAttributes() {
        XCTAssertEqual(attributes("{\\rtf1 x}"), [
            .alignment: "left", .firstLineHeadIndent: 0, .headIndent: 0, .tailIndent: 0,
            .lineHeightMultiple: 1, .paragraphSpacingBefore: 0, .paragraphSpacing: 0, .tabStops: [],
        ])
    }

    func testAlignmentIndentsSpacingAndTabs() {
        let rtf = "{\\rtf1\\qj\\fi-360\\li720\\ri1440\\sb120\\sa240\\tx2880\\tx720 x\\par\\qc y\\par\\qr z\\par\\pard\\ql w\\par}"
        let paragraphs = read(rtf).paragraphs
        XCTAssertEqual(paragraphs[0].attributes, [
            .alignment: "justified", .firstLineHeadIndent: 18, .headIndent: 36, .tailIndent: -72,
            .lineHeightMultiple: 1, .paragraphSpacingBefore: 6, .paragraphSpacing: 12, .tabStops: [36, 144],
        ])
        XCTAssertEqual(paragraphs.map { $0.attributes[.alignment] }, ["justified", "center", "right", "left"])
        XCTAssertEqual(paragraphs[2].attributes[.headIndent], 36)
        XCTAssertEqual(paragraphs[3].attributes[.headIndent], 0)
    }

    func testDirectionNeutralIndentsAndTableCellWordsInParagraphs() {
        let rtf = "{\\rtf1\\trowd\\cellx2000\\cellx4000\\pard\\intbl\\lin360\\rin720 a\\cell b\\cell\\row}"
        let paragraph = read(rtf).paragraphs[0]
        XCTAssertEqual(paragraph.text, "a\tb")
        XCTAssertEqual(paragraph.attributes[.headIndent], 18)
        XCTAssertEqual(paragraph.attributes[.tailIndent], -36)
    }

    func testControlCharactersAreDropped() {
        XCTAssertEqual(texts("{\\rtf1 a\\u10?b\\u0?c\\'07d\\u9?e}"), ["abcd\te"])
    }

    func testLineSpacingForms() {
        XCTAssertEqual(attributes("{\\rtf1\\sl360\\slmult1 x}")[.lineHeightMultiple], 1.5)
        let atLeast = attributes("{\\rtf1\\sl300\\slmult0 x}")
        XCTAssertEqual(atLeast[.minimumLineHeight], 15)
        XCTAssertNil(atLeast[.lineHeightMultiple])
        XCTAssertNil(atLeast[.maximumLineHeight])
        let exactly = attributes("{\\rtf1\\sl-280 x}")
        XCTAssertEqual(exactly[.minimumLineHeight], 14)
        XCTAssertEqual(exactly[.maximumLineHeight], 14)
        XCTAssertEqual(attributes("{\\rtf1\\sl0\\slmult1 x}")[.lineHeightMultiple], 1)
        let cocoa = attributes("{\\rtf1\\slleading60\\slminimum200\\slmaximum400 x}")
        XCTAssertEqual([cocoa[.lineSpacing], cocoa[.minimumLineHeight], cocoa[.maximumLineHeight]], [3, 10, 20])
    }

    func testPageBreakBeforeAndParagraphPropertiesCarryUntilPard() {
        let paragraphs = read("{\\rtf1\\pagebb\\qc a\\par b\\par\\pard c\\par}").paragraphs
        XCTAssertEqual(paragraphs.map { $0.attributes[.pageBreakBefore] }, [true, true, nil])
        XCTAssertEqual(paragraphs.map { $0.attributes[.alignment] }, ["center", "center", "left"])
    }

    // MARK: Unicode and code pages

    func testUnicodeEscapesWithFallbackSkipping() {
        XCTAssertEqual(texts("{\\rtf1 caf\\u233?s \\u-3913 ?x}"), ["cafés \u{F0B7}x"])
        XCTAssertEqual(texts("{\\rtf1\\uc2 \\u8212--a\\u8212\\'97\\'97b}"), ["\u{2014}a\u{2014}b"])
        XCTAssertEqual(texts("{\\rtf1\\uc0 \\u8226 x}"), ["\u{2022}x"])
        XCTAssertEqual(texts("{\\rtf1 {\\uc3 \\u8212 abc}\\u8212 xy}"), ["\u{2014}\u{2014}y"])
        XCTAssertEqual(texts("{\\rtf1 \\u8212{x}}"), ["\u{2014}x"])
    }

    func testSurrogatePairsCombineAndStrayHalvesBecomeReplacementCharacters() {
        XCTAssertEqual(texts("{\\rtf1 \\u-10179?\\u-8704?!}"), ["\u{1F600}!"])
        XCTAssertEqual(texts("{\\rtf1 \\u-10179?x\\u-8704?}"), ["\u{FFFD}x\u{FFFD}"])
        XCTAssertEqual(texts("{\\rtf1 \\u-99999?}"), ["\u{FFFD}"])
    }

    func testWindows1252HexEscapes() {
        XCTAssertEqual(texts("{\\rtf1\\ansi\\ansicpg1252 caf\\'e9 \\'93q\\'94 \\'80\\'85}"), ["café \u{201C}q\u{201D} €…"])
    }

    func testCodePagesFromCharsetAndDocument() {
        let cyrillic = "{\\rtf1\\ansi\\ansicpg1251 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2}"
        XCTAssertEqual(texts(cyrillic), ["Привет"])
        let byCharset = """
            {\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f0 Arial;}{\\f1\\fcharset238 Arial CE;}{\\f2\\fcharset161 Arial Greek;}\
            {\\f3\\fcharset128 MS Mincho;}{\\f4\\fcharset77 Times;}}\\f1 \\'b9\\f2 \\'e1\\f3 \\'93\\'fa\\'96\\'7b\\f4 \\'8e\\f0 \\'e9}
            """
        XCTAssertEqual(texts(byCharset), ["ąα日本éé"])
    }

    func testMacintoshCodePageFontCodePageAndEncodedFontNames() {
        XCTAssertEqual(texts("{\\rtf1\\mac caf\\'8e}"), ["café"])
        let rtf = "{\\rtf1{\\fonttbl{\\f0\\cpg1253 Greek;}{\\f1\\fcharset204 \\'c0\\'f0\\'e8\\'e0\\'eb;}}\\f0 \\'e1\\f1 x}"
        let paragraph = read(rtf).paragraphs[0]
        XCTAssertEqual(paragraph.text, "αx")
        XCTAssertEqual(paragraph.runs.last?.attributes[.fontFamily], "Ариал")
    }

    func testUnknownCodePageFallsBackWithOneWarning() {
        let document = read("{\\rtf1\\ansicpg99999 \\'e9\\par \\'e9}")
        XCTAssertEqual(document.paragraphs.map(\.text), ["é", "é"])
        XCTAssertEqual(document.warnings, [.codePageUnavailable(99999)])
    }

    // MARK: msx destinations

    func testMsxParagraphOverlay() {
        let rtf = """
            {\\rtf1\\qc{\\*\\msxpara \\{"headingLevel":2,"quoteDepth":1,"listLevel":3,"alignment":null,"custom":\\{"a":[1]\\}\\}}Title\\par Next\\par}
            """
        let paragraphs = read(rtf).paragraphs
        XCTAssertEqual(paragraphs[0].headingLevel, 2)
        XCTAssertEqual(paragraphs[0].quoteDepth, 1)
        XCTAssertEqual(paragraphs[0].listLevel, 3)
        XCTAssertNil(paragraphs[0].attributes[.alignment])
        XCTAssertEqual(paragraphs[0].attributes[AttributeKey(rawValue: "custom")], ["a": [1]])
        XCTAssertEqual(paragraphs[1].attributes[.alignment], "center")
        XCTAssertNil(paragraphs[1].headingLevel)
    }

    func testMsxCharacterOverlayLastsToTheEndOfTheEnclosingGroup() {
        let rtf = """
            {\\rtf1 {\\b a{\\*\\msxchar \\{"underline":null,"kern":2,"fontFamily":"Caf\\u233?"\\}}b\\ul c\\plain d}e}
            """
        let paragraph = read(rtf).paragraphs[0]
        func at(_ offset: Int) -> Attributes { paragraph.runs.first { $0.range.contains(offset) }?.attributes ?? [:] }
        XCTAssertNil(at(0)[AttributeKey(rawValue: "kern")])
        XCTAssertEqual(at(1)[AttributeKey(rawValue: "kern")], 2)
        XCTAssertEqual(at(1)[.fontFamily], "Café")
        XCTAssertEqual(at(1)[.underline], .null)
        XCTAssertEqual(at(1)[.bold], true)
        XCTAssertEqual(at(2)[.underline], "single")
        XCTAssertEqual(at(2)[AttributeKey(rawValue: "kern")], 2)
        XCTAssertNil(at(3)[AttributeKey(rawValue: "kern")])
        XCTAssertNil(at(4)[AttributeKey(rawValue: "kern")])
    }

    func testMalformedMsxDataWarnsOnce() {
        let document = read("{\\rtf1 {\\*\\msxchar nope}a{\\*\\msxpara [1]}\\par}")
        XCTAssertEqual(document.paragraphs.map(\.text), ["a"])
        XCTAssertEqual(document.warnings, [.invalidMsxData])
    }

    // MARK: Performance

    /// A long document reads in time proportional to its length (the speed itself is measured by `make bench`).
    func testLargeDocumentReadsInLinearTime() throws {
        func document(_ paragraphs: Int) -> [UInt8] {
            var rtf = "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Palatino;}}{\\colortbl;\\red255\\green0\\blue0;}\n"
            let sentence = "The quick brown fox jumps over the lazy dog, caf\\'e9 {\\b and} {\\i \\u8212 then} sleeps. "
            for _ in 0..<paragraphs { rtf += "\\pard\\fi360\\sl360\\slmult1 " + String(repeating: sentence, count: 3) + "\\par\n" }
            return Array((rtf + "}").utf8)
        }
        let inputs = [1_000: document(1_000), 2_000: document(2_000)]
        XCTAssertEqual(try RTFReader.read(inputs[2_000]!).paragraphs.count, 2_000)
        try assertLinear("RTF paragraphs", size: 1_000, rounds: 3) { n in _ = try RTFReader.read(inputs[n]!) }
    }
}
