import ArgumentParser
import Foundation
import MsxKit

struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Bring an editor's copy of a compiled Word file back as a draft.",
        discussion: ManualText.discussion(
            """
            Send an editor the manuscript as msx compile --out book.docx wrote it; when it comes back edited (with or \
            without tracked changes), msx review import puts the editor's words and formatting on a draft of its own, \
            review/NAME: one version on top of the version you sent. Then msx diff, msx merge, msx restore and msx \
            resolve let you take the editor's changes document by document.
            """,
            examples: [
                .init("msx review import book-edited.docx --name anna", "The editor's copy as the draft review/anna."),
                .init("msx diff --from HEAD --to review/anna", "What the editor changed."),
                .init("msx merge review/anna", "Take all of it (or msx restore DOC --at review/anna for one document)."),
            ]),
        subcommands: [ReviewImport.self])
}

struct ReviewImport: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Record an edited .docx as the draft review/NAME.",
        discussion: ManualText.discussion(
            """
            Each document is found by the bookmark msx put around it, or by its text when the editor's program lost \
            the bookmark. The editor's changes are what differs from the same compile of the same version (which the \
            file names), merged onto that version, so what Word cannot hold (pictures, Markdown's own markup) stays. \
            Tracked changes are taken as the editor left them, or with --changes reject undone. The files you are \
            working on are not touched.
            """,
            examples: [
                .init("msx review import edited.docx", "The draft review/edited."),
                .init("msx review import edited.docx --name copyedit --json", "Which documents changed, for scripts."),
            ]))

    @Argument(help: "The edited .docx file.") var file: String
    @Option(help: ArgumentHelp("The review's name (default: the file's name).", valueName: "name")) var name: String?
    @Option(help: ArgumentHelp("Tracked changes: accept (the default) or reject.", valueName: "accept|reject"))
    var changes: TrackedChanges = .accept
    @Flag(help: "Take only the editor's words; each paragraph keeps its formatting (for a program that dropped fonts and styles).")
    var textOnly = false
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let history = try console.openHistory(forWriting: true)
            let url = console.invocation.resolve(file)
            let data = try FileIO.readData(url, displayPath: file)
            let reviewName = name ?? Slug.make(url.deletingPathExtension().lastPathComponent)
            let outcome: ReviewOutcome
            do {
                outcome = try history.importReview(data, name: reviewName, changes: changes, textOnly: textOnly)
            } catch let error as MsxError where error.code == .notDocx {
                throw MsxError(error.code, "\(file): \(error.message)")
            }
            if console.json {
                let nodes: ([BinderNode]) -> JSONValue = { .array($0.map { .object(NodeRendering.json($0)) }) }
                console.report([
                    "branch": outcome.branch.map(JSONValue.string) ?? .null,
                    "version": outcome.version.map { .string($0.description) } ?? .null,
                    "base": .string(outcome.base.description), "baseRecorded": .bool(outcome.baseWasRecorded),
                    "changed": nodes(outcome.changed), "unchanged": nodes(outcome.unchanged),
                    "foundByText": nodes(outcome.foundByText), "missing": nodes(outcome.missing),
                    "emptied": nodes(outcome.emptied),
                    "retitled": .array(outcome.retitled.map { folder, title in
                        var node = NodeRendering.json(folder)
                        node["newTitle"] = .string(title)
                        return .object(node)
                    }),
                    "conflicts": .int(outcome.conflicts),
                    "conflictsIn": .array(outcome.conflicted.map { entry in
                        var node = NodeRendering.json(entry.node)
                        node["conflicts"] = .array(entry.conflicts.map { .string(MergeWording.summary($0)) })
                        return .object(node)
                    }),
                    "warnings": .array(outcome.warnings.map { .string(ImportWording.line(file: file, $0)) }
                        + outcome.warningsIn.flatMap { node, warnings in
                            warnings.map { .string("'\(node.title)' (\(node.path)): \(ImportWording.text($0))") }
                        }),
                    "restyledSoWordsOnly": .bool(outcome.restyledSoWordsOnly),
                ])
                return
            }
            for warning in outcome.warnings { console.note("warning: \(ImportWording.line(file: file, warning))") }
            for (node, warnings) in outcome.warningsIn {
                for warning in warnings { console.note("warning: '\(node.title)' (\(node.path)): \(ImportWording.text(warning))") }
            }
            if !outcome.baseWasRecorded {
                console.note("warning: \(file) does not name the version it was compiled from; compared with the last version, \(outcome.base.short)")
            }
            if outcome.restyledSoWordsOnly {
                console.note("warning: most paragraphs of \(file) whose words are unchanged are formatted otherwise than they were sent (restyled by the editor's program?): only the editor's words were taken")
            }
            for node in outcome.foundByText { console.note("note: '\(node.title)' (\(node.path)) lost its bookmark; found by its text") }
            for node in outcome.missing { console.note("warning: '\(node.title)' (\(node.path)) is not in \(file); left as it was") }
            for entry in outcome.conflicted {
                let count = entry.conflicts.count
                console.note("warning: '\(entry.node.title)' (\(entry.node.path)): \(count) edit\(count == 1 ? "" : "s") of the editor's not taken, "
                    + "the project's text kept (\(entry.conflicts.map(MergeWording.summary).joined(separator: "; ")); here is the project, "
                    + "there the editor's file)")
            }
            guard let branch = outcome.branch, let version = outcome.version else {
                console.line("\(file) changes nothing in the \(outcome.unchanged.count) document\(outcome.unchanged.count == 1 ? "" : "s") it holds; no draft made")
                return
            }
            var summary = "\(outcome.changed.count) document\(outcome.changed.count == 1 ? "" : "s") changed, \(outcome.unchanged.count) unchanged"
            if !outcome.retitled.isEmpty { summary += ", \(outcome.retitled.count) folder\(outcome.retitled.count == 1 ? "" : "s") retitled" }
            console.line("recorded \(branch) at \(version.short) on top of \(outcome.base.short): \(summary)")
            for node in outcome.changed {
                console.line("  \(outcome.emptied.contains { $0.id == node.id } ? "emptied" : "changed")  \(node.title)  (\(node.path))")
            }
            for (folder, title) in outcome.retitled { console.line("  retitled '\(folder.title)' as '\(title)'  (\(folder.path))") }
            console.line("(msx diff --from HEAD --to \(branch) shows the changes; msx merge \(branch) takes them)")
        }
    }
}
