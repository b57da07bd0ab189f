import ArgumentParser
import MsxKit

struct Show: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a document as text, Markdown, HTML or the JSON model.",
        discussion: ManualText.discussion(
            "Read-only: a sidecar made stale by an outside edit is re-anchored in memory, never written.",
            examples: [
                .init("msx show \"The Storm\" --as markdown",
                      "Today's text as Markdown (or text, html, json)."),
                .init("msx show \"The Storm@~1\"",
                      "The version before its last snapshot."),
                .init("msx show \"The Storm\" --at \"first draft\"",
                      "As it was at a milestone (the same as \"The Storm@first draft\")."),
                .init("msx show \"The Storm@~3\" --notes", "Its notes as they were three versions ago."),
            ]))

    enum Form: String, ExpressibleByArgument, CaseIterable { case text, markdown, html, json }

    @Argument(help: "The document (id, title or path), optionally @REV for a version: REF@a1b2c3d, REF@~2, REF@HEAD~3, REF@{2026-11-01}, REF@\"first draft\".")
    var reference: String

    @Option(help: ArgumentHelp("The version to show (the same as REF@REV; default: today's text).", valueName: "rev"))
    var at: String?

    @Option(name: .customLong("as"), help: "text, markdown, html or json.")
    var form: Form = .text

    @Flag(help: "Show the document's notes (NAME.notes.md) instead of its text.")
    var notes = false

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let report = try console.run(ShowAction(reference, at: at, notes: notes), emittingJSON: false) else { return }
            let named = report.named
            let (node, document, sheet) = (named.node, named.document, named.styleSheet)
            let form = console.json ? .json : self.form
            if let notes = report.notes { return showNotes(notes, of: named, as: form, report: report, console: console) }
            let warnings = report.warnings
            if form != .json { console.warn(warnings) }
            // Text and JSON are written a paragraph at a time: a long document is never held as a whole model.
            switch form {
            case .text:
                console.stream { sink in
                    document.forEachResolved(with: sheet) { p in
                        var text = ""
                        PlainText.append(p, to: &text, blankLineBefore: p.index > 0)
                        sink(text)
                    }
                }
            case .markdown: console.text(document.markdown.sourceText)
            case .html: console.text(HTMLPage.render(document.resolved(with: sheet), title: node.title, annotations: document.annotations))
            case .json: console.streamBytes { DocumentJSON.write(document, sheet: sheet, node: node, warnings: warnings, to: $0) }
            }
        }
    }

    /// The notes of the document named, today's or the version's: their Markdown (also for text), a page, or
    /// `{"id", "title", "path", "version", "notes"}` (`notes` null when it has none).
    private func showNotes(_ notes: String?, of named: DocumentAtRevision, as form: Form, report: ShowReport, console: Console) {
        let node = named.node
        switch form {
        case .json:
            if let json = try? report.json() { console.emit(json) }
        case .text, .markdown:
            if let notes { console.text(notes) } else { console.note("'\(node.title)' has no notes") }
        case .html:
            let document = RichDocument(markdown: MarkdownDocument(notes ?? "", sourceMap: false), sidecar: nil)
            console.text(HTMLPage.render(document.resolved(with: named.styleSheet), title: "Notes: \(node.title)"))
        }
    }
}
