import ArgumentParser
import Foundation
import MsxKit

extension DiffUnit: ExpressibleByArgument {}

struct Diff: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed in the words and in the formatting.",
        discussion: ManualText.discussion(
            """
            By default the working copy against the last snapshot; --from REV (or REF@REV) compares that version \
            with the working copy; --from and --to compare two versions. Versions are named as in every command (see \
            msx --help). Text changes are shown word by word ([-deleted-]{+inserted+}); \
            formatting changes are named ("bold added: 'the storm' (paragraph 3)"). --files compares two documents \
            outside any project, each with its sidecar when present, and exits with 1 when they differ, as diff(1) \
            does; --exit-code (or --quiet, which prints nothing) does the same for versions. Read-only.
            """,
            examples: [
                .init("msx diff",
                      "Working copy against the last version, word by word with formatting named."),
                .init("msx diff \"The Storm@first draft\"",
                      "One document against a milestone."),
                .init("msx diff --from HEAD~5 --to HEAD --stat",
                      "Words added and removed per document between two versions."),
                .init("msx diff --from \"first draft\" --docx changes.docx",
                      "The changes as tracked changes, to accept or reject in Word or LibreOffice."),
                .init("msx diff --from \"first draft\" --html > review.html",
                      "A printable track-changes page for an editor."),
                .init("msx diff --quiet || msx snapshot",
                      "Snapshot only when something changed."),
            ]))

    @Argument(help: "Documents to compare (default: every changed document); REF@REV compares from that version.")
    var references: [String] = []

    @Option(help: ArgumentHelp("The older version (default: the last snapshot).", valueName: "rev")) var from: String?
    @Option(help: ArgumentHelp("The newer version (default: the working copy).", valueName: "rev")) var to: String?
    @Option(name: .customLong("files"), parsing: .upToNextOption, help: ArgumentHelp("Compare two Markdown files: OLD NEW.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("Compare changed paragraphs by word (default), sentence, paragraph or char.", valueName: "unit"))
    var by: DiffUnit = .word
    @Option(help: ArgumentHelp("How to show the changes: " + ComparisonFormats.registry.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
                               + ". --stat, --word-diff, --html and --docx FILE name one.", valueName: "format"))
    var format: String?
    @Flag(help: "Per document: words added and removed, formatting changes.") var stat = false
    @Flag(name: .customLong("word-diff"), help: "git's plain [-old-]{+new+} style, for pipes.") var wordDiff = false
    @Flag(help: "A standalone review page (track-changes style, printable).") var html = false
    @Option(help: ArgumentHelp("Write the changes as a Word file of tracked changes, to accept or reject in Word or LibreOffice.",
                               valueName: "file.docx")) var docx: String?
    @Flag(name: .customLong("text-only"), help: "Only changes to the words.") var textOnly = false
    @Flag(name: .customLong("formatting-only"), help: "Only changes to the formatting.") var formattingOnly = false
    @Flag(name: .customLong("exit-code"), help: "Exit with 1 when there are differences, 0 when there are none (as git diff).")
    var exitCode = false
    @Flag(help: "Print nothing; exit with 1 when there are differences (implies --exit-code).") var quiet = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if !files.isEmpty && (files.count != 2 || !references.isEmpty || from != nil || to != nil) {
            throw ValidationError("--files takes exactly two files, OLD and NEW, and no REF or revisions")
        }
        if textOnly && formattingOnly { throw ValidationError("give --text-only or --formatting-only, not both") }
        if docx != nil && (html || stat || wordDiff || quiet || !files.isEmpty) {
            throw ValidationError("--docx goes alone (not with --html, --stat, --word-diff, --quiet or --files)")
        }
        if format != nil && (html || stat || wordDiff || docx != nil && format != DocxComparison.name) {
            throw ValidationError("give --format or one of --html, --stat, --word-diff and --docx, not both")
        }
        if format == DocxComparison.name && docx == nil { throw ValidationError("--format docx writes a file: give --docx FILE") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let chosen = try ComparisonFormats.named(format ?? (docx != nil ? DocxComparison.name : html ? HTMLComparison.name
                : stat ? StatComparison.name : wordDiff ? WordDiffComparison.name : TextComparison.name))
            let compared: Compared
            if files.count == 2 {
                let base = console.workingDirectory
                let action = CompareFilesAction(old: (URL(fileURLWithPath: files[0], relativeTo: base), files[0]),
                                                new: (URL(fileURLWithPath: files[1], relativeTo: base), files[1]), by: by)
                guard let report = try console.run(action, emittingJSON: false) else { return }
                compared = Compared(files: report, heading: DiffHTML.Heading(project: "\(files[0]) and \(files[1])", author: nil,
                                                                             old: files[0], new: files[1]))
            } else {
                guard let report = try console.run(CompareAction(references, from: from, to: to, by: by), emittingJSON: false) else { return }
                compared = Compared(report, wholeProject: references.isEmpty)
            }
            if chosen == DocxComparison.self, let docx { return try writeDocx(compared, to: docx, console: console) }
            // As git: --exit-code and --quiet say by the exit status whether anything differs; two files always do.
            if (exitCode || quiet || files.count == 2) && compared.differs { console.exitStatus = 1 }
            if quiet { return }
            if console.json || chosen == JSONComparison.self {
                // A document at a time, a paragraph at a time: a long manuscript's report is never held whole.
                console.streamBytes { sink in
                    let members = DiffJSON.members(markupOnly: compared.markupOnly, files: compared.files, binder: compared.binder)
                    var documents = JSONArrayStream(JSONEnvelope.members(members), streaming: "documents", to: sink)
                    for c in compared.comparisons {
                        documents.startElement(to: sink)
                        DiffJSON.write(c.diff, old: c.oldTexts, new: c.newTexts, newParagraphs: c.newParagraphs,
                                       fields: DiffJSON.fields(c), indent: documents.depth, to: sink)
                    }
                    documents.finish(to: sink)
                }
                return
            }
            let colours = console.color
            let style = ComparisonStyle(paint: { text, style in Console.paint(text, Self.colour(style), when: colours) },
                                        textOnly: textOnly, formattingOnly: formattingOnly)
            switch try chosen.render(compared, style: style) {
            case .lines(let lines): for line in lines { console.line(line) }
            case .page(let page): console.text(page)
            case .file: break
            }
        }
    }

    /// A terminal's colours for each piece of the changes.
    private static func colour(_ style: DiffStyle) -> String {
        switch style {
        case .deleted: "31;9"
        case .inserted: "32;4"
        case .formatting: "36"
        case .heading: "33"
        case .dim: "2"
        case .title: "1"
        case .added: "32"
        case .removed: "31"
        }
    }

    /// Writes the changes as a Word file of tracked changes.
    private func writeDocx(_ compared: Compared, to path: String, console: Console) throws {
        guard case .file(let data) = try DocxComparison.render(compared, style: ComparisonStyle()) else { return }
        let url = console.invocation.resolve(path)
        guard FileIO.isDirectory(url.deletingLastPathComponent()) else {
            throw MsxError(.missingFile, "\(path): the folder \(url.deletingLastPathComponent().path) does not exist")
        }
        do { try FileIO.writeAtomically(data, to: url) } catch let error as MsxError { throw error } catch {
            throw MsxError(.io, "\(path): \(error.localizedDescription)")
        }
        let count = compared.comparisons.count
        if console.json {
            console.report(["out": .string(path), "documents": .int(count)])
        } else {
            console.note("wrote \(count) changed document\(count == 1 ? "" : "s") as tracked changes to \(path)")
        }
    }
}
