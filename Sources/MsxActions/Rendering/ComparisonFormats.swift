import Foundation
import MsxConvert
import MsxDiff
import MsxHistory
import MsxModel

/// Each changed document word by word with its formatting changes named; the whole project opens with a summary.
public struct TextComparison: ComparisonFormat {
    public static let name = "text"
    public static let summary = "each change word by word, formatting named (the default)"

    public static func render(_ compared: Compared, style: ComparisonStyle) throws -> ComparisonOutput {
        var lines: [String] = []
        let comparisons = compared.comparisons
        if compared.wholeProject && comparisons.count > 1 {
            lines.append(style.paint("\(comparisons.count) documents changed", .title))
            lines += comparisons.map { "  " + StatComparison.line($0, style) }
            lines.append("")
        }
        var shown = 0
        for c in comparisons {
            let changes = DiffText.render(c.diff, old: c.oldTexts, new: c.newTexts, kinds: (c.oldKinds, c.newParagraphs.map(\.kind)),
                                          images: (c.oldImages, c.newImages), textOnly: style.textOnly,
                                          formattingOnly: style.formattingOnly, paint: style.paint)
            // A filtered view leaves out documents with nothing to show.
            guard !changes.isEmpty || (!c.binder.isEmpty && !style.textOnly && !style.formattingOnly) else { continue }
            shown += 1
            let place = c.path == c.title ? "" : "  \(c.path)"
            lines.append(style.paint(c.title, .title) + style.paint("\(place)  +\(c.diff.wordsAdded) / -\(c.diff.wordsRemoved) words", .dim))
            for difference in c.binder {
                if case .notes = difference { lines.append("  \(DiffDescription.binder(difference))") } else { lines.append("  binder: \(DiffDescription.binder(difference))") }
            }
            lines += changes.map { "  " + $0 }
            lines.append("")
        }
        if shown == 0 && !comparisons.isEmpty { lines.append("No differences.") }
        return .lines(lines + closing(compared))
    }

    /// The folders' and the project's own changes, the other files, and what differs only in its markup.
    static func closing(_ compared: Compared) -> [String] {
        var lines = compared.binder.map { "binder: " + BinderStructureWording.line($0) }
        lines += compared.files.map { "\(ChangeWording.summary($0)): \($0.path)" }
        if compared.comparisons.isEmpty && compared.files.isEmpty && compared.binder.isEmpty {
            lines.append(compared.markupOnly.isEmpty ? "No differences." : "No differences in the words or the formatting.")
        }
        if !compared.markupOnly.isEmpty {
            lines.append("Markup only (the files differ, the words and the formatting read the same): "
                         + compared.markupOnly.map(\.title).joined(separator: ", "))
        }
        return lines
    }
}

/// git's plain `[-old-]{+new+}` lines, for pipes.
public struct WordDiffComparison: ComparisonFormat {
    public static let name = "word-diff"
    public static let summary = "git's plain [-old-]{+new+} lines, for pipes"

    public static func render(_ compared: Compared, style: ComparisonStyle) throws -> ComparisonOutput {
        var lines: [String] = []
        var shown = 0
        for c in compared.comparisons {
            let changes = DiffText.wordDiff(c.diff, old: c.oldTexts, new: c.newTexts)
            guard !changes.isEmpty else { continue }
            shown += 1
            lines += ["--- \(c.path)"] + changes
        }
        if shown == 0 && !compared.comparisons.isEmpty { lines.append("No differences.") }
        return .lines(lines + TextComparison.closing(compared))
    }
}

/// A line per document: words added and removed, formatting changes, and how its place changed.
public struct StatComparison: ComparisonFormat {
    public static let name = "stat"
    public static let summary = "a line per document: words added and removed, formatting changes"

    public static func render(_ compared: Compared, style: ComparisonStyle) throws -> ComparisonOutput {
        .lines(compared.comparisons.map { line($0, style) } + TextComparison.closing(compared))
    }

    /// "Title (path): +12 / -3 words, 2 formatting changes; renamed from 'X'".
    static func line(_ c: DocumentComparison, _ style: ComparisonStyle) -> String {
        let formats = c.diff.formatting.count + c.diff.paragraphFormatting.count
        return "\(c.title) (\(c.path)): \(style.paint("+\(c.diff.wordsAdded)", .added)) / \(style.paint("-\(c.diff.wordsRemoved)", .removed)) words"
            + (c.diff.wordsMoved > 0 ? ", \(c.diff.wordsMoved) moved" : "") + ", \(formats) formatting change\(formats == 1 ? "" : "s")"
            + (c.binder.isEmpty ? "" : "; " + c.binder.map(DiffDescription.binder).joined(separator: ", "))
    }
}

/// A standalone, printable review page in a word processor's track-changes style.
public struct HTMLComparison: ComparisonFormat {
    public static let name = "html"
    public static let summary = "a printable track-changes page"

    public static func render(_ compared: Compared, style: ComparisonStyle) throws -> ComparisonOutput {
        .page(DiffHTML.render(compared.comparisons, heading: compared.heading))
    }
}

/// The differences as data (`docs/diff.md`); the command line streams the same a document at a time.
public struct JSONComparison: ComparisonFormat {
    public static let name = "json"
    public static let summary = "the differences as data, for scripts"

    public static func render(_ compared: Compared, style: ComparisonStyle) throws -> ComparisonOutput {
        .page(JSONWriter.string(JSONEnvelope.wrap(DiffJSON.report(compared.comparisons, markupOnly: compared.markupOnly,
                                                                   files: compared.files, binder: compared.binder).objectValue ?? [:])) + "\n")
    }
}

/// A Word document of tracked changes, to accept or reject in Word or LibreOffice, credited to the newer version's
/// author (or the project's, for the working copy), in the newer side's styles.
public struct DocxComparison: ComparisonFormat {
    public static let name = "docx"
    public static let summary = "a Word document of tracked changes"

    public static func render(_ compared: Compared, style: ComparisonStyle) throws -> ComparisonOutput {
        guard let sides = compared.sides else { throw MsxError(.usage, "a Word document of tracked changes compares versions of a project") }
        let manifest = sides.newer.manifest
        let (reviser, date) = sides.revision ?? (manifest.author.name, Date())
        return .file(try DocxChanges.render(compared.comparisons, sheet: StyleSheet(manifest: manifest), title: manifest.title,
                                            author: manifest.author.name, reviser: reviser.isEmpty ? "msx" : reviser, date: date,
                                            pictures: DocxChanges.pictures(newer: sides.newer, older: sides.older)))
    }
}
