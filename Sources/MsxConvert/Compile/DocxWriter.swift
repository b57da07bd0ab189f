import Foundation
import MsxModel

/// Writes the manuscript as a WordprocessingML package (`.docx`) that Word and LibreOffice open without repair:
/// the document, its styles (Normal, the headings and the project's own as real Word styles), lists as numbering
/// definitions, footnotes as footnotes, links as hyperlinks, page size and margins, and the title and author as
/// document properties.
public enum DocxWriter {
    static let main = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    private static let packageRelationships = "http://schemas.openxmlformats.org/package/2006/relationships"
    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"

    /// The whole manuscript as a `.docx` file.
    public static func render(_ manuscript: Manuscript) throws -> Data {
        let (layout, pictures) = manuscript.laidOutWithPictures()
        let (paragraphs, documents) = (layout.paragraphs, layout.documents)
        let sheet = manuscript.styleSheet
        let tables = OutputTables(paragraphs, sheet: sheet)
        var writer = DocxParagraphWriter(tables: tables, sheet: sheet)
        writer.pictures = pictures
        writer.textWidth = max(914_400, Int((manuscript.pageSize.width - manuscript.margins.left - manuscript.margins.right) * 12_700))
        writer.placeComments(manuscript.annotations, in: paragraphs)
        // Each document's paragraphs inside a bookmark named by its binder id, so an edited copy can come back.
        var bookmarks: [Int: (starts: [String], ends: [Int])] = [:]
        for (number, document) in documents.enumerated() where !document.paragraphs.isEmpty {
            bookmarks[document.paragraphs.lowerBound, default: ([], [])].starts.append(
                "<w:bookmarkStart w:id=\"\(number)\" w:name=\"\(bookmarkName(document.id))\"/>")
            bookmarks[document.paragraphs.upperBound - 1, default: ([], [])].ends.append(number)
        }
        var body = "", tableColumnWidth = 0
        let textWidth = max(1440, RTFWriter.twips(manuscript.pageSize.width - manuscript.margins.left - manuscript.margins.right))
        for (position, paragraph) in paragraphs.enumerated() {
            let marks = bookmarks[position]
            let opening = marks?.starts.joined() ?? "", closing = marks?.ends.map { "<w:bookmarkEnd w:id=\"\($0)\"/>" }.joined() ?? ""
            guard paragraph.kind == .tableRow else {
                body += writer.write(paragraph, at: position, opening: opening, closing: closing)
                continue
            }
            // Consecutive rows are one table: a grid of as many columns as its widest row.
            let isFirst = position == 0 || paragraphs[position - 1].kind != .tableRow
            if isFirst {
                let columns = paragraphs[position...].prefix { $0.kind == .tableRow }.map { $0.text.split(separator: "\t", omittingEmptySubsequences: false).count }.max() ?? 1
                body += "<w:tbl><w:tblPr><w:tblW w:w=\"0\" w:type=\"auto\"/><w:tblBorders>"
                    + ["top", "left", "bottom", "right", "insideH", "insideV"].map { "<w:\($0) w:val=\"single\" w:sz=\"4\" w:space=\"0\" w:color=\"auto\"/>" }.joined()
                    + "</w:tblBorders></w:tblPr><w:tblGrid>"
                    + String(repeating: "<w:gridCol w:w=\"\(textWidth / columns)\"/>", count: columns) + "</w:tblGrid>"
                tableColumnWidth = textWidth / columns
            }
            body += writer.writeRow(paragraph, at: position, width: tableColumnWidth, isHeader: isFirst, opening: opening, closing: closing)
            if position + 1 == paragraphs.count || paragraphs[position + 1].kind != .tableRow { body += "</w:tbl>" }
        }
        return try package(body: body, writer: writer, tables: tables, sheet: sheet, layout: Layout(manuscript))
    }

    /// What the package holds besides the body: the page, the title and author, the running header, how it was
    /// compiled.
    struct Layout {
        var title: String
        var author: String
        var pageSize: (width: Double, height: Double)
        var margins: (top: Double, bottom: Double, left: Double, right: Double)
        /// The running header's text before the page number (none on the first page), or nil for no header.
        var runningHeader: String?
        var wordCount: Int
        var record: [(String, String)]

        init(_ manuscript: Manuscript) {
            (title, author, pageSize, margins) = (manuscript.title, manuscript.author, manuscript.pageSize, manuscript.margins)
            // The manuscript preset's running header, "Surname / TITLE / page", left off the title page.
            runningHeader = manuscript.preset == .manuscript ? "\(manuscript.surname) / \(manuscript.title.uppercased()) / " : nil
            wordCount = manuscript.wordCount
            record = CompileRecord(manuscript).properties
        }

        init(title: String, author: String, wordCount: Int) {
            (self.title, self.author, self.wordCount) = (title, author, wordCount)
            (pageSize, margins, runningHeader, record) = ((612, 792), (72, 72, 72, 72), nil, [])
        }
    }

    /// The package around `body` (the paragraphs `writer` wrote, with `tables`): styles, numbering, notes, links,
    /// page, headers and properties.
    static func package(body: String, writer: DocxParagraphWriter, tables: OutputTables, sheet: StyleSheet, layout: Layout) throws -> Data {
        var body = body
        let page = layout.pageSize, margins = layout.margins
        let runningHeader = layout.runningHeader != nil
        body += "<w:sectPr>" + (runningHeader
            ? "<w:headerReference w:type=\"default\" r:id=\"rIdHeader\"/><w:headerReference w:type=\"first\" r:id=\"rIdFirstHeader\"/>" : "")
        body += "<w:pgSz w:w=\"\(RTFWriter.twips(page.width))\" w:h=\"\(RTFWriter.twips(page.height))\"/>"
            + "<w:pgMar w:top=\"\(RTFWriter.twips(margins.top))\" w:right=\"\(RTFWriter.twips(margins.right))\" "
            + "w:bottom=\"\(RTFWriter.twips(margins.bottom))\" w:left=\"\(RTFWriter.twips(margins.left))\" "
            + "w:header=\"720\" w:footer=\"720\" w:gutter=\"0\"/>" + (runningHeader ? "<w:titlePg/>" : "") + "</w:sectPr>"
        let document = header + "<w:document xmlns:w=\"\(main)\" xmlns:r=\"\(relationships)\" "
            + "xmlns:wp=\"http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing\"><w:body>\(body)</w:body></w:document>"

        var parts: [(path: String, type: String)] = [("/word/document.xml", "officedocument.wordprocessingml.document.main+xml"),
                                                     ("/word/styles.xml", "officedocument.wordprocessingml.styles+xml")]
        var documentRelationships = [relationship("rIdStyles", "styles", "styles.xml")]
        let numbering = DocxStyles.numbering(tables)
        if numbering != nil {
            parts.append(("/word/numbering.xml", "officedocument.wordprocessingml.numbering+xml"))
            documentRelationships.append(relationship("rIdNumbering", "numbering", "numbering.xml"))
        }
        if writer.commentsPart != nil {
            parts.append(("/word/comments.xml", "officedocument.wordprocessingml.comments+xml"))
            documentRelationships.append(relationship("rIdComments", "comments", "comments.xml"))
        }
        if !writer.footnotes.isEmpty {
            parts.append(("/word/footnotes.xml", "officedocument.wordprocessingml.footnotes+xml"))
            documentRelationships.append(relationship("rIdFootnotes", "footnotes", "footnotes.xml"))
        }
        for (index, picture) in writer.pictures.enumerated() {
            documentRelationships.append(relationship("rIdPicture\(index + 1)", "image", "media/picture\(index + 1).\(picture.kind.rawValue)"))
        }
        for (index, link) in writer.links.enumerated() {
            documentRelationships.append("<Relationship Id=\"rIdLink\(index + 1)\" Type=\"\(relationships)/hyperlink\" "
                + "Target=\"\(XMLText.escaped(link, quotes: true))\" TargetMode=\"External\"/>")
        }
        if runningHeader {
            parts.append(("/word/header1.xml", "officedocument.wordprocessingml.header+xml"))
            parts.append(("/word/header2.xml", "officedocument.wordprocessingml.header+xml"))
            documentRelationships.append(relationship("rIdHeader", "header", "header1.xml"))
            documentRelationships.append(relationship("rIdFirstHeader", "header", "header2.xml"))
        }
        let variables = DocxMsxData.documentVariables(writer.msxData)
        if !variables.isEmpty {
            parts.append(("/word/settings.xml", "officedocument.wordprocessingml.settings+xml"))
            documentRelationships.append(relationship("rIdSettings", "settings", "settings.xml"))
        }
        parts.append(("/docProps/core.xml", "package.core-properties+xml"))
        parts.append(("/docProps/app.xml", "officedocument.extended-properties+xml"))
        let custom = DocxMsxData.customProperties(writer.msxData, record: layout.record)
        if custom != nil { parts.append(("/docProps/custom.xml", "officedocument.custom-properties+xml")) }

        let package = try ZipPackage()
        try package.add("[Content_Types].xml", contentTypes(parts, pictures: Set(writer.pictures.map(\.kind))))
        try package.add("_rels/.rels", header + "<Relationships xmlns=\"\(packageRelationships)\">"
            + relationship("rIdDocument", "officeDocument", "word/document.xml")
            + "<Relationship Id=\"rIdCore\" Type=\"\(packageRelationships)/metadata/core-properties\" Target=\"docProps/core.xml\"/>"
            + relationship("rIdApp", "extended-properties", "docProps/app.xml")
            + (custom != nil ? relationship("rIdCustom", "custom-properties", "docProps/custom.xml") : "") + "</Relationships>")
        try package.add("word/document.xml", document)
        try package.add("word/_rels/document.xml.rels", header + "<Relationships xmlns=\"\(packageRelationships)\">"
            + documentRelationships.joined() + "</Relationships>")
        try package.add("word/styles.xml", header + DocxStyles.styles(tables, sheet: sheet, code: writer.usesCode))
        if let numbering { try package.add("word/numbering.xml", header + numbering) }
        if let comments = writer.commentsPart { try package.add("word/comments.xml", header + comments) }
        for (index, picture) in writer.pictures.enumerated() {
            try package.add("word/media/picture\(index + 1).\(picture.kind.rawValue)", picture.data, stored: true)
        }
        if !variables.isEmpty { try package.add("word/settings.xml", header + "<w:settings xmlns:w=\"\(main)\">\(variables)</w:settings>") }
        if !writer.footnotes.isEmpty {
            try package.add("word/footnotes.xml", header + "<w:footnotes xmlns:w=\"\(main)\" xmlns:r=\"\(relationships)\">"
                + "<w:footnote w:type=\"separator\" w:id=\"-1\"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>"
                + "<w:footnote w:type=\"continuationSeparator\" w:id=\"0\"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>"
                + writer.footnotes.joined() + "</w:footnotes>")
        }
        if let text = layout.runningHeader {
            try package.add("word/header1.xml", header + runningHeaderPart(text))
            try package.add("word/header2.xml", header + "<w:hdr xmlns:w=\"\(main)\"><w:p/></w:hdr>")
        }
        try package.add("docProps/core.xml", header + coreProperties(title: layout.title, author: layout.author))
        if let custom { try package.add("docProps/custom.xml", header + custom) }
        try package.add("docProps/app.xml", header + "<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\">"
            + "<Application>msx</Application><Words>\(layout.wordCount)</Words></Properties>")
        return package.data
    }

    /// The bookmark around a document: `msx_` and its binder id (Word takes names of up to 40 letters, digits and
    /// underscores, starting with a letter).
    public static func bookmarkName(_ id: String) -> String {
        "msx_" + String(id.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }.prefix(36))
    }

    private static func relationship(_ id: String, _ type: String, _ target: String) -> String {
        "<Relationship Id=\"\(id)\" Type=\"\(relationships)/\(type)\" Target=\"\(target)\"/>"
    }

    /// A header of `text` and the page number, right-aligned in 12 pt Times New Roman.
    private static func runningHeaderPart(_ text: String) -> String {
        let font = "<w:rPr><w:rFonts w:ascii=\"Times New Roman\" w:hAnsi=\"Times New Roman\" w:cs=\"Times New Roman\"/>"
            + "<w:sz w:val=\"24\"/><w:szCs w:val=\"24\"/></w:rPr>"
        let field = ["<w:fldChar w:fldCharType=\"begin\"/>", "<w:instrText xml:space=\"preserve\"> PAGE </w:instrText>",
                     "<w:fldChar w:fldCharType=\"separate\"/>", "<w:t>1</w:t>", "<w:fldChar w:fldCharType=\"end\"/>"]
        return "<w:hdr xmlns:w=\"\(main)\"><w:p><w:pPr><w:jc w:val=\"right\"/></w:pPr>"
            + "<w:r>\(font)\(DocxParagraphWriter.text(text))</w:r>" + field.map { "<w:r>\(font)\($0)</w:r>" }.joined()
            + "</w:p></w:hdr>"
    }

    private static func contentTypes(_ parts: [(path: String, type: String)], pictures: Set<Picture.Kind>) -> String {
        header + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
            + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
            + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
            + pictures.sorted { $0.rawValue < $1.rawValue }.map { "<Default Extension=\"\($0.rawValue)\" ContentType=\"\($0.mediaType)\"/>" }.joined()
            + parts.map { "<Override PartName=\"\($0.path)\" ContentType=\"application/vnd.openxmlformats-\($0.type)\"/>" }.joined()
            + "</Types>"
    }

    private static func coreProperties(title: String, author: String) -> String {
        "<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\" "
            + "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\" "
            + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
            + "<dc:title>\(XMLText.escaped(title))</dc:title><dc:creator>\(XMLText.escaped(author))</dc:creator>"
            + "</cp:coreProperties>"
    }
}
