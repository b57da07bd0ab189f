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
            let compared: [DocumentComparison]
            // Pictures and other files under contents/, in a diff of the whole project.
            var changedFiles: [FileChange] = []
            var heading = DiffHTML.Heading(project: "\(files.first ?? "") and \(files.last ?? "")", author: nil,
                                           old: files.first ?? "", new: files.last ?? "")
            if files.count == 2 {
                let base = console.workingDirectory
                compared = [try FileComparison.compare(
                    old: URL(fileURLWithPath: files[0], relativeTo: base), new: URL(fileURLWithPath: files[1], relativeTo: base),
                    oldName: files[0], newName: files[1], by: by)].filter { !$0.diff.isEmpty }
            } else {
                // Documents renamed or moved by hand are read where they are now, not as deleted and new.
                let history = try ProjectHistory.existing(try console.openProject())
                // git's A..B: the project from A to B (when no document is called that).
                let range = Self.range(references, from: self.from, to: to) { text in
                    (try? history.documentReference(text, workingDirectory: console.workingDirectory)) != nil
                }
                let named = try (range == nil ? references : []).map { try history.documentReference($0, workingDirectory: console.workingDirectory) }
                let ids = named.isEmpty ? nil : Set(named.map(\.id))
                let from = try range?.from ?? older(self.from, named: named.compactMap(\.revision))
                let to = range?.to ?? self.to
                // With one document, ~N counts that document's snapshots, as in msx show REF@~N.
                let document = ids?.count == 1 ? ids!.first : nil
                let old = ProjectState.version(try history.resolve(from ?? "HEAD", for: document))
                let new = try to.map { ProjectState.version(try history.resolve($0, for: document)) } ?? .working
                compared = try ProjectComparison.compare(from: history.reader(old), to: history.reader(new), documentIDs: ids, by: by)
                if ids == nil, case .version(let oldID) = old {
                    let newID: GitOID? = if case .version(let id) = new { id } else { nil }
                    changedFiles = try history.fileChanges(from: oldID, to: newID)
                }
                if let docx {
                    try writeDocx(compared.filter { !$0.isMarkupOnly }, to: docx, older: old, newer: new, in: history, console: console)
                    return
                }
                if html {
                    let manifest = history.project.manifest
                    heading = DiffHTML.Heading(project: manifest.title, author: manifest.author.name,
                                               old: try Self.describe(old, in: history), new: try Self.describe(new, in: history))
                }
            }
            // Files that differ but read the same are no difference in the words or the formatting; they are named
            // apart, so that diff and status agree on what changed.
            let comparisons = compared.filter { !$0.isMarkupOnly }, markupOnly = compared.filter(\.isMarkupOnly)
            // As git: --exit-code and --quiet say by the exit status whether anything differs; two files always do.
            if (exitCode || quiet || files.count == 2) && !(comparisons.isEmpty && changedFiles.isEmpty) { console.exitStatus = 1 }
            if quiet { return }
            if console.json {
                // A document at a time, a paragraph at a time: a long manuscript's report is never held whole.
                console.stream { sink in
                    var report: [String: JSONValue] = [:]
                    if !markupOnly.isEmpty { report["markupOnly"] = .array(markupOnly.map { .string($0.path) }) }
                    report["files"] = .array(changedFiles.map(Status.json))
                    var documents = JSONArrayStream(JSONEnvelope.members(report), streaming: "documents", to: sink)
                    for c in comparisons {
                        documents.startElement(to: sink)
                        DiffJSON.write(c.diff, old: c.oldTexts, new: c.newTexts, newParagraphs: c.newParagraphs,
                                       fields: Self.fields(c), indent: documents.depth, to: sink)
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
    private func writeDocx(_ comparisons: [DocumentComparison], to path: String, older: ProjectState, newer: ProjectState, in history: ProjectHistory,
                           console: Console) throws {
        var manifest = history.project.manifest
        var (reviser, date) = (manifest.author.name, Date())
        if case .version(let id) = newer {
            manifest = try history.manifest(at: id) ?? manifest
            let entry = try history.entry(for: id)
            (reviser, date) = (entry.author, Date(timeIntervalSince1970: TimeInterval(entry.time)))
        }
        let data = try DocxChanges.render(comparisons, sheet: StyleSheet(manifest: manifest), title: manifest.title,
                                          author: manifest.author.name, reviser: reviser.isEmpty ? "msx" : reviser, date: date,
                                          pictures: DocxChanges.pictures(newer: try history.reader(newer), older: try history.reader(older)))
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

    /// A side of the comparison as the review page names it: "version a1b2c3d of 2026-11-01 14:02, “Storm
    /// drafted” (milestone first draft)", or "the working copy".
    static func describe(_ state: ProjectState, in history: ProjectHistory) throws -> String {
        guard case .version(let id) = state else { return "the working copy (changes not yet snapshotted)" }
        let entry = try history.entry(for: id)
        let milestones = entry.milestones.isEmpty ? ""
            : " (milestone " + entry.milestones.map { "\u{201C}\($0)\u{201D}" }.joined(separator: ", ") + ")"
        return "version \(id.short) of \(DateText.display(entry.time, offsetMinutes: entry.offsetMinutes)), \u{201C}\(entry.subject)\u{201D}\(milestones)"
    }

    /// `A..B` as the only argument, with no --from or --to and no document of that name: from A (default HEAD) to B
    /// (default: the working copy).
    static func range(_ references: [String], from: String?, to: String?, isDocument: (String) -> Bool) -> (from: String, to: String?)? {
        guard references.count == 1, from == nil, to == nil, let dots = references[0].range(of: ".."),
              !isDocument(references[0]) else { return nil }
        let (a, b) = (String(references[0][..<dots.lowerBound]), String(references[0][dots.upperBound...]))
        return (a.isEmpty ? "HEAD" : a, b.isEmpty ? nil : b)
    }

    /// The older version: --from, or the one revision the documents were named with (REF@REV).
    private func older(_ from: String?, named revisions: [String]) throws -> String? {
        guard let revision = revisions.first else {
            if from == nil && to != nil { throw MsxError(.usage, "--to goes with --from (or REF@REV)") }
            return from
        }
        if from != nil || Set(revisions).count > 1 {
            throw MsxError(.usage, "give the older version once: with --from, or as REF@REV on the documents")
        }
        return revision
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

    /// A document's members of `diff --json` besides its differences.
    static func fields(_ c: DocumentComparison) -> [String: JSONValue] {
        [
            "id": .optional(c.id), "title": .string(c.title), "path": .string(c.path),
            "binder": .array(c.binder.map { .string(DiffDescription.binder($0)) }),
            "description": .array(DiffDescription.formatting(c.diff, newTexts: c.newTexts).map(JSONValue.string)),
        ]
    }
}
