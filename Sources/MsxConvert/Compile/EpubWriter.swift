import Foundation
import MsxModel

/// Writes the manuscript as an EPUB 3 package that epubcheck accepts without error or warning: the `mimetype`
/// first and stored, the container, the package document (title, author, language, identifier, modified date),
/// a navigation document whose table of contents follows the book's sections (parts, then their chapters) with
/// landmarks, a cover page when the `cover` compile setting names a picture, one XHTML file per part, chapter and
/// piece of front or back matter, a stylesheet from the project's defaults (fonts by family; the font files the
/// project supplies for the families the book uses embedded, each with its `@font-face`), footnotes as EPUB
/// footnotes.
public enum EpubWriter {
    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    /// One XHTML file of the book: its title and section (for the table of contents; nil for the text before the
    /// first section, a title page) and paragraphs.
    private struct Chapter {
        var title: String
        var section: BookSection?
        var paragraphs: [ResolvedParagraph]
        var file: String
    }

    public static func render(_ manuscript: Manuscript) throws -> Data {
        let (layout, pictures) = manuscript.laidOutWithPictures()
        let paragraphs = layout.paragraphs
        let chapters = self.chapters(manuscript, paragraphs: paragraphs.map(withPackagedPictures(pictures)), sections: layout.sections)
        let fonts = embedded(manuscript.fonts, used: OutputTables(paragraphs, sheet: manuscript.styleSheet).fonts)
        let package = try ZipPackage()
        try package.add("mimetype", "application/epub+zip", stored: true)
        try package.add("META-INF/container.xml", header
            + "<container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"><rootfiles>"
            + "<rootfile full-path=\"OEBPS/content.opf\" media-type=\"application/oebps-package+xml\"/></rootfiles></container>")
        try package.add("OEBPS/content.opf", packageDocument(manuscript, chapters: chapters, pictures: pictures, fonts: fonts))
        try package.add("OEBPS/nav.xhtml", navigation(manuscript, chapters: chapters))
        try package.add("OEBPS/style.css", stylesheet(manuscript.styleSheet, fonts: fonts))
        for (index, font) in fonts.enumerated() { try package.add("OEBPS/" + file(of: font.file, number: index + 1), font.file.data) }
        for (index, picture) in pictures.enumerated() {
            try package.add("OEBPS/" + file(of: picture, number: index + 1), picture.data, stored: true)
        }
        if let cover = manuscript.cover {
            try package.add("OEBPS/" + coverFile(cover), cover.data, stored: true)
            try package.add("OEBPS/cover.xhtml", page(title(of: manuscript), language: manuscript.language,
                body: "<section epub:type=\"cover\" style=\"text-align: center\"><img src=\"\(coverFile(cover))\" alt=\"\(XMLText.escaped(title(of: manuscript), quotes: true))\" "
                    + "style=\"max-width: 100%; max-height: 100%\"/></section>\n"))
        }
        for chapter in chapters {
            try package.add("OEBPS/" + chapter.file, page(chapter.title, language: manuscript.language,
                                                         body: HTMLPage.body(chapter.paragraphs, markup: .xhtml)))
        }
        return package.data
    }

    /// The book cut before each chapter heading (level 1; a book without any, before each document); the text
    /// before the first (a title page) is a file of its own.
    /// Where the cover picture goes in the package.
    private static func coverFile(_ cover: Picture) -> String { "images/cover.\(cover.kind.rawValue)" }

    /// Where picture `number` goes in the package.
    private static func file(of picture: Picture, number: Int) -> String { "images/picture-\(number).\(picture.kind.rawValue)" }

    /// Where font file `number` goes in the package.
    private static func file(of font: FontFile, number: Int) -> String { "fonts/font-\(number).\(font.kind.rawValue)" }

    /// The font files of the families the book uses, each with the family's name as the book spells it.
    private static func embedded(_ files: [FontFile], used: [String]) -> [(family: String, file: FontFile)] {
        let spelling = Dictionary(used.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        return files.compactMap { file in spelling[file.family.lowercased()].map { ($0, file) } }
    }

    /// A paragraph whose pictures ("#picture-N") name their files in the package.
    private static func withPackagedPictures(_ pictures: [Picture]) -> (ResolvedParagraph) -> ResolvedParagraph {
        { p in
            var p = p
            for index in p.runs.indices {
                guard let address = p.runs[index].attributes[.image]?.stringValue, address.hasPrefix("#picture-"),
                      let number = Int(address.dropFirst(9)), pictures.indices.contains(number - 1) else { continue }
                p.runs[index].attributes[.image] = .string(file(of: pictures[number - 1], number: number))
            }
            return p
        }
    }

    private static func chapters(_ manuscript: Manuscript, paragraphs: [ResolvedParagraph], sections: [SectionStart]) -> [Chapter] {
        var starts = sections
        if starts.first?.paragraph != 0 {
            starts.insert(SectionStart(paragraph: 0, section: BookSection(type: .frontMatter, inPart: false), title: title(of: manuscript)), at: 0)
        }
        var chapters: [Chapter] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].paragraph : paragraphs.count
            guard start.paragraph < end else { continue }
            let opening = index == 0 && sections.first?.paragraph != 0
            chapters.append(Chapter(title: start.title, section: opening ? nil : start.section,
                                    paragraphs: Array(paragraphs[start.paragraph..<end]), file: "chapter-\(chapters.count + 1).xhtml"))
        }
        if chapters.isEmpty { chapters = [Chapter(title: title(of: manuscript), section: nil, paragraphs: [], file: "chapter-1.xhtml")] }
        return chapters
    }

    /// The book's title, "Untitled" when it has none (EPUB needs one).
    private static func title(of manuscript: Manuscript) -> String {
        manuscript.title.trimmingSpaces.isEmpty ? "Untitled" : manuscript.title
    }

    private static func page(_ title: String, language: String, body: String) -> String {
        let lang = XMLText.escaped(language, quotes: true)
        return header + "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" "
            + "xml:lang=\"\(lang)\" lang=\"\(lang)\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>\(XMLText.escaped(title))</title>\n"
            + "<link rel=\"stylesheet\" type=\"text/css\" href=\"style.css\"/>\n</head>\n<body>\n\(body)</body>\n</html>\n"
    }

    /// The table of contents, nested as the book is (a part's chapters inside it), and the landmarks: where the
    /// body of the book begins (a landmark may only lead into the spine, which the contents are not part of).
    private static func navigation(_ manuscript: Manuscript, chapters: [Chapter]) -> String {
        var items = ""
        var inPart = false
        for chapter in chapters {
            let entry = "<a href=\"\(chapter.file)\">\(XMLText.escaped(chapter.title))</a>"
            if inPart && chapter.section?.inPart != true { items += "</ol></li>\n"; inPart = false }
            if chapter.section?.type == .part {
                items += "<li>\(entry)<ol>\n"
                inPart = true
            } else {
                items += "<li>\(entry)</li>\n"
            }
        }
        if inPart { items += "</ol></li>\n" }
        // A part whose chapters were all left out has an empty list, which EPUB does not allow.
        items = items.replacingOccurrences(of: "<ol>\n</ol>", with: "")
        let body = chapters.first { [.part, .chapter].contains($0.section?.type) } ?? chapters[0]
        let cover = manuscript.cover == nil ? "" : "<li><a epub:type=\"cover\" href=\"cover.xhtml\">Cover</a></li>\n"
        let landmarks = "<nav epub:type=\"landmarks\" id=\"landmarks\" hidden=\"hidden\">\n<h2>Landmarks</h2>\n<ol>\n" + cover
            + "<li><a epub:type=\"bodymatter\" href=\"\(body.file)\">\(XMLText.escaped(body.title))</a></li>\n</ol>\n</nav>\n"
        return page("Contents", language: manuscript.language,
                    body: "<nav epub:type=\"toc\" id=\"toc\">\n<h1>Contents</h1>\n<ol>\n\(items)</ol>\n</nav>\n" + landmarks)
    }

    private static func packageDocument(_ manuscript: Manuscript, chapters: [Chapter], pictures: [Picture],
                                        fonts: [(family: String, file: FontFile)]) -> String {
        let stamp = ISO8601DateFormatter()
        stamp.formatOptions = [.withInternetDateTime]
        let modified = stamp.string(from: manuscript.modified ?? Date())
        let identifier = "urn:msx:" + (manuscript.identifier.isEmpty ? TextHash.fnv1a64(manuscript.title) : manuscript.identifier)
        var metadata = "<dc:identifier id=\"pub-id\">\(XMLText.escaped(identifier))</dc:identifier>"
            + "<dc:title>\(XMLText.escaped(title(of: manuscript)))</dc:title>"
        if !manuscript.author.isEmpty { metadata += "<dc:creator>\(XMLText.escaped(manuscript.author))</dc:creator>" }
        metadata += "<dc:language>\(XMLText.escaped(manuscript.language))</dc:language>"
            + "<meta property=\"dcterms:modified\">\(modified)</meta>"
        // Readers that predate EPUB 3 (Kindle's converters among them) find the cover by this name.
        if manuscript.cover != nil { metadata += "<meta name=\"cover\" content=\"cover-image\"/>" }
        let items = ["<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>",
                     "<item id=\"css\" href=\"style.css\" media-type=\"text/css\"/>"]
            + chapters.enumerated().map { "<item id=\"c\($0 + 1)\" href=\"\($1.file)\" media-type=\"application/xhtml+xml\"/>" }
            + pictures.enumerated().map { "<item id=\"p\($0 + 1)\" href=\"\(file(of: $1, number: $0 + 1))\" media-type=\"\($1.kind.mediaType)\"/>" }
            + fonts.enumerated().map { "<item id=\"f\($0 + 1)\" href=\"\(file(of: $1.file, number: $0 + 1))\" media-type=\"\($1.file.kind.mediaType)\"/>" }
        let coverItems = manuscript.cover.map { cover in
            ["<item id=\"cover-image\" href=\"\(coverFile(cover))\" media-type=\"\(cover.kind.mediaType)\" properties=\"cover-image\"/>",
             "<item id=\"cover\" href=\"cover.xhtml\" media-type=\"application/xhtml+xml\"/>"]
        } ?? []
        let spine = (manuscript.cover == nil ? "" : "<itemref idref=\"cover\"/>")
            + chapters.indices.map { "<itemref idref=\"c\($0 + 1)\"/>" }.joined()
        return header + "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"pub-id\" "
            + "xml:lang=\"\(XMLText.escaped(manuscript.language, quotes: true))\">"
            + "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\(metadata)</metadata>"
            + "<manifest>\((items + coverItems).joined())</manifest><spine>\(spine)</spine></package>\n"
    }

    /// The page rules, a `@font-face` for each font file embedded, and the project's body text: its font family
    /// (the reader's fallback after it) and size.
    private static func stylesheet(_ sheet: StyleSheet, fonts: [(family: String, file: FontFile)]) -> String {
        var body: [String] = []
        if let family = sheet.defaults[.fontFamily]?.stringValue {
            body.append("font-family: \"\(family.replacingOccurrences(of: "\"", with: ""))\", serif")
        }
        if let size = sheet.defaults[.fontSize]?.numberValue { body.append("font-size: \(JSONWriter.format(size))pt") }
        // `@namespace` comes before every rule, as CSS asks.
        let faces = fonts.enumerated().map { index, font in
            "@font-face { font-family: \"\(font.family.replacingOccurrences(of: "\"", with: ""))\"; font-weight: \(font.file.weight); "
                + "font-style: \(font.file.italic ? "italic" : "normal"); src: url(\"\(file(of: font.file, number: index + 1))\"); }\n"
        }
        return "@namespace epub \"http://www.idpf.org/2007/ops\";\n" + faces.joined()
            + HTMLPage.stylesheet.replacingOccurrences(of: "body { max-width: 40em; margin: 2em auto; padding: 0 1em; }", with: "")
            + "\nbody { \(body.joined(separator: "; ")) }\naside[epub|type~=\"footnote\"] { font-size: smaller; }\n"
    }
}
