import Foundation

/// A standalone HTML page rendering a document with all its formatting.
/// How a page is written: HTML, or XHTML (well-formed XML, as EPUB wants) with EPUB's footnotes.
public enum HTMLMarkup: Sendable {
    case html, xhtml
}

public enum HTMLPage {
    /// A standalone page; open `annotations` show as notes in the margin beside their words.
    public static func render(_ paragraphs: [ResolvedParagraph], title: String, annotations: [String: Annotation] = [:]) -> String {
        String(decoding: renderUTF8(paragraphs, title: title, annotations: annotations), as: UTF8.self)
    }

    /// `render(_:title:annotations:)` as UTF-8 bytes, made without a string of the whole page (a compiled book's).
    public static func renderUTF8(_ paragraphs: [ResolvedParagraph], title: String, annotations: [String: Annotation] = [:]) -> [UInt8] {
        var page = HTMLBytes()
        page.append("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>")
        page.appendEscaped(title)
        page.append("</title>\n<style>\n")
        page.append(string: stylesheet)
        page.append("\n</style>\n</head>\n<body>\n")
        // The body is written into the page itself: a book's is megabytes, which a copy would touch again.
        appendBody(paragraphs, markup: .html, annotations: annotations, to: &page)
        page.append("</body>\n</html>\n")
        return page.bytes
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
        var body = HTMLBytes()
        appendBody(paragraphs, markup: markup, annotations: annotations, to: &body)
        return body.string
    }

    private static func appendBody(_ paragraphs: [ResolvedParagraph], markup: HTMLMarkup, annotations: [String: Annotation],
                                   to body: inout HTMLBytes) {
        // A list item is always inside its list, a table row inside its table: the list or table opens just before.
        let listTags = paragraphs.map { p in
            p.kind == .listItem
                ? p.attributes[.listFormat]?.stringValue.flatMap(ListFormat.init(rawValue:)).map { $0.isOrdered ? "ol" : "ul" }
                : p.kind == .tableRow ? "table" : nil
        }
        // Footnotes are numbered through the page: each paragraph's first number, then the paragraphs on all cores
        // (each paragraph's runs grouped into notes and text once, for both).
        let groups = paragraphs.concurrentMap { InlineNote.groups($0.runs) }
        var firstNotes: [Int] = []
        var notesSoFar = 1
        for (p, groupsOfP) in zip(paragraphs, groups) {
            firstNotes.append(notesSoFar)
            notesSoFar += noteCount(p, groupsOfP)
        }
        // Each open annotation's note goes beside the paragraph its words begin in.
        var notesBeside: [Int: [Annotation]] = [:], placed = Set<String>()
        if markup == .html, !annotations.isEmpty {
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
            return block(paragraphs[index], groups: groups[index], inList: place.0 != nil, firstNote: place.1, markup: markup,
                         isHeader: isHeader, marginNotes: beside[index] ?? [])
        }
        body.reserveCapacity(body.count + rendered.reduce(0) { $0 + $1.html.count + 1 } + 256)
        var openList: String?
        for (index, (listTag, html)) in zip(listTags, rendered.map(\.html)).enumerated() {
            // An item's further paragraph goes inside the item.
            if paragraphs[index].continuesListItem, openList != nil, body.hasSuffix("</li>\n") {
                body.removeLast(6)
                body.append(html)
                body.append("</li>\n")
                continue
            }
            // A list right after another one is a list of its own.
            let newList = index > 0 && listTag != nil && paragraphs[index].kind == .listItem
                && paragraphs[index - 1].listIdentity != paragraphs[index].listIdentity
            if let open = openList, listTag != open || newList {
                body.append(string: "</\(open)>\n")
                openList = nil
            }
            if let listTag, openList == nil {
                let start = listTag == "ol" ? paragraphs[index].listStart.map { " start=\"\($0)\"" } ?? "" : ""
                body.append(string: "<\(listTag)\(start)>\n")
                openList = listTag
            }
            body.append(html)
            body.append("\n")
        }
        if let openList { body.append(string: "</\(openList)>\n") }
        body.append(string: footnotes(rendered.flatMap(\.notes), markup: markup))
    }

    /// How many footnotes a paragraph holds.
    private static func noteCount(_ p: ResolvedParagraph, _ groups: [InlineNote.Group]) -> Int {
        // A note in a table cell stays in the cell's text.
        guard p.kind != .tableRow else { return 0 }
        return groups.filter { $0.isNote && InlineNote.inner($0.runs) != nil }.count
    }

    /// A paragraph's HTML, its footnotes (numbered from `firstNote`) as references, and the notes' own HTML.
    private static func block(_ p: ResolvedParagraph, groups: [InlineNote.Group], inList: Bool, firstNote: Int, markup: HTMLMarkup,
                              isHeader: Bool = false, marginNotes: [Annotation] = []) -> (html: HTMLBytes, notes: [String]) {
        var notes: [String] = []
        if p.kind == .tableRow {
            // Each cell (the text between tabs) with its own stretch of the runs.
            let tag = isHeader ? "th" : "td"
            var cells: [String] = [], cell = HTMLBytes()
            for run in p.runs {
                let pieces = run.text.split(separator: "\t", omittingEmptySubsequences: false)
                for (index, piece) in pieces.enumerated() {
                    if index > 0 { cells.append(cell.string); cell = HTMLBytes() }
                    if !piece.isEmpty { appendStyled(String(piece), run.attributes, markup: markup, to: &cell) }
                }
            }
            cells.append(cell.string)
            var row = HTMLBytes()
            row.append(string: "<tr style=\"\(paragraphCSS(p.attributes))\">" + cells.map { "<\(tag)>\($0)</\(tag)>" }.joined() + "</tr>")
            return (row, [])
        }
        var content = HTMLBytes(reservingCapacity: p.runs.reduce(0) { $0 + $1.text.utf8.count + 96 })
        for annotation in marginNotes {
            content.append("<span class=\"margin-note\">")
            content.appendEscaped(annotation.note)
            if !annotation.author.isEmpty {
                content.append(" \u{2014} ")
                content.appendEscaped(annotation.author)
            }
            content.append("</span>")
        }
        func append(_ runs: some Sequence<ResolvedRun>, to html: inout HTMLBytes) {
            for run in runs {
                let attributes = HTMLRunAttributes(run.attributes)
                let annotated = markup == .html && !RichDocument.annotationIDs(attributes.annotation).isEmpty
                if annotated { html.append("<span class=\"annotated\">") }
                appendStyled(run.text, attributes, markup: markup, to: &html)
                if annotated { html.append("</span>") }
            }
        }
        for group in groups {
            guard group.isNote, let inner = InlineNote.inner(group.runs) else {
                append(group.runs, to: &content)
                continue
            }
            let number = firstNote + notes.count
            var note = HTMLBytes()
            append(inner, to: &note)
            notes.append(note.string)
            let reference = markup == .xhtml ? " epub:type=\"noteref\" role=\"doc-noteref\"" : ""
            content.append(string: "<sup class=\"footnote-ref\"><a\(reference) href=\"#fn\(number)\" id=\"fnref\(number)\">\(number)</a></sup>")
        }
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

    private static func block(_ p: ResolvedParagraph, content: HTMLBytes, inList: Bool, markup: HTMLMarkup) -> HTMLBytes {
        var html = HTMLBytes(reservingCapacity: content.count + 256)
        func wrapped(_ open: String, _ close: String) -> HTMLBytes {
            html.append(string: open)
            html.append(content)
            html.append(string: close)
            return html
        }
        let style = paragraphCSS(p.attributes)
        switch p.kind {
        case .heading(let level, _):
            return wrapped("<h\(level) style=\"\(style)\">", "</h\(level)>")
        case .codeBlock:
            return wrapped("<pre style=\"\(style)\">", "</pre>")
        case .htmlBlock:
            // XHTML must be well-formed: raw HTML (which need not be) is shown as its readable text.
            if markup == .html, let raw = p.raw {
                html.append(string: raw)
                return html
            }
            return wrapped("<div style=\"\(style)\">", "</div>")
        case .thematicBreak:
            html.append(markup == .html ? "<hr>" : "<hr/>")
            return html
        case .listItem where inList:
            // The list places its items: the body's first-line indent would push each item's first line away from
            // its bullet or number (or, for an item's further paragraph, away from the item's text).
            var attributes = p.attributes
            if let head = attributes[.headIndent] { attributes[.firstLineHeadIndent] = head }
            if p.continuesListItem { return wrapped("<p style=\"\(paragraphCSS(attributes))\">", "</p>") }
            let box = p.checklist.map { $0 == "checked" ? "\u{2611} " : "\u{2610} " } ?? ""
            return wrapped("<li style=\"\(paragraphCSS(attributes))\">\(box)", "</li>")
        default:
            let box = p.checklist.map { $0 == "checked" ? "\u{2611} " : "\u{2610} " } ?? ""
            let depth = p.attributes[.quoteDepth]?.numberValue.map(Int.init) ?? 0
            return wrapped(String(repeating: "<blockquote>", count: depth) + "<p style=\"\(style)\">\(box)",
                           "</p>" + String(repeating: "</blockquote>", count: depth))
        }
    }

    static func paragraphCSS(_ a: Attributes) -> String {
        let p = HTMLParagraphAttributes(a)
        var css = HTMLBytes(reservingCapacity: 160)
        func property(_ name: StaticString) {
            if css.count > 0 { css.append("; ") }
            css.append(name)
        }
        if let align = p.alignment {
            property("text-align: ")
            css.append(string: align == "justified" ? "justify" : align)
        }
        if let v = p.firstLineHeadIndent, let head = p.headIndent {
            property("margin-left: ")
            css.append(points: head)
            property("text-indent: ")
            css.append(points: v - head)
        }
        if let tail = p.tailIndent, tail < 0 { property("margin-right: "); css.append(points: -tail) }
        if let m = p.lineHeightMultiple, m > 0 { property("line-height: "); css.append(string: JSONWriter.format(m)) }
        if let v = p.spacingBefore { property("margin-top: "); css.append(points: v) }
        if let v = p.spacingAfter { property("margin-bottom: "); css.append(points: v) }
        if p.pageBreakBefore { property("break-before: page") }
        return css.string
    }

    /// Text in a span whose CSS carries its character attributes; bold, italic and strikethrough as `strong`, `em`
    /// and `s`, which every reader (pandoc, screen readers, e-readers) understands.
    package static func styled(_ text: String, _ a: Attributes, markup: HTMLMarkup = .html) -> String {
        var html = HTMLBytes()
        appendStyled(text, a, markup: markup, to: &html)
        return html.string
    }

    /// `styled(_:_:markup:)` written at the end of `html`: tags and text go straight into the paragraph being built
    /// (a compile writes every run of a book) instead of each wrapping tag copying what it wraps.
    package static func appendStyled(_ text: String, _ a: Attributes, markup: HTMLMarkup, to html: inout HTMLBytes) {
        appendStyled(text, HTMLRunAttributes(a), markup: markup, to: &html)
    }

    private static func appendStyled(_ text: String, _ run: HTMLRunAttributes, markup: HTMLMarkup, to html: inout HTMLBytes) {
        if let image = run.image {
            // An EPUB shows only the pictures it holds (its writer names them `images/...`).
            guard markup == .html || image.hasPrefix("images/") else { return }
            html.append("<img src=\"")
            html.appendEscaped(image)
            html.append(markup == .html ? "\" alt=\"\">" : "\" alt=\"\"/>")
            return
        }
        var properties = 0
        func property(_ css: StaticString) {
            html.append(properties == 0 ? "<span style=\"" : "; ")
            html.append(css)
            properties += 1
        }
        if let family = run.fontFamily {
            property("font-family: '")
            html.appendEscaped(family)
            html.append("'")
        }
        if let size = run.fontSize {
            property("font-size: ")
            html.append(points: size)
        }
        if let color = run.foregroundColor { property("color: "); html.appendEscaped(color) }
        if let color = run.backgroundColor { property("background-color: "); html.appendEscaped(color) }
        if let underline = run.underline {
            if underline == "double" { property("text-decoration-style: double") }
            if underline == "thick" { property("text-decoration-thickness: 0.15em") }
            property("text-decoration-line: underline")
        }
        if run.smallCaps { property("font-variant: small-caps") }
        if run.allCaps { property("text-transform: uppercase") }
        if properties > 0 { html.append("\">") }
        // In an EPUB, a link to a place in the project's own files leads nowhere: only addresses with a scheme link.
        let link = run.link.flatMap { markup == .html || $0.contains(":") ? $0 : nil }
        let script: (open: StaticString, close: StaticString)? = switch run.verticalAlign {
        case "superscript": ("<sup>", "</sup>")
        case "subscript": ("<sub>", "</sub>")
        default: nil
        }
        if let link {
            html.append("<a href=\"")
            html.appendEscaped(link)
            html.append("\">")
        }
        if run.bold { html.append("<strong>") }
        if run.italic { html.append("<em>") }
        if let script { html.append(script.open) }
        if run.strikethrough { html.append("<s>") }
        if run.code { html.append("<code>") }
        html.appendEscaped(text, lineBreak: markup == .html ? "<br>" : "<br/>")
        if run.code { html.append("</code>") }
        if run.strikethrough { html.append("</s>") }
        if let script { html.append(script.close) }
        if run.italic { html.append("</em>") }
        if run.bold { html.append("</strong>") }
        if link != nil { html.append("</a>") }
        if properties > 0 { html.append("</span>") }
    }

    package static func escape(_ s: String) -> String { escapeBreakingLines(s, with: nil) }

    /// `s` as `HTMLBytes.appendEscaped` writes it, with each line separator (U+2028) written as `lineBreak` when it
    /// is given; text with nothing to escape comes back as is.
    package static func escapeBreakingLines(_ s: String, with lineBreak: String?) -> String {
        guard HTMLBytes.needsEscaping(s) else { return s }
        var html = HTMLBytes()
        html.appendEscaped(s, lineBreak: lineBreak)
        return html.string
    }
}
