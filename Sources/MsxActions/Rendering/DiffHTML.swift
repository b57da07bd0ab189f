import MsxDiff
import MsxHistory
import MsxModel
import Foundation

/// A standalone review page, like a word processor's track-changes view: the new version with its formatting,
/// deletions struck through in red, insertions underlined in green, formatting changes marked and named, a heading
/// naming the project and the two versions compared, a legend, and a summary. Printable.
public enum DiffHTML {
    /// What the page compares, for its heading.
    public struct Heading: Sendable {
        /// The project's title (or, for two files, their names).
        public var project: String
        public var author: String?
        /// The older and the newer side in words ("version a1b2c3d, 2026-11-01 14:02, “Storm drafted”").
        public var old: String
        public var new: String

        public init(project: String, author: String?, old: String, new: String) {
            (self.project, self.author, self.old, self.new) = (project, author, old, new)
        }
    }

    public static func render(_ comparisons: [DocumentComparison], heading: Heading) -> String {
        let added = comparisons.reduce(0) { $0 + $1.diff.wordsAdded }, removed = comparisons.reduce(0) { $0 + $1.diff.wordsRemoved }
        let e = HTMLPage.escape
        var body = "<header>\n<h1>\(e(heading.project))</h1>\n"
        if let author = heading.author, !author.isEmpty { body += "<p class=\"byline\">by \(e(author))</p>\n" }
        body += "<dl class=\"versions\"><dt>From</dt><dd>\(e(heading.old))</dd><dt>To</dt><dd>\(e(heading.new))</dd></dl>\n</header>\n"
        body += legend
        body += "<section class=\"summary\"><p>\(comparisons.count) document\(comparisons.count == 1 ? "" : "s") changed: "
            + "<ins>+\(added)</ins> / <del>-\(removed)</del> words.</p><ul>\n"
        for c in comparisons {
            let formats = c.diff.formatting.count + c.diff.paragraphFormatting.count
            body += "<li>\(e(c.title)): +\(c.diff.wordsAdded) / -\(c.diff.wordsRemoved) words, \(formats) formatting change\(formats == 1 ? "" : "s")"
                + (c.binder.isEmpty ? "" : "; " + e(c.binder.map(DiffDescription.binder).joined(separator: ", "))) + "</li>\n"
        }
        body += "</ul></section>\n"
        for c in comparisons { body += "<article><h2>\(e(c.title))</h2>\n" + changes(c) + "</article>\n" }
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>\(e("Changes to \(heading.project)"))</title>
            <style>
            body { max-width: 42em; margin: 2em auto; padding: 0 1em; font-family: Palatino, serif; line-height: 1.4; }
            \(style)
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The marks' looks, for a page that shows `changes` (a word processor's colours: red struck through, green
    /// underlined, formatting outlined in blue).
    public static let style = """
        del { color: #B00020; text-decoration: line-through; }
        ins { color: #1B5E20; text-decoration: underline; }
        .fmt { outline: 1px dashed #1565C0; background: #E3F2FD; }
        .moved { border-left: 3px solid #6A1B9A; padding-left: 0.5em; }
        header h1 { margin-bottom: 0; }
        .byline { margin-top: 0; font-style: italic; }
        .versions { display: grid; grid-template-columns: max-content 1fr; gap: 0.2em 1em; }
        .versions dt { font-weight: bold; }
        .versions dd { margin: 0; }
        .summary, .notes, .legend, .versions { font-family: sans-serif; font-size: 0.9em; color: #333; }
        .legend ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5em 1.5em; }
        p { margin: 0 0 0.6em 0; }
        @media print { .fmt { outline: none; } }
        """

    /// One document's changes: notes naming the structure and formatting changes, then its paragraphs marked.
    public static func changes(_ c: DocumentComparison) -> String {
        var html = ""
        let notes = DiffDescription.structure(c.diff) + DiffDescription.formatting(c.diff, newTexts: c.newTexts)
        if !notes.isEmpty {
            html += "<ul class=\"notes\">" + notes.map { "<li>\(HTMLPage.escape($0))</li>" }.joined() + "</ul>\n"
        }
        for op in DiffDescription.piecesJoined(c.diff.operations) { html += paragraph(op, c, c.newParagraphs) }
        return html
    }

    /// What the marks mean.
    public static let legend = """
        <section class="legend"><ul>
        <li><ins>inserted words</ins></li>
        <li><del>deleted words</del></li>
        <li><span class="moved">moved paragraph</span></li>
        <li><span class="fmt">changed formatting</span> (what changed: in the notes, and on hover)</li>
        </ul></section>

        """

    private static func paragraph(_ op: DocumentDiff.ParagraphOperation, _ c: DocumentComparison, _ new: [ResolvedParagraph]) -> String {
        switch op {
        case .equal(_, let n):
            return "<p>\(formatted(new[n], c.diff, edits: nil))</p>\n"
        case .insert(let n):
            return "<p><ins>\(formatted(new[n], c.diff, edits: nil))</ins></p>\n"
        case .delete(let o):
            return "<p><del>\(HTMLPage.escape(c.oldTexts[o]))</del></p>\n"
        case .modify(_, let n, let edits):
            return "<p>\(formatted(new[n], c.diff, edits: edits))</p>\n"
        case .move(let o, let n, let edits):
            return "<p class=\"moved\" title=\"moved from paragraph \(o + 1)\">\(formatted(new[n], c.diff, edits: edits))</p>\n"
        }
    }

    /// The new paragraph's runs, cut at every edit and formatting-change boundary.
    private static func formatted(_ p: ResolvedParagraph, _ diff: DocumentDiff, edits: [DocumentDiff.TextEdit]?) -> String {
        let units = Array(p.text.utf16)
        let changes = diff.formatting.filter { $0.newParagraph == p.index }
        var html = ""
        for edit in edits.map(DiffText.shown) ?? [DocumentDiff.TextEdit(kind: .equal, old: 0..<0, new: 0..<units.count, text: p.text)] {
            if edit.kind == .delete { html += "<del>\(HTMLPage.escape(edit.text))</del>"; continue }
            var bounds = Set([edit.new.lowerBound, edit.new.upperBound])
            for run in p.runs { bounds.formUnion([run.range.lowerBound, run.range.upperBound]) }
            for change in changes { bounds.formUnion([change.new.lowerBound, change.new.upperBound]) }
            let points = bounds.filter { edit.new.contains($0) || $0 == edit.new.upperBound }.sorted()
            var piece = ""
            for (start, end) in zip(points, points.dropFirst()) where start < end {
                let attributes = p.runs.first { $0.range.contains(start) }?.attributes ?? [:]
                var span = HTMLPage.styled(Context.slice(units, start, end), attributes)
                let here = changes.filter { $0.new.contains(start) }
                if !here.isEmpty {
                    let note = here.map { "\(DiffDescription.name(of: $0.attribute)) \(DiffDescription.text(of: $0.before)) -> \(DiffDescription.text(of: $0.after))" }
                    span = "<span class=\"fmt\" title=\"\(HTMLPage.escape(note.joined(separator: "; ")))\">\(span)</span>"
                }
                piece += span
            }
            html += edit.kind == .insert ? "<ins>\(piece)</ins>" : piece
        }
        return html.replacingOccurrences(of: "\u{2028}", with: "<br>")
    }
}
