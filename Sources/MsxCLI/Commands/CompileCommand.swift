import ArgumentParser
import Foundation
import MsxKit

struct Compile: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Assemble the draft into one manuscript: Markdown, HTML, RTF, Word (.docx), EPUB or plain text.",
        discussion: ManualText.discussion(
            """
            Documents are taken in binder order, leaving out those excluded from compile; folder titles become \
            headings by depth, and the scene separator (the sceneSeparator compile setting, default #) goes between \
            documents that follow each other in a folder. --preset manuscript gives standard manuscript format: \
            12 pt Times New Roman, double-spaced, 0.5 in first-line indents, 1 in margins, a title page and (in RTF \
            and DOCX) a running header with surname, title and page number. A .docx has the project's styles as Word styles, \
            lists as Word lists, footnotes as footnotes, comments as comments and the title and author as document \
            properties. An .epub is EPUB 3, one file per chapter, with a table of contents and footnotes. Both are \
            written to a file (--out), never to standard output.
            """,
            examples: [
                .init("msx compile -t rtf --preset manuscript -o \"The Lighthouse.rtf\"",
                      "Standard manuscript format."),
                .init("msx compile -o book.html --smart-quotes",
                      "HTML, format from the extension."),
                .init("msx compile -o \"The Lighthouse.docx\"",
                      "A Word document for an editor or agent."),
                .init("msx compile -o book.epub", "An e-book (EPUB 3) for readers and stores."),
                .init("msx compile --at \"first draft\" -t txt | wc -w",
                      "The draft as it was at a milestone."),
            ]))

    enum Format: String, ExpressibleByArgument, CaseIterable { case md, html, rtf, txt, docx, epub }
    enum Preset: String, ExpressibleByArgument, CaseIterable { case `default`, manuscript }

    @Option(name: [.customShort("t"), .long], help: "md, html, rtf, txt, docx or epub (default: from --out's extension, else md; docx and epub need --out).")
    var format: Format?

    @Option(name: [.customShort("o"), .customLong("out")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var outFile: String?

    @Option(help: ArgumentHelp("Compile this folder instead of the Draft.", valueName: "folder"))
    var root: String?

    @Option(help: "default (the project's formatting) or manuscript (standard manuscript format).")
    var preset: Preset = .default

    @Flag(inversion: .prefixedNo, help: "Begin with a title page (default: only with --preset manuscript).")
    var titlePage: Bool?

    @Flag(help: "Turn straight quotes, -- and ... into typographic ones.")
    var smartQuotes = false

    @Option(help: ArgumentHelp("Compile the draft as it was at this version (as in show: a1b2c3d, ~2, {2026-11-01}, a milestone).", valueName: "rev"))
    var at: String?

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            // A document renamed or moved by hand is read where it is now.
            let project = try console.openProject()
            let chosen = try format.flatMap { CompileFormat(rawValue: $0.rawValue) } ?? outFile.map { name in
                guard let fromName = CompileFormat(fileName: name) else {
                    throw MsxError(.unknownFormat, "\(name): msx compiles to .md, .html, .rtf, .txt, .docx or .epub; name one of those, or give --format")
                }
                return fromName
            } ?? .md
            guard outFile != nil || chosen.isText else {
                throw MsxError(.missingDestination, "a .\(chosen.rawValue) file is not text: give --out FILE.\(chosen.rawValue)")
            }
            var options = CompileOptions()
            options.readsFonts = chosen == .epub
            options.preset = preset == .manuscript ? .manuscript : .default
            options.titlePage = titlePage
            options.smartQuotes = smartQuotes
            let progress = CompileProgress(console.invocation)
            options.progress = progress.reporter
            if let root { options.root = try project.references(from: console.workingDirectory).folder(root) }
            var manuscript: Manuscript
            if let at {
                let history = try ProjectHistory.existing(project)
                manuscript = try history.reader(at: history.resolve(at)).manuscript(options)
            } else {
                manuscript = try project.manuscript(options)
                // The last version, so that an edited copy can be compared with it (msx review import).
                manuscript.version = try? ProjectHistory.existing(project).head()?.description
            }
            let data = try manuscript.renderedData(as: chosen)
            progress.finish()
            if let outFile {
                let url = URL(fileURLWithPath: outFile, relativeTo: console.workingDirectory).standardizedFileURL
                let folder = url.deletingLastPathComponent()
                guard FileIO.isDirectory(folder) else {
                    throw MsxError(.missingFile, "\(outFile): the folder \(folder.path) does not exist")
                }
                do { try FileIO.writeAtomically(data, to: url) } catch let error as MsxError { throw error } catch { throw MsxError(.io, "\(outFile): \(error.localizedDescription)") }
                if console.json {
                    console.report([
                        "format": .string(chosen.rawValue), "out": .string(outFile),
                        "documents": .int(manuscript.documents.count), "words": .int(manuscript.wordCount),
                    ])
                } else {
                    console.note("compiled \(manuscript.documents.count) documents, \(manuscript.wordCount) words, to \(outFile)")
                }
            } else if console.json {
                console.report([
                    "format": .string(chosen.rawValue), "documents": .int(manuscript.documents.count),
                    "words": .int(manuscript.wordCount), "content": .string(String(decoding: data, as: UTF8.self)),
                ])
            } else {
                console.invocation.standardOutput.write(String(decoding: data, as: UTF8.self))
            }
        }
    }
}

/// "reading 512/1001 documents" on stderr while a long compile reads, only when stderr is a terminal.
final class CompileProgress: @unchecked Sendable {
    private let line: ProgressLine
    private var done = 0

    init(_ invocation: Invocation) { line = ProgressLine(invocation) }

    /// The callback for `CompileOptions.progress`, or nil off a terminal.
    var reporter: (@Sendable (Int) -> Void)? {
        guard line.isVisible else { return nil }
        return { [self] total in report(total) }
    }

    private func report(_ total: Int) {
        guard total >= 100 else { return }
        line.update {
            done += 1
            return done % 50 == 0 || done == total ? "reading \(done)/\(total) documents" : nil
        }
    }

    /// Clears the progress line, if one was shown.
    func finish() { line.finish() }
}
