import Foundation

/// A standalone HTML page rendering a document with all its formatting.
/// How a page is written: HTML, or XHTML (well-formed XML, as EPUB wants) with EPUB's footnotes.
public enum HTMLMarkup: Sendable {
    case html, xhtml
}

public enum HTMLPage {
    /// A standalone page; open `annotations` show as notes in the margin beside their words.
    public static func render(_ paragraphs: [ResolvedParagraph], title: String, annotations: [String: Annotation] = [:]) -> String {
        """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <title>\(escape(title))</title>
        <style>
        \(stylesheet)
        </style>
        </head>
        <body>
        \(body(paragraphs, markup: .html, annotations: annotations))</body>
        </html>

        """
    }

    /// The rules every page needs, whatever its paragraphs say.
    public static let stylesheet = """
        body { max-width: 40em; margin: 2em auto; padding: 0 1em; }
        p, li, h1, h2, h3, h4, h5, h6, pre { margin: 0; }
        li.checked::marker, li.unchecked::marker { content: ""; }
        table { border-collapse: collapse; } td, th { padding: 0 1em 0 0; text-align: left; vertical-align: top; }
        .annotated { background-color: #FFF3B0; }
        .margin-note { float: right; clear: right; width: 13em; margin-right: -15em; font-size: 0.8em; color: #444; text-indent: 0; }
        """

    /// The paragraphs as the inside of a page's body, their footnotes numbered from 1 and gathered at the end
    /// (in XHTML, as EPUB footnotes).
    public static func body(_ paragraphs: [ResolvedParagraph], markup: HTMLMarkup, annotations: [String: Annotation] = [:]) -> String {
        // A list item is always inside its list, a table row inside its table: the list or table opens just before.
        let listTags = paragraphs.map { p in
            p.kind == .listItem
                ? p.attributes[.listFormat]?.stringValue.flatMap(ListFormat.init(rawValue:)).map { $0.isOrdered ? "ol" : "ul" }
                : p.kind == .tableRow ? "table" : nil
        }
        // Footnotes are numbered through the page: each paragraph's first number, then the paragraphs on all cores.
        var firstNotes: [Int] = []
        var notesSoFar = 1
        for count in paragraphs.concurrentMap(noteCount) {
            firstNotes.append(notesSoFar)
            notesSoFar += count
        }
        // Each open annotation's note goes beside the paragraph its words begin in.
        var notesBeside: [Int: [Annotation]] = [:], placed = Set<String>()
        if markup == .html {
            for (index, p) in paragraphs.enumerated() {
                for run in p.runs {
                    for id in RichDocument.annotationIDs(run.attributes[.annotation]) where !placed.contains(id) {
                        guard let annotation = annotations[id], !annotation.resolved else { continue }
                        placed.insert(id)
                        notesBeside[index, default: []].append(annotation)
                    }
                }
            }
        }
        let beside = notesBeside
        let rendered = Array(zip(paragraphs.indices, zip(listTags, firstNotes))).concurrentMap { index, place in
            // A table's first row is its header.
            let isHeader = paragraphs[index].kind == .tableRow && (index == 0 || paragraphs[index - 1].kind != .tableRow)
            return block(paragraphs[index], inList: place.0 != nil, firstNote: place.1, markup: markup, isHeader: isHeader,
                         marginNotes: beside[index] ?? [])
        }
        var body = ""
        var openList: String?
        for (index, (listTag, html)) in zip(listTags, rendered.map(\.html)).enumerated() {
            // An item's further paragraph goes inside the item.
            if paragraphs[index].continuesListItem, openList != nil, body.hasSuffix("</li>\n") {
                body.removeLast(6)
                body += html + "</li>\n"
                continue
            }
            // A list right after another one is a list of its own.
            let newList = index > 0 && listTag != nil && paragraphs[index].kind == .listItem
                && paragraphs[index - 1].listIdentity != paragraphs[index].listIdentity
            if let open = openList, listTag != open || newList {
                body += "</\(open)>\n"
                openList = nil
            }
            if let listTag, openList == nil {
                let start = listTag == "ol" ? paragraphs[index].listStart.map { " start=\"\($0)\"" } ?? "" : ""
                body += "<\(listTag)\(start)>\n"
                openList = listTag
            }
            body += html + "\n"
        }
        if let openList { body += "</\(openList)>\n" }
        return body + footnotes(rendered.flatMap(\.notes), markup: markup)
    }

    /// How many footnotes a paragraph holds.
    private static func noteCount(_ p: ResolvedParagraph) -> Int {
        // A note in a table cell stays in the cell's text.
        guard p.kind != .tableRow else { return 0 }
        return InlineNote.groups(p.runs).filter { $0.isNote && InlineNote.inner($0.runs) != nil }.count
    }

    /// A paragraph's HTML, its footnotes (numbered from `firstNote`) as references, and the notes' own HTML.
    private static func block(_ p: ResolvedParagraph, inList: Bool, firstNote: Int, markup: HTMLMarkup,
                              isHeader: Bool = false, marginNotes: [Annotation] = []) -> (html: String, notes: [String]) {
        var notes: [String] = []
        if p.kind == .tableRow {
            // Each cell (the text between tabs) with its own stretch of the runs.
            let tag = isHeader ? "th" : "td"
            var cells: [String] = [], cell = ""
            for run in p.runs {
                let pieces = run.text.split(separator: "\t", omittingEmptySubsequences: false)
                for (index, piece) in pieces.enumerated() {
                    if index > 0 { cells.append(cell); cell = "" }
                    if !piece.isEmpty { cell += styled(String(piece), run.attributes, markup: markup) }
                }
            }
            cells.append(cell)
            return ("<tr style=\"\(paragraphCSS(p.attributes))\">" + cells.map { "<\(tag)>\($0)</\(tag)>" }.joined() + "</tr>", [])
        }
        let margin = marginNotes.map { annotation in
            "<span class=\"margin-note\">\(escape(annotation.note))" + (annotation.author.isEmpty ? "" : " \u{2014} \(escape(annotation.author))") + "</span>"
        }.joined()
        let content = margin + InlineNote.groups(p.runs).map { group -> String in
            let run = { (r: ResolvedRun) -> String in
                let html = styled(r.text, r.attributes, markup: markup)
                return markup == .html && !RichDocument.annotationIDs(r.attributes[.annotation]).isEmpty ? "<span class=\"annotated\">\(html)</span>" : html
            }
            guard group.isNote, let inner = InlineNote.inner(group.runs) else { return group.runs.map(run).joined() }
            let number = firstNote + notes.count
            notes.append(inner.map(run).joined())
            let reference = markup == .xhtml ? " epub:type=\"noteref\" role=\"doc-noteref\"" : ""
            return "<sup class=\"footnote-ref\"><a\(reference) href=\"#fn\(number)\" id=\"fnref\(number)\">\(number)</a></sup>"
        }.joined()
        return (block(p, content: content, inList: inList, markup: markup), notes)
    }

    /// The notes at the end of the page, each with a link back to where it is referenced (in XHTML, EPUB footnotes,
    /// which reading systems show as pop-ups).
    private static func footnotes(_ notes: [String], markup: HTMLMarkup) -> String {
        guard !notes.isEmpty else { return "" }
        if markup == .xhtml {
            return notes.enumerated().map { k, note in
                "<aside epub:type=\"footnote\" role=\"doc-footnote\" id=\"fn\(k + 1)\"><p><a href=\"#fnref\(k + 1)\">\(k + 1).</a> \(note)</p></aside>\n"
            }.joined()
        }
        let items = notes.enumerated().map { k, note in
            "<li id=\"fn\(k + 1)\"><p>\(note) <a href=\"#fnref\(k + 1)\" class=\"footnote-back\">\u{21A9}\u{FE0E}</a></p></li>\n"
        }
        return "<section class=\"footnotes\">\n<hr>\n<ol>\n" + items.joined() + "</ol>\n</section>\n"
    }

    private static func block(_ p: ResolvedParagraph, content: String, inList: Bool, markup: HTMLMarkup) -> String {
        let style = paragraphCSS(p.attributes)
        switch p.kind {
        case .heading(let level, _):
            return "<h\(level) style=\"\(style)\">\(content)</h\(level)>"
        case .codeBlock:
            return "<pre style=\"\(style)\">\(content)</pre>"
        case .htmlBlock:
            // XHTML must be well-formed: raw HTML (which need not be) is shown as its readable text.
            return markup == .html ? p.raw ?? "<div style=\"\(style)\">\(content)</div>" : "<div style=\"\(style)\">\(content)</div>"
        case .thematicBreak:
            return markup == .html ? "<hr>" : "<hr/>"
        case .listItem where inList:
            // The list places its items: the body's first-line indent would push each item's first line away from
            // its bullet or number (or, for an item's further paragraph, away from the item's text).
            var attributes = p.attributes
            if let head = attributes[.headIndent] { attributes[.firstLineHeadIndent] = head }
            if p.continuesListItem { return "<p style=\"\(paragraphCSS(attributes))\">\(content)</p>" }
            let box = p.checklist.map { $0 == "checked" ? "\u{2611} " : "\u{2610} " } ?? ""
            return "<li style=\"\(paragraphCSS(attributes))\">\(box)\(content)</li>"
        default:
            let box = p.checklist.map { $0 == "checked" ? "\u{2611} " : "\u{2610} " } ?? ""
            let quoted = "<p style=\"\(style)\">\(box)\(content)</p>"
            let depth = p.attributes[.quoteDepth]?.numberValue.map(Int.init) ?? 0
            return String(repeating: "<blockquote>", count: depth) + quoted
                + String(repeating: "</blockquote>", count: depth)
        }
    }

    static func paragraphCSS(_ a: Attributes) -> String {
        let v = a.values(of: paragraphKeys)
        let (alignment, firstLineHeadIndent, headIndent, tailIndent) = (v[0], v[1], v[2], v[3])
        let (lineHeightMultiple, spacingBefore, spacingAfter, pageBreakBefore) = (v[4], v[5], v[6], v[7])
        var css: [String] = []
        if let align = alignment?.stringValue { css.append("text-align: \(align == "justified" ? "justify" : align)") }
        if let v = firstLineHeadIndent?.numberValue, let head = headIndent?.numberValue {
            css.append("margin-left: \(pt(head))")
            css.append("text-indent: \(pt(v - head))")
        }
        if let tail = tailIndent?.numberValue, tail < 0 { css.append("margin-right: \(pt(-tail))") }
        if let m = lineHeightMultiple?.numberValue, m > 0 { css.append("line-height: \(JSONWriter.format(m))") }
        if let v = spacingBefore?.numberValue { css.append("margin-top: \(pt(v))") }
        if let v = spacingAfter?.numberValue { css.append("margin-bottom: \(pt(v))") }
        if pageBreakBefore == true { css.append("break-before: page") }
        return css.joined(separator: "; ")
    }

    private static let paragraphKeys: [AttributeKey] = [
        .alignment, .firstLineHeadIndent, .headIndent, .tailIndent, .lineHeightMultiple, .paragraphSpacingBefore,
        .paragraphSpacing, .pageBreakBefore,
    ]

    /// Text in a span whose CSS carries its character attributes; bold, italic and strikethrough as `strong`, `em`
    /// and `s`, which every reader (pandoc, screen readers, e-readers) understands.
    package static func styled(_ text: String, _ a: Attributes, markup: HTMLMarkup = .html) -> String {
        let v = a.values(of: characterKeys)
        let (image, family, size, color, background, underline, code) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6])
        let (strikethrough, verticalAlign, smallCaps, allCaps, italic, bold, link) = (v[7], v[8], v[9], v[10], v[11], v[12], v[13])
        if let image = image?.stringValue {
            // An EPUB shows only the pictures it holds (its writer names them `images/...`).
            if markup == .xhtml { return image.hasPrefix("images/") ? "<img src=\"\(escape(image))\" alt=\"\"/>" : "" }
            return "<img src=\"\(escape(image))\" alt=\"\">"
        }
        var css: [String] = []
        if let family = family?.stringValue { css.append("font-family: '\(escape(family))'") }
        if let size = size?.numberValue { css.append("font-size: \(pt(size))") }
        if let color = color?.stringValue { css.append("color: \(escape(color))") }
        if let color = background?.stringValue { css.append("background-color: \(escape(color))") }
        if let underline = underline?.stringValue {
            if underline == "double" { css.append("text-decoration-style: double") }
            if underline == "thick" { css.append("text-decoration-thickness: 0.15em") }
            css.append("text-decoration-line: underline")
        }
        var html = escapeBreakingLines(text, with: markup == .html ? "<br>" : "<br/>")
        if code == true { html = "<code>\(html)</code>" }
        if strikethrough == true { html = "<s>\(html)</s>" }
        switch verticalAlign?.stringValue {
        case "superscript": html = "<sup>\(html)</sup>"
        case "subscript": html = "<sub>\(html)</sub>"
        default: break
        }
        if smallCaps == true { css.append("font-variant: small-caps") }
        if allCaps == true { css.append("text-transform: uppercase") }
        if italic == true { html = "<em>\(html)</em>" }
        if bold == true { html = "<strong>\(html)</strong>" }
        // In an EPUB, a link to a place in the project's own files leads nowhere: only addresses with a scheme link.
        if let link = link?.stringValue, markup == .html || link.contains(":") { html = "<a href=\"\(escape(link))\">\(html)</a>" }
        return css.isEmpty ? html : "<span style=\"\(css.joined(separator: "; "))\">\(html)</span>"
    }

    private static let characterKeys: [AttributeKey] = [
        .image, .fontFamily, .fontSize, .foregroundColor, .backgroundColor, .underline, .code, .strikethrough,
        .verticalAlign, .smallCaps, .allCaps, .italic, .bold, .link,
    ]

    private static func pt(_ v: Double) -> String { "\(JSONWriter.format(v))pt" }

    package static func escape(_ s: String) -> String { escapeBreakingLines(s, with: nil) }

    /// `escape(_:)`, with each line separator (U+2028) written as `lineBreak` when it is given. One pass over the
    /// UTF-8 bytes (a compile escapes every run of a book): the markup characters and the control characters are
    /// all single bytes but U+0080-U+009F (C2 80-9F) and the separator (E2 80 A8); text with none comes back as is.
    package static func escapeBreakingLines(_ s: String, with lineBreak: String?) -> String {
        var text = s
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || escapes($0) != nil }) else { return s }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                if let entity = escapes(byte) {
                    out += entity.utf8
                } else if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                    // Control characters (an escape sequence in a title) have no place in a page: left out.
                } else if byte == 0xC2, (0x80...0x9F).contains(next) {
                    i += 1
                } else if byte == 0xE2, next == 0x80, i + 2 < bytes.count, bytes[i + 2] == 0xA8, let lineBreak {
                    out += lineBreak.utf8
                    i += 2
                } else {
                    out.append(byte)
                }
                i += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static func escapes(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: nil
        }
    }
}
