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
            let (node, file) = try ReanchorAction.file(of: reference, from: console.workingDirectory)
            try ExternalEditor.edit(file, console: console, failure: "formatting was not re-anchored")
            let report = try console.run(ReanchorAction(documentID: node.id, named: reference), emittingJSON: false)
            guard let report else { return }
            console.warn(report.warnings)
            if console.json {
                console.emit(try report.json())
            } else if report.sidecarSaved {
                console.line("formatting re-anchored and saved")
            }
        }
    }
}
