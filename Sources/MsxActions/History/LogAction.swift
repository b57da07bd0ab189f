import Foundation
import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// The versions of the project, or of one document followed across renames, moves and the Trash, newest first,
/// each with what it changed in the document (`msx log`, and a page's timeline).
public struct LogAction: Action {
    /// The document (id, title or path); nil for the whole project.
    public var reference: String?
    public var filter: LogFilter

    public init(_ reference: String? = nil, filter: LogFilter = LogFilter()) { (self.reference, self.filter) = (reference, filter) }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> LogReport {
        var versions: [LogEntry] = []
        let id = try stream(in: workspace) { versions.append($0) }
        return LogReport(documentID: id, document: id.flatMap { workspace.project.manifest.node(id: $0) }, versions: versions)
    }

    /// Opens the project containing `directory` and streams its log as `stream(in:each:)` does.
    @discardableResult
    public func stream(from directory: URL, each body: (LogEntry) throws -> Void) throws -> String? {
        try stream(in: try Workspace.open(from: directory), each: body)
    }

    /// Hands each version to `body` as soon as it is read (a log piped to `head` reads little more than it shows);
    /// returns the id of the document whose log it is.
    @discardableResult
    public func stream(in workspace: Workspace, each body: (LogEntry) throws -> Void) throws -> String? {
        let history = try workspace.existingHistory()
        guard let reference else {
            try history.log(filter, each: body)
            return nil
        }
        let id = try history.documentID(for: reference, workingDirectory: workspace.workingDirectory)
        try history.log(of: id, filter, each: body)
        return id
    }
}

/// The versions asked for, newest first.
public struct LogReport: ActionReport {
    /// The id of the document whose log it is (nil for the project's).
    public var documentID: String?
    /// That document as the binder has it now (nil when it left the binder).
    public var document: BinderNode?
    public var versions: [LogEntry]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(documentID, forKey: .document)
        try container.encode(versions.map(Entry.init), forKey: .versions)
    }

    private enum Key: String, CodingKey { case document, versions }

    private struct Entry: Encodable {
        var entry: LogEntry
        func encode(to encoder: any Encoder) throws {
            try VersionEntryReport(entry).encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(entry.email, forKey: .email)
            try container.encode(entry.milestones, forKey: .milestones)
            if let change = entry.change { try container.encode(Change(change: change), forKey: .change) }
        }
        private enum Key: String, CodingKey { case email, milestones, change }
    }

    private struct Change: Encodable {
        var change: VersionChange
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            let c = change
            try container.encode(c.title, forKey: .title)
            try container.encode(c.path, forKey: .path)
            try container.encode(c.wordsAdded, forKey: .wordsAdded)
            try container.encode(c.wordsRemoved, forKey: .wordsRemoved)
            for (key, value) in [(Key.text, c.text), (.formatting, c.formatting), (.metadata, c.metadata), (.created, c.created),
                                 (.deleted, c.deleted), (.moved, c.moved), (.renamed, c.renamed), (.unchanged, c.unchanged), (.notes, c.notes)] {
                try container.encode(value, forKey: key)
            }
        }
        private enum Key: String, CodingKey {
            case title, path, wordsAdded, wordsRemoved, text, formatting, metadata, created, deleted, moved, renamed, unchanged, notes
        }
    }

    public static let commands = ["log"]
    public static var schema: JSONSchema {
        let flags = ["text", "formatting", "metadata", "created", "deleted", "moved", "renamed", "unchanged", "notes"]
        let change = JSONSchema.object(["title": .string, "path": .string, "wordsAdded": .integer, "wordsRemoved": .integer]
            .merging(flags.map { ($0, JSONSchema.boolean) }) { a, _ in a })
        return .object(["document": .nullable(.string),
                        "versions": .array(VersionEntryReport.schema(adding: ["email": .string, "milestones": .array(.string)],
                                                                     optional: ["change": change]))])
    }
}

/// A version as the reports give it: its id, short id, date, author and message.
public struct VersionEntryReport: Encodable, Sendable {
    public var entry: LogEntry

    public init(_ entry: LogEntry) { self.entry = entry }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(entry.version.description, forKey: .version)
        try container.encode(entry.version.short, forKey: .short)
        try container.encode(DateText.iso(entry.time, offsetMinutes: entry.offsetMinutes), forKey: .date)
        try container.encode(entry.author, forKey: .author)
        try container.encode(entry.subject, forKey: .message)
    }

    private enum Key: String, CodingKey { case version, short, date, author, message }

    /// The members' shapes, with `more` of the report that includes them.
    static func schema(adding more: [String: JSONSchema] = [:], optional: [String: JSONSchema] = [:]) -> JSONSchema {
        .object(["version": .string, "short": .string, "date": .string, "author": .string, "message": .string]
            .merging(more) { first, _ in first }, optional: optional)
    }
}
