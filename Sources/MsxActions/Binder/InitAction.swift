import Foundation
import MsxConvert
import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// Makes a project with its history (`msx init`): from a template, or from a Scrivener project or a git repository
/// of Markdown brought in with its history.
public struct InitAction: StandaloneAction {
    public enum Source: Sendable {
        /// A template by name or folder.
        case template(String)
        /// A Scrivener project (.scriv) or a git repository, as the writer named it; with a repository, the files
        /// to take (globs; empty: every Markdown file).
        case existing(URL, named: String, include: [String])
    }

    public var destination: URL
    public var source: Source
    /// The title (nil: the folder's, or the Scrivener project's or repository's).
    public var title: String?
    /// The author, optionally `Name <mail>`.
    public var author: String
    /// Where templates are found before the built-in ones, and where names are read from.
    public var templateFolders: [URL]
    public var workingDirectory: URL
    /// The msx executable git is to run for this project's diffs and merges.
    public var executable: String

    public init(at destination: URL, from source: Source, title: String?, author: String, templateFolders: [URL], workingDirectory: URL,
                executable: String) {
        (self.destination, self.source, self.title, self.author) = (destination, source, title, author)
        (self.templateFolders, self.workingDirectory, self.executable) = (templateFolders, workingDirectory, executable)
    }

    public func run(reporter: any Reporter) throws -> InitReport {
        let creator = ProjectCreator(templateFolders: templateFolders)
        var (name, email) = Author.split(author)
        let today = Self.today()
        switch source {
        case .template(let template):
            let details = ProjectCreator.Details(title: title ?? destination.lastPathComponent, author: name, email: email, date: today)
            let project = try creator.createWithHistory(at: destination, from: try creator.locate(template, relativeTo: workingDirectory),
                                                        details: details, diffDriver: executable).project
            return .template(root: project.root.path, template: template, id: project.manifest.id, title: project.manifest.title)
        case .existing(let source, let named, let include):
            let blank = try creator.locate("blank", relativeTo: workingDirectory)
            if !ScrivenerProject.holdsBinder(source) {
                let importer = try MarkdownRepositoryImporter(source, include: include)
                let details = ProjectCreator.Details(title: title ?? importer.name, author: name, email: email, date: today)
                let history = try creator.createWithHistory(at: destination, from: blank, details: details, diffDriver: executable)
                return .repository(try importer.run(into: history), root: destination.path, from: named, title: details.title)
            }
            if !include.isEmpty { throw MsxError(.unsupportedImport, "--include chooses files of a git repository, not of a Scrivener project") }
            let scrivener = try ScrivenerProject.read(source)
            if name.isEmpty, let named = scrivener.author { (name, email) = (named, nil) }
            let details = ProjectCreator.Details(title: title ?? scrivener.title, author: name, email: email, date: today)
            let history = try creator.createWithHistory(at: destination, from: blank, details: details, diffDriver: executable)
            var importer = ScrivenerImporter(scrivener)
            return .scrivener(try importer.run(into: history, author: nil), root: destination.path, from: named, title: details.title)
        }
    }

    /// Today as the manifest dates a project: YYYY-MM-DD, in the local time zone.
    private static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}

/// The project made, and what came across into it.
public enum InitReport: ActionReport {
    case template(root: String, template: String, id: String, title: String)
    case scrivener(ScrivenerImportOutcome, root: String, from: String, title: String)
    case repository(RepositoryImportOutcome, root: String, from: String, title: String)

    public func encode(to encoder: any Encoder) throws {
        let value: JSONValue = switch self {
        case .template(let root, let template, let id, let title):
            ["root": .string(root), "template": .string(template), "project": ["id": .string(id), "title": .string(title)]]
        case .scrivener(let outcome, let root, let from, _):
            ["root": .string(root), "from": .string(from), "documents": .int(outcome.documents), "folders": .int(outcome.folders),
             "files": .int(outcome.files), "snapshots": .int(outcome.snapshots), "problems": .array(outcome.problems.map(JSONValue.string)),
             "notes": .array(outcome.notes.map(JSONValue.string))]
        case .repository(let outcome, let root, let from, _):
            ["root": .string(root), "from": .string(from), "documents": .int(outcome.documents), "versions": .int(outcome.versions),
             "renames": .int(outcome.renames), "order": .optional(outcome.orderSource), "problems": .array(outcome.problems.map(JSONValue.string))]
        }
        try value.encode(to: encoder)
    }

    public static let commands = ["init"]
    public static var schema: JSONSchema {
        .either([
            .object(["root": .string, "template": .string, "project": .object(["id": .string, "title": .string])]),
            .object(["root": .string, "from": .string, "documents": .integer, "folders": .integer, "files": .integer, "snapshots": .integer,
                     "problems": .array(.string), "notes": .array(.string)]),
            .object(["root": .string, "from": .string, "documents": .integer, "versions": .integer, "renames": .integer,
                     "order": .nullable(.string), "problems": .array(.string)]),
        ])
    }
}

/// The templates `init` can use (`msx templates`).
public struct TemplatesAction: StandaloneAction {
    public var templateFolders: [URL]

    public init(templateFolders: [URL]) { self.templateFolders = templateFolders }

    public func run(reporter: any Reporter) throws -> TemplatesReport {
        let templates = ProjectCreator(templateFolders: templateFolders).templates()
        guard !templates.isEmpty else { throw MsxError(.unknownTemplate, "no templates found (MSX_TEMPLATES names none)") }
        return TemplatesReport(templates: templates)
    }
}

public struct TemplatesReport: ActionReport {
    public var templates: [ProjectCreator.Template]

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(["templates": .array(templates.map { t in
            ["name": .string(t.name), "path": .optional(t.folder?.path), "documents": .int(t.documentCount),
             "folders": .array(t.topFolders.map(JSONValue.string))]
        })]).encode(to: encoder)
    }

    public static let commands = ["templates"]
    public static var schema: JSONSchema {
        .object(["templates": .array(.object(["name": .string, "path": .nullable(.string), "documents": .integer, "folders": .array(.string)]))])
    }
}
