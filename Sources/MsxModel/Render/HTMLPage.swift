import Foundation

/// A standalone HTML page rendering a document with all its formatting.
public enum HTMLPage {
    public static func render(_ paragraphs: [ResolvedParagraph], title: String) -> String {
        // A list item is always inside its list: the list opens just before it.
        let listTags = paragraphs.map { p in
            p.kind == .listItem
                ? p.attributes[.listFormat]?.stringValue.flatMap(ListFormat.init(rawValue:)).map { $0.isOrdered ? "ol" : "ul" }
                : nil
        }
        // Footnotes are numbered through the page: each paragraph's first number, then the paragraphs on all cores.
        var firstNotes: [Int] = []
        var notesSoFar = 1
        for count in paragraphs.concurrentMap(noteCount) {
            firstNotes.append(notesSoFar)
            notesSoFar += count
        }
        let rendered = Array(zip(paragraphs, zip(listTags, firstNotes))).concurrentMap { p, place in
            block(p, inList: place.0 != nil, firstNote: place.1)
        }
        let blocks = rendered.map(\.html)
        var body = ""
        var openList: String?
        for (listTag, html) in zip(listTags, blocks) {
            if let open = openList, listTag != open {
                body += "</\(open)>\n"
                openList = nil
            }
            if let listTag, openList == nil {
                body += "<\(listTag)>\n"
                openList = listTag
            }
            body += html + "\n"
        }
        if let openList { body += "</\(openList)>\n" }
        body += footnotes(rendered.flatMap(\.notes))
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>\(escape(title))</title>
            <style>
            body { max-width: 40em; margin: 2em auto; padding: 0 1em; }
            p, li, h1, h2, h3, h4, h5, h6, pre { margin: 0; }
            li.checked::marker, li.unchecked::marker { content: ""; }
            table.row { border-collapse: collapse; } table.row td { padding: 0 1em 0 0; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// How many footnotes a paragraph holds.
    private static func noteCount(_ p: ResolvedParagraph) -> Int {
        InlineNote.groups(p.runs).filter { $0.isNote && InlineNote.inner($0.runs) != nil }.count
    }

    /// A paragraph's HTML, its footnotes (numbered from `firstNote`) as references, and the notes' own HTML.
    private static func block(_ p: ResolvedParagraph, inList: Bool, firstNote: Int) -> (html: String, notes: [String]) {
        var notes: [String] = []
        let content = InlineNote.groups(p.runs).map { group -> String in
            guard group.isNote, let inner = InlineNote.inner(group.runs) else { return group.runs.map(run).joined() }
            let number = firstNote + notes.count
            notes.append(inner.map(run).joined())
            return "<sup class=\"footnote-ref\"><a href=\"#fn\(number)\" id=\"fnref\(number)\">\(number)</a></sup>"
        }.joined()
        return (block(p, content: content, inList: inList), notes)
    }

    /// The notes at the end of the page, each with a link back to where it is referenced.
    private static func footnotes(_ notes: [String]) -> String {
        guard !notes.isEmpty else { return "" }
        let items = notes.enumerated().map { k, note in
            "<li id=\"fn\(k + 1)\"><p>\(note) <a href=\"#fnref\(k + 1)\" class=\"footnote-back\">\u{21A9}\u{FE0E}</a></p></li>\n"
        }
        return "<section class=\"footnotes\">\n<hr>\n<ol>\n" + items.joined() + "</ol>\n</section>\n"
    }

    private static func block(_ p: ResolvedParagraph, content: String, inList: Bool) -> String {
        let style = paragraphCSS(p.attributes)
        switch p.kind {
        case .heading(let level, _):
            return "<h\(level) style=\"\(style)\">\(content)</h\(level)>"
        case .codeBlock:
            return "<pre style=\"\(style)\">\(content)</pre>"
        case .htmlBlock:
            return p.raw ?? "<div style=\"\(style)\">\(content)</div>"
        case .thematicBreak:
            return "<hr>"
        case .tableRow:
            let cells = p.text.split(separator: "\t", omittingEmptySubsequences: false).map {
                "<td>\(escape(String($0)))</td>"
            }
            return "<table class=\"row\"><tr>\(cells.joined())</tr></table>"
        case .listItem where inList:
            // The list places its items: the body's first-line indent would push each item's first line away from
            // its bullet or number.
            var attributes = p.attributes
            if let head = attributes[.headIndent] { attributes[.firstLineHeadIndent] = head }
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
        var css: [String] = []
        if let align = a[.alignment]?.stringValue { css.append("text-align: \(align == "justified" ? "justify" : align)") }
        if let v = a[.firstLineHeadIndent]?.numberValue, let head = a[.headIndent]?.numberValue {
            css.append("margin-left: \(pt(head))")
            css.append("text-indent: \(pt(v - head))")
        }
        if let tail = a[.tailIndent]?.numberValue, tail < 0 { css.append("margin-right: \(pt(-tail))") }
        if let m = a[.lineHeightMultiple]?.numberValue, m > 0 { css.append("line-height: \(JSONWriter.format(m))") }
        if let v = a[.paragraphSpacingBefore]?.numberValue { css.append("margin-top: \(pt(v))") }
        if let v = a[.paragraphSpacing]?.numberValue { css.append("margin-bottom: \(pt(v))") }
        if a[.pageBreakBefore] == true { css.append("break-before: page") }
        return css.joined(separator: "; ")
    }

    private static func run(_ r: ResolvedRun) -> String { styled(r.text, r.attributes) }

    /// Text in a span whose CSS carries its character attributes.
    package static func styled(_ text: String, _ a: Attributes) -> String {
        let r = (text: text, attributes: a)
        if a[.image]?.stringValue != nil {
            return "<img src=\"\(escape(a[.image]!.stringValue!))\" alt=\"\">"
        }
        var css: [String] = []
        if let family = a[.fontFamily]?.stringValue { css.append("font-family: '\(escape(family))'") }
        if let size = a[.fontSize]?.numberValue { css.append("font-size: \(pt(size))") }
        if let color = a[.foregroundColor]?.stringValue { css.append("color: \(escape(color))") }
        if let color = a[.backgroundColor]?.stringValue { css.append("background-color: \(escape(color))") }
        var decorations: [String] = []
        if let underline = a[.underline]?.stringValue {
            decorations.append("underline")
            if underline == "double" { css.append("text-decoration-style: double") }
            if underline == "thick" { css.append("text-decoration-thickness: 0.15em") }
        }
        if a[.strikethrough] == true { decorations.append("line-through") }
        if !decorations.isEmpty { css.append("text-decoration-line: \(decorations.joined(separator: " "))") }
        if a[.bold] == true { css.append("font-weight: bold") }
        if a[.italic] == true { css.append("font-style: italic") }
        var html = escape(r.text).replacingOccurrences(of: "\u{2028}", with: "<br>")
        if a[.code] == true { html = "<code>\(html)</code>" }
        if let link = a[.link]?.stringValue { html = "<a href=\"\(escape(link))\">\(html)</a>" }
        return css.isEmpty ? html : "<span style=\"\(css.joined(separator: "; "))\">\(html)</span>"
    }

    private static func pt(_ v: Double) -> String { "\(JSONWriter.format(v))pt" }

    package static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
