import ArgumentParser
import Foundation
import MsxKit

struct Init: MsxCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a project from a template.",
        discussion: ManualText.discussion(
            "A template is a plain project folder: a name from `msx templates` or a path to any project.",
            examples: [
                .init("msx init lighthouse --template novel --title \"The Lighthouse\" --author \"Ada Writer <ada@example.com>\"",
                      "A new project in ./lighthouse from the novel template."),
                .init("msx init essay --template ~/books/my-template",
                      "Any project folder serves as a template."),
            ]))

    @Argument(help: "Folder to create (default: the working folder, which must be empty).")
    var folder: String?

    @Option(help: ArgumentHelp("Template name or folder.", valueName: "name|path"))
    var template = "blank"

    @Option(help: "The book's title (default: the folder's name).")
    var title: String?

    @Option(help: ArgumentHelp("The author, optionally with an address: \"Name <mail>\".", valueName: "author"))
    var author: String?

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let destination = URL(fileURLWithPath: folder ?? ".", relativeTo: console.workingDirectory).standardizedFileURL
            let creator = ProjectCreator(templateFolders: TemplateFolders.search(console.invocation))
            let (name, email) = Author.split(author ?? console.environment["MSX_AUTHOR"] ?? "")
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

    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}

struct Templates: MsxCommand {
    static let configuration = CommandConfiguration(
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
