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
                .init("msx review changes anna", "Each of the editor's changes, numbered by document."),
                .init("msx review accept anna \"Chapter 3\" 2", "Take the second into your files (reject drops it from the draft)."),
                .init("msx merge review/anna", "Take all of it (or msx restore DOC --at review/anna for one document)."),
            ]),
        subcommands: [ReviewImport.self, ReviewChanges.self, ReviewAccept.self, ReviewReject.self])
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
            let url = console.invocation.resolve(file)
            let data = try FileIO.readData(url, displayPath: file)
            let reviewName = name ?? Slug.make(url.deletingPathExtension().lastPathComponent)
            let action = ReviewImportAction(data, fileName: file, name: reviewName, changes: changes, textOnly: textOnly)
            guard let report = try console.run(action) else { return }
            let outcome = report.outcome
            for warning in report.warnings { console.note("warning: \(warning)") }
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

struct ReviewChanges: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes", abstract: "List another draft's changes to your files, paragraph by paragraph.",
        discussion: ManualText.discussion(
            """
            A change is a stretch of paragraphs the draft has otherwise than your files: words, formatting, or both. \
            Each is numbered within its document and named by a fingerprint of what it holds; msx review accept and \
            msx review reject take either. DRAFT is a draft's name; a review's may be given without review/.
            """,
            examples: [.init("msx review changes anna", "Every change of the draft review/anna."),
                       .init("msx review changes anna \"Chapter 3\" --json", "One document's, for a script.")]))

    @Argument(help: "The draft (review/NAME may be given as NAME).") var draft: String
    @Argument(help: "Only this document's changes (id, title or path).") var reference: String?
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let report = try console.run(ReviewChangesAction(draft: draft, reference: reference)) else { return }
            let count = report.documents.reduce(0) { $0 + $1.changes.changes.count }
            guard count > 0 else { return console.line("\(report.draft) proposes no change to your files") }
            console.line("\(report.draft) (\(report.version.short)): \(count) change\(count == 1 ? "" : "s") in "
                + "\(report.documents.count) document\(report.documents.count == 1 ? "" : "s")")
            for document in report.documents {
                console.line()
                console.line("\(document.node.title) (\(document.node.path))")
                for (number, change) in document.changes.changes.enumerated() {
                    let texts = document.changes.texts(of: change)
                    let what = texts.old == texts.new ? "formatting" : "+\(texts.added) -\(texts.removed) words"
                    console.line("  \(number + 1)  \(change.fingerprint)  paragraph \(change.old.lowerBound + 1): \(what)")
                    for text in texts.old { console.line("       - \(Self.shortened(text))") }
                    for text in texts.new { console.line("       + \(Self.shortened(text))") }
                }
            }
            console.line()
            console.line("msx review accept|reject \(draft) DOC N takes a change into your files or drops it from the draft")
        }
    }

    private static func shortened(_ text: String) -> String { text.count > 72 ? String(text.prefix(71)) + "…" : text }
}

struct ReviewAccept: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: "Take one of another draft's changes into your files.",
        discussion: ManualText.discussion(
            """
            The draft's paragraphs replace yours in the working file, Markdown and formatting, as an edit would: the \
            next snapshot records them. A change that cannot be written without its neighbours (part of a list that \
            would re-join) is refused with nothing written.
            """,
            examples: [.init("msx review accept anna \"Chapter 3\" 2", "Take change 2 of Chapter 3 from review/anna.")]))

    @OptionGroup var decision: ReviewDecisionArguments

    func run(in invocation: Invocation) throws { try decision.run(.accept, in: invocation) }
}

struct ReviewReject: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "reject", abstract: "Drop one of another draft's changes from that draft.",
        discussion: ManualText.discussion(
            """
            A version is recorded on the draft with your paragraphs back in the change's place, so the draft no \
            longer proposes it and its history says so; your files are not touched.
            """,
            examples: [.init("msx review reject anna \"Chapter 3\" 1", "Drop change 1 of Chapter 3 from review/anna.")]))

    @OptionGroup var decision: ReviewDecisionArguments

    func run(in invocation: Invocation) throws { try decision.run(.reject, in: invocation) }
}

/// What `review accept` and `review reject` take.
struct ReviewDecisionArguments: ParsableArguments {
    @Argument(help: "The draft (review/NAME may be given as NAME).") var draft: String
    @Argument(help: "The document (id, title or path).") var reference: String
    @Argument(help: "The change: its number in msx review changes, or its fingerprint.") var change: String
    @OptionGroup var global: GlobalOptions

    func run(_ decision: ReviewDecisionAction.Decision, in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let action = ReviewDecisionAction(draft: draft, reference: reference, change: change, decision: decision)
            guard let report = try console.run(action) else { return }
            let made = report.made
            console.line(decision == .accept
                ? "took change \(made.change.fingerprint) of \(report.draft) into '\(made.document.title)'"
                : "dropped change \(made.change.fingerprint) of '\(made.document.title)' from \(report.draft) (\(made.draftVersion?.short ?? ""))")
            console.line(made.remaining == 0 ? "\(report.draft) proposes nothing more for '\(made.document.title)'"
                : "\(made.remaining) change\(made.remaining == 1 ? "" : "s") left in '\(made.document.title)'")
        }
    }
}
