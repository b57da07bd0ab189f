import ArgumentParser
import Foundation
import MsxKit

struct Edit: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a document in $VISUAL or $EDITOR, then re-anchor and save its formatting.",
        discussion: ManualText.discussion("", examples: [
            .init("msx edit \"The Storm\"",
                  "Open it in $VISUAL or $EDITOR; the formatting follows the edits."),
        ]))

    @Argument(help: "The document (id, title or path).")
    var reference: String

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            // No lock is held while the writer edits: other msx commands go on meanwhile. The sidecar's base text
            // is what the formatting is re-anchored from afterwards.
            let (id, file) = try { () throws -> (String, URL) in
                let project = try console.openProject()
                let node = try project.references(from: console.workingDirectory).document(reference)
                return (node.id, try project.url(node.path))
            }()
            try ExternalEditor.edit(file, console: console, failure: "formatting was not re-anchored")
            let project = try console.openProject(forWriting: true)
            guard let node = project.manifest.node(id: id), node.kind == .document else {
                throw MsxError(.unknownReference, "'\(reference)' left the binder while it was being edited; the file was kept as saved")
            }
            let outcome = try project.reanchor(node)
            let warnings = outcome.lost.map(FormattingLossWording.line)
            console.warn(warnings)
            if console.json {
                console.report(["document": .string(node.id), "sidecarSaved": .bool(outcome.saved),
                             "warnings": .array(warnings.map(JSONValue.string))])
            } else if outcome.saved {
                console.line("formatting re-anchored and saved")
            }
        }
    }
}
