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
            let creator = ProjectCreator(templateFolders: TemplateFolders.search(console.invocation))
            var (name, email) = Author.split(author ?? console.environment["MSX_AUTHOR"] ?? "")
            if let from {
                let source = URL(fileURLWithPath: from, relativeTo: console.workingDirectory).standardizedFileURL
                if !ScrivenerProject.holdsBinder(source) {
                    let importer = try MarkdownRepositoryImporter(source, include: include)
                    let details = ProjectCreator.Details(title: title ?? importer.name, author: name, email: email, date: Self.today())
                    let history = try creator.createWithHistory(at: destination, from: try creator.locate("blank", relativeTo: console.workingDirectory),
                                                                details: details, diffDriver: console.invocation.executablePath)
                    report(try importer.run(into: history), root: destination, title: details.title, console: console)
                    return
                }
                if !include.isEmpty { throw MsxError(.unsupportedImport, "--include chooses files of a git repository, not of a Scrivener project") }
                let scrivener = try ScrivenerProject.read(source)
                if name.isEmpty, let named = scrivener.author { (name, email) = (named, nil) }
                let details = ProjectCreator.Details(title: title ?? scrivener.title, author: name, email: email, date: Self.today())
                let history = try creator.createWithHistory(at: destination, from: try creator.locate("blank", relativeTo: console.workingDirectory),
                                                            details: details, diffDriver: console.invocation.executablePath)
                var importer = ScrivenerImporter(scrivener)
                let outcome = try importer.run(into: history, author: nil)
                report(outcome, root: destination, title: details.title, console: console)
                return
            }
            let details = ProjectCreator.Details(
                title: title ?? destination.lastPathComponent, author: name, email: email, date: Self.today())
            let project = try creator.createWithHistory(
                at: destination, from: try creator.locate(template, relativeTo: console.workingDirectory), details: details,
                diffDriver: console.invocation.executablePath
            ).project
            if console.json {
                console.report([
                    "root": .string(project.root.path), "template": .string(template),
                    "project": ["id": .string(project.manifest.id), "title": .string(project.manifest.title)],
                ])
            } else {
                console.line("Created '\(project.manifest.title)' in \(project.root.path) from the \(template) template.")
            }
        }
    }

    /// What came across from Scrivener, and what did not.
    private func report(_ outcome: ScrivenerImportOutcome, root: URL, title: String, console: Console) {
        if console.json {
            console.report([
                "root": .string(root.path), "from": .string(from ?? ""),
                "documents": .int(outcome.documents), "folders": .int(outcome.folders), "files": .int(outcome.files),
                "snapshots": .int(outcome.snapshots), "problems": .array(outcome.problems.map(JSONValue.string)),
                "notes": .array(outcome.notes.map(JSONValue.string)),
            ])
            return
        }
        console.line("Created '\(title)' in \(root.path) from \(from ?? "Scrivener"): \(outcome.documents) documents, "
            + "\(outcome.folders) folders, \(outcome.files) files, \(outcome.snapshots) snapshots as versions.")
        for note in outcome.notes { console.note("note: \(note)") }
        for problem in outcome.problems { console.note("not brought in: \(problem)") }
    }

    /// What came across from a git repository, and what did not.
    private func report(_ outcome: RepositoryImportOutcome, root: URL, title: String, console: Console) {
        if console.json {
            console.report([
                "root": .string(root.path), "from": .string(from ?? ""), "documents": .int(outcome.documents),
                "versions": .int(outcome.versions), "renames": .int(outcome.renames), "order": .optional(outcome.orderSource),
                "problems": .array(outcome.problems.map(JSONValue.string)),
            ])
            return
        }
        console.line("Created '\(title)' in \(root.path) from \(from ?? "the repository"): \(outcome.documents) documents, "
            + "\(outcome.versions) versions, \(outcome.renames) renames followed; binder order from "
            + (outcome.orderSource ?? "the file names") + ".")
        for problem in outcome.problems { console.note("not brought in: \(problem)") }
    }

    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
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
            let templates = ProjectCreator(templateFolders: TemplateFolders.search(console.invocation)).templates()
            guard !templates.isEmpty else { throw MsxError(.unknownTemplate, "no templates found (MSX_TEMPLATES names none)") }
            if console.json {
                console.report([
                    "templates": .array(templates.map { t in
                        ["name": .string(t.name), "path": .optional(t.folder?.path), "documents": .int(t.documentCount),
                         "folders": .array(t.topFolders.map(JSONValue.string))]
                    }),
                ])
            } else {
                for t in templates {
                    let name = t.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                    console.line("\(name) \(t.documentCount) document\(t.documentCount == 1 ? "" : "s")  (\(t.topFolders.joined(separator: ", ")))")
                }
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
