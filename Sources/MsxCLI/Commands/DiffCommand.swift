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
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let comparisons: [DocumentComparison], markupOnly: [DocumentComparison]
            // Pictures and other files under contents/, in a diff of the whole project.
            var changedFiles: [FileChange] = []
            var heading = DiffHTML.Heading(project: "\(files.first ?? "") and \(files.last ?? "")", author: nil,
                                           old: files.first ?? "", new: files.last ?? "")
            if files.count == 2 {
                let base = console.workingDirectory
                let action = CompareFilesAction(old: (URL(fileURLWithPath: files[0], relativeTo: base), files[0]),
                                                new: (URL(fileURLWithPath: files[1], relativeTo: base), files[1]), by: by)
                guard let compared = try console.run(action, emittingJSON: false)?.comparison else { return }
                (comparisons, markupOnly) = (compared.diff.isEmpty ? [] : [compared], [])
            } else {
                guard let report = try console.run(CompareAction(references, from: from, to: to, by: by), emittingJSON: false) else { return }
                if let docx {
                    try writeDocx(report, to: docx, console: console)
                    return
                }
                (comparisons, markupOnly, changedFiles, heading) = (report.comparisons, report.markupOnly, report.files, report.heading)
            }
            // As git: --exit-code and --quiet say by the exit status whether anything differs; two files always do.
            if (exitCode || quiet || files.count == 2) && !(comparisons.isEmpty && changedFiles.isEmpty) { console.exitStatus = 1 }
            if quiet { return }
            if console.json {
                // A document at a time, a paragraph at a time: a long manuscript's report is never held whole.
                console.stream { sink in
                    let members = DiffJSON.members(markupOnly: markupOnly, files: changedFiles)
                    var documents = JSONArrayStream(JSONEnvelope.members(members), streaming: "documents", to: sink)
                    for c in comparisons {
                        documents.startElement(to: sink)
                        DiffJSON.write(c.diff, old: c.oldTexts, new: c.newTexts, newParagraphs: c.newParagraphs,
                                       fields: DiffJSON.fields(c), indent: documents.depth, to: sink)
                    }
                    documents.finish(to: sink)
                }
            } else if html {
                console.text(DiffHTML.render(comparisons, heading: heading))
                return
            } else if stat {
                for c in comparisons { console.line(Self.statLine(c, console)) }
            } else {
                // The whole project: a summary first, then each changed document.
                if references.isEmpty && files.isEmpty && comparisons.count > 1 && !wordDiff {
                    console.line(console.paint("\(comparisons.count) documents changed", "1"))
                    for c in comparisons { console.line("  " + Self.statLine(c, console)) }
                    console.line()
                }
                let shown = comparisons.filter { render($0, console: console) }.count
                if shown == 0 && !comparisons.isEmpty { console.line("No differences.") }
            }
            if !console.json {
                for file in changedFiles { console.line("\(Status.summary(file)): \(file.path)") }
            }
            if comparisons.isEmpty && changedFiles.isEmpty && !console.json {
                console.line(markupOnly.isEmpty ? "No differences." : "No differences in the words or the formatting.")
            }
            if !markupOnly.isEmpty && !console.json {
                console.line("Markup only (the files differ, the words and the formatting read the same): "
                             + markupOnly.map(\.title).joined(separator: ", "))
            }
        }
    }

    /// The changes as a Word file of tracked changes, credited to the newer version's author (or the project's, for
    /// the working copy), in the newer side's styles.
    private func writeDocx(_ report: CompareReport, to path: String, console: Console) throws {
        let manifest = report.newer.manifest
        let (reviser, date) = report.revision ?? (manifest.author.name, Date())
        let comparisons = report.comparisons
        let data = try DocxChanges.render(comparisons, sheet: StyleSheet(manifest: manifest), title: manifest.title,
                                          author: manifest.author.name, reviser: reviser.isEmpty ? "msx" : reviser, date: date,
                                          pictures: DocxChanges.pictures(newer: report.newer, older: report.older))
        let url = console.invocation.resolve(path)
        guard FileIO.isDirectory(url.deletingLastPathComponent()) else {
            throw MsxError(.missingFile, "\(path): the folder \(url.deletingLastPathComponent().path) does not exist")
        }
        do { try FileIO.writeAtomically(data, to: url) } catch let error as MsxError { throw error } catch {
            throw MsxError(.io, "\(path): \(error.localizedDescription)")
        }
        if console.json {
            console.report(["out": .string(path), "documents": .int(comparisons.count)])
        } else {
            console.note("wrote \(comparisons.count) changed document\(comparisons.count == 1 ? "" : "s") as tracked changes to \(path)")
        }
    }

    /// Prints one document's differences; false when the view leaves nothing to show for it.
    @discardableResult
    private func render(_ c: DocumentComparison, console: Console) -> Bool {
        if wordDiff {
            let lines = DiffText.wordDiff(c.diff, old: c.oldTexts, new: c.newTexts)
            guard !lines.isEmpty else { return false }
            console.line("--- \(c.path)")
            for line in lines { console.line(line) }
            return true
        }
        let lines = DiffText.render(c.diff, old: c.oldTexts, new: c.newTexts, kinds: (c.oldKinds, c.newParagraphs.map(\.kind)),
                                    images: (c.oldImages, c.newImages),
                                    textOnly: textOnly, formattingOnly: formattingOnly) { text, style in
            switch style {
            case .deleted: return console.paint(text, "31;9")
            case .inserted: return console.paint(text, "32;4")
            case .formatting: return console.paint(text, "36")
            case .heading: return console.paint(text, "33")
            case .dim: return console.paint(text, "2")
            }
        }
        // A filtered view leaves out documents with nothing to show.
        guard !lines.isEmpty || (!c.binder.isEmpty && !textOnly && !formattingOnly) else { return false }
        let place = c.path == c.title ? "" : "  \(c.path)"
        console.line(console.paint("\(c.title)", "1") + console.paint("\(place)  +\(c.diff.wordsAdded) / -\(c.diff.wordsRemoved) words", "2"))
        for difference in c.binder {
            if case .notes = difference { console.line("  \(DiffDescription.binder(difference))") } else { console.line("  binder: \(DiffDescription.binder(difference))") }
        }
        for line in lines { console.line("  " + line) }
        console.line()
        return true
    }

    /// "Title (path): +12 / -3 words, 2 formatting changes; renamed from 'X'".
    static func statLine(_ c: DocumentComparison, _ console: Console) -> String {
        let formats = c.diff.formatting.count + c.diff.paragraphFormatting.count
        return "\(c.title) (\(c.path)): \(console.paint("+\(c.diff.wordsAdded)", "32")) / \(console.paint("-\(c.diff.wordsRemoved)", "31")) words"
            + (c.diff.wordsMoved > 0 ? ", \(c.diff.wordsMoved) moved" : "") + ", \(formats) formatting change\(formats == 1 ? "" : "s")"
            + (c.binder.isEmpty ? "" : "; " + c.binder.map(DiffDescription.binder).joined(separator: ", "))
    }
}
