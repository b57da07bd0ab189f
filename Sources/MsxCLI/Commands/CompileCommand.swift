import ArgumentParser
import Foundation
import MsxKit

struct Compile: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Assemble the draft into one manuscript: Markdown, HTML, RTF, Word (.docx), EPUB, PDF, plain text or a screenplay (Fountain, Final Draft).",
        discussion: ManualText.discussion(
            """
            Documents are taken in binder order, leaving out those excluded from compile; folder titles become \
            headings by depth, and the scene separator (the sceneSeparator compile setting, default #) goes between \
            documents that follow each other in a folder. --preset manuscript gives standard manuscript format: \
            12 pt Times New Roman, double-spaced, 0.5 in first-line indents, 1 in margins, a title page and (in RTF \
            and DOCX) a running header with surname, title and page number. A .docx has the project's styles as Word styles, \
            lists as Word lists, footnotes as footnotes, comments as comments and the title and author as document \
            properties. An .epub is EPUB 3, one file per chapter, with a table of contents and footnotes. A .pdf is \
            made by msx alone: the project's TrueType fonts embedded as subsets (the standard Times in a manuscript), \
            widows and orphans kept off page ends. --preset book gives a printed book: the trimSize compile \
            setting (6x9 inches by default), mirrored margins, justified text hyphenated with the installed \
            patterns for the book's language, running heads and page numbers. DOCX, EPUB and PDF are written \
            to a file (--out), never to standard output.
            """,
            examples: [
                .init("msx compile -t rtf --preset manuscript -o \"The Lighthouse.rtf\"",
                      "Standard manuscript format."),
                .init("msx compile -o book.html --smart-quotes",
                      "HTML, format from the extension."),
                .init("msx compile -o \"The Lighthouse.docx\"",
                      "A Word document for an editor or agent."),
                .init("msx compile -o book.epub", "An e-book (EPUB 3) for readers and stores."),
                .init("msx compile --preset manuscript -o submission.pdf", "Standard manuscript format as a PDF."),
                .init("msx compile --preset book -o print.pdf", "A print-ready book on its trim size."),
                .init("msx compile -o script.fountain", "A screenplay as Fountain (or script.fdx for Final Draft)."),
                .init("msx compile --at \"first draft\" -t txt | wc -w",
                      "The draft as it was at a milestone."),
            ]))

    enum Preset: String, ExpressibleByArgument, CaseIterable { case `default`, manuscript, book, screenplay }

    @Option(name: [.customShort("t"), .long], help: ArgumentHelp(
        CompileFormat.all.map { "\($0.name) (\($0.renderer.summary))" }.joined(separator: ", ")
            + "; default: from --out's extension, else md. "
            + CompileFormat.all.filter { !$0.isText }.map(\.name).joined(separator: " and ") + " need --out.",
        valueName: "format"))
    var format: String?

    @Option(name: [.customShort("o"), .customLong("out")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var outFile: String?

    @Option(help: ArgumentHelp("Compile this folder instead of the Draft.", valueName: "folder"))
    var root: String?

    @Option(help: "default (the project's formatting), manuscript (standard manuscript format), book (a printed book: trim size, mirrored margins, justified and hyphenated) or screenplay (Courier 12, the industry's margins and indents).")
    var preset: Preset = .default

    @Flag(inversion: .prefixedNo, help: "Begin with a title page (default: only with --preset manuscript).")
    var titlePage: Bool?

    @Flag(help: "Turn straight quotes into curly ones, --- into an em dash, -- into an en dash between numbers and an em dash elsewhere, and ... into an ellipsis.")
    var smartQuotes = false

    @Option(help: ArgumentHelp("Compile the draft as it was at this version (as in show: a1b2c3d, ~2, {2026-11-01}, a milestone).", valueName: "rev"))
    var at: String?

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let action = CompileAction(format: try format.map(Self.format),
                                       out: outFile.map { URL(fileURLWithPath: $0, relativeTo: console.workingDirectory).standardizedFileURL },
                                       outName: outFile, root: root, preset: CompilePreset(rawValue: preset.rawValue) ?? .default,
                                       titlePage: titlePage, smartQuotes: smartQuotes, at: at)
            guard let report = try console.run(action) else { return }
            console.warn(report.warnings)
            if let outFile {
                console.note("compiled \(report.documents) documents, \(report.words) words, to \(outFile)")
            } else if let content = report.content {
                console.invocation.standardOutput.write(String(decoding: content, as: UTF8.self))
            }
        }
    }

    /// The format named by --format, or a usage error naming the formats (and the nearest one).
    private static func format(_ name: String) throws -> CompileFormat {
        if let format = CompileFormat(name: name) { return format }
        throw MsxError.notAmong(CompileFormat.all.map(\.name), name, isNot: "a format msx compiles to")
    }
}
