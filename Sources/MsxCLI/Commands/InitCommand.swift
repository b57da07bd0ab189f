import ArgumentParser
import Foundation
import MsxKit

struct Init: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a project from a template, or from a Scrivener project or a git repository of Markdown with its history.",
        discussion: ManualText.discussion(
            """
            A template is a plain project folder: a name from `msx templates` or a path to any project. With --from, \
            the project comes from a Scrivener project (Scrivener 3, or Scrivener 2 and Scrivener for Windows 1): its \
            binder and order, titles, synopses, labels, statuses, keywords, compile flags and targets, each text with \
            its formatting, other files as documents showing them, and every snapshot as a version of its document, \
            dated and titled as in Scrivener, before a last version holding the project as it is. What could not come \
            across is listed, item by item; a missing or damaged file never stops the import.

            --from also takes a git repository of Markdown chapters (Obsidian with Longform, mdBook, a pandoc book, \
            a folder of chapters): every commit of its first-parent line that touches an imported file becomes a \
            version with its author, date and message; a file renamed or moved stays one document; the binder follows \
            the order the repository states (mdBook's SUMMARY.md, a Longform index, a pandoc defaults file's \
            input-files, else natural name order); YAML front matter becomes the title, synopsis, status, label, \
            keywords and custom metadata. The repository is only read. --include chooses the files (default: every \
            .md file but README, LICENSE, CHANGELOG, CONTRIBUTING and SUMMARY, outside hidden folders).
            """,
            examples: [
                .init("msx init lighthouse --template novel --title \"The Lighthouse\" --author \"Ada Writer <ada@example.com>\"",
                      "A new project in ./lighthouse from the novel template."),
                .init("msx init essay --template ~/books/my-template",
                      "Any project folder serves as a template."),
                .init("msx init lighthouse --from ~/Documents/Lighthouse.scriv",
                      "The Scrivener project as a new msx project; msx log shows its snapshots."),
                .init("msx init novel --from ~/git/my-novel --include 'chapters/*.md'",
                      "A git repository of chapters, with its whole history."),
            ]))

    @Argument(help: "Folder to create (default: the working folder, which must be empty).")
    var folder: String?

    @Option(help: ArgumentHelp("Template name or folder.", valueName: "name|path"))
    var template = "blank"

    @Option(help: "The book's title (default: the folder's name, or the Scrivener project's).")
    var title: String?

    @Option(help: ArgumentHelp("A Scrivener project (.scriv folder), or a git repository of Markdown, to bring in with its history.",
                               valueName: "path"))
    var from: String?

    @Option(help: ArgumentHelp("With --from REPOSITORY: import the files matching GLOB (* within a folder, ** across; repeatable).",
                               valueName: "glob"))
    var include: [String] = []

    @Option(help: ArgumentHelp("The author, optionally with an address: \"Name <mail>\".", valueName: "author"))
    var author: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if from != nil, template != "blank" {
            throw ValidationError("--from makes the project from what it names: give no --template")
        }
        if from == nil, !include.isEmpty { throw ValidationError("--include goes with --from REPOSITORY") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let destination = URL(fileURLWithPath: folder ?? ".", relativeTo: console.workingDirectory).standardizedFileURL
            let source: InitAction.Source = from.map {
                .existing(URL(fileURLWithPath: $0, relativeTo: console.workingDirectory).standardizedFileURL, named: $0, include: include)
            } ?? .template(template)
            let action = InitAction(at: destination, from: source, title: title, author: author ?? console.environment["MSX_AUTHOR"] ?? "",
                                    templateFolders: TemplateFolders.search(console.invocation), workingDirectory: console.workingDirectory,
                                    executable: console.invocation.executablePath)
            guard let report = try console.run(action) else { return }
            switch report {
            case .template(let root, let template, _, let title):
                console.line("Created '\(title)' in \(root) from the \(template) template.")
            case .scrivener(let outcome, let root, let from, let title):
                console.line("Created '\(title)' in \(root) from \(from): \(outcome.documents) documents, "
                    + "\(outcome.folders) folders, \(outcome.files) files, \(outcome.snapshots) snapshots as versions.")
                for note in outcome.notes { console.note("note: \(note)") }
                for problem in outcome.problems { console.note("not brought in: \(problem)") }
            case .repository(let outcome, let root, let from, let title):
                console.line("Created '\(title)' in \(root) from \(from): \(outcome.documents) documents, "
                    + "\(outcome.versions) versions, \(outcome.renames) renames followed; binder order from "
                    + (outcome.orderSource ?? "the file names") + ".")
                for problem in outcome.problems { console.note("not brought in: \(problem)") }
            }
        }
    }
}

struct Templates: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the templates `msx init` can use.",
        discussion: ManualText.discussion(
            """
            msx carries blank, novel, short-story, non-fiction and screenplay built in. A folder of templates named \
            in MSX_TEMPLATES (several separated by ':'), PREFIX/share/msx/templates beside an installed msx, \
            or the source tree's templates/ comes first: a template there overrides a built-in one of its name.
            """,
            examples: [
                .init("msx templates",
                      "List the built-in templates with what they hold."),
            ]))

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let templates = try console.run(TemplatesAction(templateFolders: TemplateFolders.search(console.invocation)))?.templates
            else { return }
            for t in templates {
                let name = t.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                console.line("\(name) \(t.documentCount) document\(t.documentCount == 1 ? "" : "s")  (\(t.topFolders.joined(separator: ", ")))")
            }
        }
    }
}

/// Where templates are found before the built-in ones: MSX_TEMPLATES, the installed share folder, then the source
/// tree's templates/.
enum TemplateFolders {
    static func search(_ invocation: Invocation) -> [URL] {
        var folders: [URL] = []
        if let env = invocation.environment["MSX_TEMPLATES"] {
            folders += env.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        let executable = URL(fileURLWithPath: invocation.executablePath).resolvingSymlinksInPath()
        let bin = executable.deletingLastPathComponent()
        folders.append(bin.deletingLastPathComponent().appendingPathComponent("share/msx/templates"))
        var folder = bin
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                folders.append(folder.appendingPathComponent("templates"))
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        return folders
    }
}
