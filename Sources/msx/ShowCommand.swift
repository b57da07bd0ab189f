import ArgumentParser
import MsxKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a document as text, Markdown, HTML or the JSON model.",
        discussion: "Read-only: a sidecar made stale by an outside edit is re-anchored in memory, never written.")

    enum Form: String, ExpressibleByArgument, CaseIterable { case text, markdown, html, json }

    @Argument(help: "The document (id, title or path).")
    var reference: String

    @Option(name: .customLong("as"), help: "text, markdown, html or json.")
    var form: Form = .text

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try global.run { output in
            let project = try global.openProject()
            let node = try project.references(from: global.workingDirectory).document(reference)
            let document = try project.loadDocument(node)
            let paragraphs = document.resolved(with: project.styleSheet)
            let form = global.json ? .json : self.form
            if form != .json { for warning in document.warnings { output.note("warning: \(warning)") } }
            switch form {
            case .text: output.text(PlainText.render(paragraphs))
            case .markdown: output.text(document.markdown.sourceText)
            case .html: output.text(HTMLPage.render(paragraphs, title: node.title))
            case .json: output.emit(DocumentJSON.value(paragraphs, node: node, warnings: document.warnings))
            }
        }
    }
}
