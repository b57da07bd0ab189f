import ArgumentParser
import Foundation
import MsxKit

struct Import: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring Markdown, plain-text, RTF, Word, Fountain and Final Draft files, folders or Scrivener projects into the project.",
        discussion: ManualText.discussion(
            """
            .md and .markdown files come in byte for byte; .txt files paragraph by paragraph (markup characters \
            escaped); .rtf and .docx files with their fonts, sizes, colours, underline, alignment, indents, spacing, \
            tab stops, styles, lists, links and footnotes: Markdown carries what it can, the sidecar the rest. A Word \
            file's tracked changes are accepted, or with --changes reject undone. Fountain (.fountain) and Final \
            Draft (.fdx) scripts come in as screenplay documents: scene headings, action, character cues, \
            parentheticals, dialogue and transitions as the screenplay template's styles. A folder \
            becomes a binder folder, its files in natural name order (Chapter 2 before Chapter 10). A Scrivener \
            project (a .scriv folder) becomes a folder of its title holding its binder (not its trash), texts and \
            metadata, without its history (msx init --from brings that). Nothing is written unless every file reads.
            """,
            examples: [
                .init("msx import ~/export/ --into Draft",
                      "Files and folders (.rtf, .txt, .md), formatting kept."),
                .init("msx import novel.rtf --split-headings 1 --dry-run",
                      "Say which documents (and ids) one per chapter heading would make."),
                .init("msx import edited.docx --changes reject --into Research",
                      "A Word file as it was before its tracked changes."),
                .init("msx import ~/Documents/Sequel.scriv --into Research",
                      "Another Scrivener project's texts, as a folder of the research."),
            ]))

    @Argument(help: "Files or folders to import.")
    var paths: [String]

    @Option(name: .customLong("into"), help: ArgumentHelp("Folder to import into (default: Draft).", valueName: "folder"))
    var folder: String?

    @Option(help: ArgumentHelp("Cut each file into one document per heading of this level or less (1-6).", valueName: "N"))
    var splitHeadings: Int?

    @Option(help: ArgumentHelp("Tracked changes in Word files: accept (the default) or reject.", valueName: "accept|reject"))
    var changes: TrackedChanges = .accept

    @Flag(help: "Show what would be created without writing anything.")
    var dryRun = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let splitHeadings, !(1...6).contains(splitHeadings) {
            throw ValidationError("--split-headings takes a heading level from 1 to 6")
        }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let base = console.workingDirectory
            let files = paths.map { (url: URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL, displayPath: $0) }
            let action = ImportAction(files, into: folder, splitHeadings: splitHeadings, changes: changes, dryRun: dryRun)
            guard let report = try console.run(action) else { return }
            for warning in report.warnings { console.note("warning: \(warning)") }
            let (outcome, mood) = (report.outcome, Mood(dryRun: dryRun))
            for event in outcome.events { console.line(BinderWording.line(event, mood)) }
            if !outcome.addedStyles.isEmpty {
                console.line("\(mood.verb("added", "add")) style\(outcome.addedStyles.count == 1 ? "" : "s") \(outcome.addedStyles.joined(separator: ", "))")
            }
        }
    }
}

extension TrackedChanges: ExpressibleByArgument {}
