#!/usr/bin/env python3
"""Writes the DOCX fixtures of Tests/MsxKitTests/Fixtures/docx: files laid out the way Microsoft Word (365) and
Google Docs write them, for the import tests (no Word or Google Docs runs here). What each program does that a
reader can trip on is there:

  word.docx        rsid-split runs (a word cut in two), w14 paragraph ids, proofing marks, the _GoBack bookmark,
                   theme fonts, a Hyperlink character style, a field with a result (DATE), a content control,
                   separator footnotes before the real one, Symbol-font bullets, a nested list, a table with a
                   grid, soft and non-breaking hyphens, a tab, mc:AlternateContent around a w14 check box,
                   lastRenderedPageBreak, and the section properties at the end of the body.
  googledocs.docx  explicit Arial on every run, 1.15 line spacing on every paragraph, Title and Heading styles,
                   "●/○" bullets with one abstract numbering per list, links coloured 1155CC, _gjdgxs-style
                   bookmarks with column bounds, a footnote, a table with cell margins.

Run from the repository root: python3 scripts/make-docx-fixtures.py
"""
import pathlib
import zipfile

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/MsxKitTests/Fixtures/docx"
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
W14 = "http://schemas.microsoft.com/office/word/2010/wordml"
W15 = "http://schemas.microsoft.com/office/word/2012/wordml"
CT = "application/vnd.openxmlformats-officedocument.wordprocessingml"


def package(path, document, styles, numbering, footnotes, links, extra_types=""):
    types = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             f'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
             f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
             f'<Default Extension="xml" ContentType="application/xml"/>'
             f'<Override PartName="/word/document.xml" ContentType="{CT}.document.main+xml"/>'
             f'<Override PartName="/word/styles.xml" ContentType="{CT}.styles+xml"/>'
             f'<Override PartName="/word/numbering.xml" ContentType="{CT}.numbering+xml"/>'
             f'<Override PartName="/word/footnotes.xml" ContentType="{CT}.footnotes+xml"/>{extra_types}</Types>')
    rels = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG}">'
            f'<Relationship Id="rId1" Type="{R}/officeDocument" Target="word/document.xml"/></Relationships>')
    doc_rels = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG}">'
                f'<Relationship Id="rId1" Type="{R}/styles" Target="styles.xml"/>'
                f'<Relationship Id="rId2" Type="{R}/numbering" Target="numbering.xml"/>'
                f'<Relationship Id="rId3" Type="{R}/footnotes" Target="footnotes.xml"/>'
                + "".join(f'<Relationship Id="{i}" Type="{R}/hyperlink" Target="{t}" TargetMode="External"/>' for i, t in links)
                + '</Relationships>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", types)
        z.writestr("_rels/.rels", rels)
        z.writestr("word/_rels/document.xml.rels", doc_rels)
        z.writestr("word/document.xml", document)
        z.writestr("word/styles.xml", styles)
        z.writestr("word/numbering.xml", numbering)
        z.writestr("word/footnotes.xml", footnotes)


def word():
    def p(content, ppr="", rsid="00A1B2C3", pid="1A2B3C4D"):
        return (f'<w:p w:rsidR="{rsid}" w:rsidRDefault="{rsid}" w14:paraId="{pid}" w14:textId="77777777">'
                + (f"<w:pPr>{ppr}</w:pPr>" if ppr else "") + content + "</w:p>")

    def r(text, rpr="", rsid="00A1B2C3"):
        return f'<w:r w:rsidRPr="{rsid}">' + (f"<w:rPr>{rpr}</w:rPr>" if rpr else "") + f'<w:t xml:space="preserve">{text}</w:t></w:r>'

    item = lambda level, num: f'<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="{num}"/></w:numPr>'
    body = "".join([
        p('<w:sdt><w:sdtPr><w:alias w:val="Title"/><w:tag w:val=""/><w:id w:val="-1"/></w:sdtPr><w:sdtContent>'
          + r("The Harbour") + "</w:sdtContent></w:sdt>", '<w:pStyle w:val="Heading1"/>'),
        p(r("It was ") + r("dark", "<w:i/><w:iCs/>") + r(" and ") + r("cold", "<w:b/><w:bCs/>") + r(" over the old har")
          + r("bour.", rsid="00D4E5F6")
          + '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>'
          + '<w:proofErr w:type="spellStart"/>' + r(" The keeper climbed to ") + '<w:proofErr w:type="spellEnd"/>'
          + '<w:hyperlink r:id="rId10" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr>'
          + '<w:t>the light</w:t></w:r></w:hyperlink>' + r(".")
          + '<w:bookmarkStart w:id="0" w:name="_GoBack"/><w:bookmarkEnd w:id="0"/>'),
        p(r("Tides"), '<w:pStyle w:val="Heading2"/>'),
        p(r("high water at six"), item(0, 1)),
        p('<w:r><w:lastRenderedPageBreak/><w:t>low water at noon</w:t></w:r>', item(0, 1)),
        p(r("slack between"), item(1, 1)),
        p(r("Climb the stair."), item(0, 2)),
        p(r("Light the lamp."), item(0, 2)),
        p(r("A quoted line, from the log."), '<w:pStyle w:val="Quote"/>'),
        '<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>'
        '<w:tblGrid><w:gridCol w:w="4675"/><w:gridCol w:w="4675"/></w:tblGrid>'
        + "".join('<w:tr w:rsidR="00A1B2C3">' + "".join(f'<w:tc><w:tcPr><w:tcW w:w="4675" w:type="dxa"/></w:tcPr>{p(r(c))}</w:tc>' for c in row) + "</w:tr>"
                  for row in [("Tide", "Hour"), ("high", "six")]) + "</w:tbl>",
        p(r("Café, naïve, “quotes” — and an ellipsis…")),
        p(r("Logged on ") + '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> DATE \\@ "d MMMM yyyy" </w:instrText></w:r>'
          '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' + r("24 November 2026") + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
          + r(", well") + '<w:r><w:softHyphen/></w:r>' + r("kept, twenty") + '<w:r><w:noBreakHyphen/></w:r>' + r("two lamps.")),
        p('<w:r><w:t>Name</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>Keeper</w:t></w:r>'),
        p('<w:sdt><w:sdtPr><w14:checkbox><w14:checked w14:val="0"/></w14:checkbox></w:sdtPr><w:sdtContent>'
          f'<mc:AlternateContent xmlns:mc="{MC}"><mc:Choice Requires="w14"><w:r><w:t>\u2610</w:t></w:r></mc:Choice>'
          '<mc:Fallback><w:r><w:t>\u2610</w:t></w:r></mc:Fallback></mc:AlternateContent></w:sdtContent></w:sdt>' + r(" Oil the hinge.")),
        '<w:sectPr w:rsidR="00A1B2C3"><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" '
        'w:left="1440" w:header="720" w:footer="720" w:gutter="0"/><w:cols w:space="720"/></w:sectPr>',
    ])
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{W}" xmlns:r="{R}" '
                f'xmlns:mc="{MC}" xmlns:w14="{W14}" xmlns:w15="{W15}" mc:Ignorable="w14 w15"><w:body>{body}</w:body></w:document>')
    styles = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="{W}" xmlns:mc="{MC}" xmlns:w14="{W14}" mc:Ignorable="w14">'
              '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:eastAsiaTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi" '
              'w:cstheme="minorBidi"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="en-US" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr>'
              '</w:rPrDefault><w:pPrDefault/></w:docDefaults>'
              '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>'
              '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/>'
              '<w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="240"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:sz w:val="32"/></w:rPr></w:style>'
              '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/>'
              '<w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:sz w:val="26"/></w:rPr></w:style>'
              '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/>'
              '<w:pPr><w:ind w:left="720"/><w:contextualSpacing/></w:pPr></w:style>'
              '<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/><w:basedOn w:val="Normal"/>'
              '<w:pPr><w:ind w:left="864" w:right="864"/><w:jc w:val="center"/></w:pPr><w:rPr><w:i/></w:rPr></w:style>'
              '<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr></w:style>'
              '<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>'
              '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>')
    bullet = lambda level, char, font: (f'<w:lvl w:ilvl="{level}" w:tplc="04090001"><w:start w:val="1"/><w:numFmt w:val="bullet"/>'
                                         f'<w:lvlText w:val="{char}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="{720 * (level + 1)}" w:hanging="360"/></w:pPr>'
                                         f'<w:rPr><w:rFonts w:ascii="{font}" w:hAnsi="{font}" w:hint="default"/></w:rPr></w:lvl>')
    numbering = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="{W}">'
                 '<w:abstractNum w:abstractNumId="0"><w:nsid w:val="1F2E3D4C"/><w:multiLevelType w:val="hybridMultilevel"/>'
                 + bullet(0, "\uf0b7", "Symbol") + bullet(1, "o", "Courier New") + "</w:abstractNum>"
                 '<w:abstractNum w:abstractNumId="1"><w:nsid w:val="5A6B7C8D"/><w:multiLevelType w:val="hybridMultilevel"/>'
                 '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/>'
                 '<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>'
                 '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>')
    footnotes = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes xmlns:w="{W}">'
                 '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
                 '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'
                 '<w:footnote w:id="1"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr>'
                 '<w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Not the </w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>new</w:t></w:r>'
                 '<w:r><w:t xml:space="preserve"> one.</w:t></w:r></w:p></w:footnote></w:footnotes>')
    package(OUT / "word.docx", document, styles, numbering, footnotes, [("rId10", "https://example.com/light")])


def googledocs():
    arial = '<w:rFonts w:ascii="Arial" w:cs="Arial" w:eastAsia="Arial" w:hAnsi="Arial"/>'

    def p(content, ppr="", style=None):
        props = (f'<w:pStyle w:val="{style}"/>' if style else "") + ppr + '<w:spacing w:after="0" w:line="276" w:lineRule="auto"/>'
        return f'<w:p><w:pPr>{props}</w:pPr>{content}</w:p>'

    def r(text, rpr=""):
        return f'<w:r><w:rPr>{arial}{rpr}<w:sz w:val="22"/><w:szCs w:val="22"/><w:rtl w:val="0"/></w:rPr><w:t xml:space="preserve">{text}</w:t></w:r>'

    item = lambda level, num: f'<w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="{num}"/></w:numPr><w:ind w:left="{720 * (level + 1)}" w:hanging="360"/>'
    body = "".join([
        '<w:bookmarkStart w:colFirst="0" w:colLast="0" w:name="_gjdgxs" w:id="0"/><w:bookmarkEnd w:id="0"/>',
        p(r("The Harbour"), style="Title"),
        p(r("It was ") + r("dark", "<w:i/>") + r(" and ") + r("cold", "<w:b/>") + r(" over the old harbour.")
          + f'<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:customMarkFollows="0" w:id="0"/></w:r>'
          + r(" The keeper climbed to ")
          + '<w:hyperlink r:id="rId7"><w:r><w:rPr>' + arial + '<w:color w:val="1155cc"/><w:sz w:val="22"/><w:u w:val="single"/></w:rPr>'
          '<w:t xml:space="preserve">the light</w:t></w:r></w:hyperlink>' + r(".")),
        '<w:bookmarkStart w:colFirst="0" w:colLast="0" w:name="_30j0zll" w:id="1"/><w:bookmarkEnd w:id="1"/>',
        p(r("Tides"), style="Heading2", ppr='<w:keepNext w:val="0"/><w:keepLines w:val="0"/>'),
        p(r("high water at six"), item(0, 1)),
        p(r("low water at noon"), item(0, 1)),
        p(r("slack between"), item(1, 1)),
        p(r("Climb the stair."), item(0, 2)),
        p(r("Light the lamp."), item(0, 2)),
        p(r("A quoted line, from the log.", "<w:i/>"), '<w:ind w:left="720"/>'),
        '<w:tbl><w:tblPr><w:tblStyle w:val="Table1"/><w:tblW w:w="9360.0" w:type="dxa"/><w:jc w:val="left"/>'
        '<w:tblLayout w:type="fixed"/><w:tblLook w:val="0600"/></w:tblPr><w:tblGrid><w:gridCol w:w="4680"/><w:gridCol w:w="4680"/></w:tblGrid>'
        + "".join("<w:tr>" + "".join('<w:tc><w:tcPr><w:shd w:fill="auto" w:val="clear"/><w:tcMar><w:top w:w="100.0" w:type="dxa"/>'
                                     '<w:left w:w="100.0" w:type="dxa"/></w:tcMar></w:tcPr>' + p(r(c), '<w:widowControl w:val="0"/>') + "</w:tc>" for c in row) + "</w:tr>"
                  for row in [("Tide", "Hour"), ("high", "six")]) + "</w:tbl>",
        p(r("Café, naïve, “quotes” — and an ellipsis…")),
        '<w:sectPr><w:pgSz w:h="15840" w:w="12240" w:orient="portrait"/><w:pgMar w:bottom="1440" w:top="1440" w:left="1440" '
        'w:right="1440" w:header="720" w:footer="720"/><w:pgNumType w:start="1"/></w:sectPr>',
    ])
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{W}" xmlns:r="{R}" '
                f'xmlns:mc="{MC}" xmlns:w14="{W14}" mc:Ignorable="w14"><w:body>{body}</w:body></w:document>')
    styles = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="{W}">'
              f'<w:docDefaults><w:rPrDefault><w:rPr>{arial}<w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en"/></w:rPr></w:rPrDefault>'
              '<w:pPrDefault><w:pPr><w:spacing w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>'
              '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="normal"/></w:style>'
              '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/>'
              '<w:pPr><w:keepNext w:val="1"/><w:keepLines w:val="1"/><w:spacing w:after="60"/></w:pPr><w:rPr><w:sz w:val="52"/></w:rPr></w:style>'
              '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/>'
              '<w:pPr><w:keepNext w:val="1"/><w:keepLines w:val="1"/><w:spacing w:before="360" w:after="120"/></w:pPr><w:rPr><w:sz w:val="32"/></w:rPr></w:style>'
              '<w:style w:type="table" w:styleId="Table1"><w:basedOn w:val="TableNormal"/><w:tblPr><w:tblStyleRowBandSize w:val="1"/></w:tblPr></w:style>'
              '</w:styles>')
    level = lambda lvl, char: (f'<w:lvl w:ilvl="{lvl}"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="{char}"/>'
                               f'<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="{720 * (lvl + 1)}" w:hanging="360"/></w:pPr>'
                               '<w:rPr><w:u w:val="none"/></w:rPr></w:lvl>')
    numbering = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="{W}">'
                 '<w:abstractNum w:abstractNumId="1">' + level(0, "●") + level(1, "○") + level(2, "■") + "</w:abstractNum>"
                 '<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/>'
                 '<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>'
                 '<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="2"/></w:num></w:numbering>')
    footnotes = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes xmlns:w="{W}">'
                 '<w:footnote w:id="-1" w:type="separator"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
                 '<w:footnote w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>'
                 '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>'
                 f'<w:r><w:rPr>{arial}<w:sz w:val="20"/></w:rPr><w:t xml:space="preserve"> Not the </w:t></w:r>'
                 f'<w:r><w:rPr>{arial}<w:i/><w:sz w:val="20"/></w:rPr><w:t>new</w:t></w:r>'
                 f'<w:r><w:rPr>{arial}<w:sz w:val="20"/></w:rPr><w:t xml:space="preserve"> one.</w:t></w:r></w:p></w:footnote></w:footnotes>')
    package(OUT / "googledocs.docx", document, styles, numbering, footnotes, [("rId7", "https://example.com/light")])


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    word()
    googledocs()
    print(f"wrote {OUT / 'word.docx'} and {OUT / 'googledocs.docx'}")
