import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// The versions of the project, or of one document followed across renames and moves, newest first, each with what
/// it changed in the document: a timeline for a front end to draw.
public struct VersionsAction: Action {
    /// The document (id, title or path); nil for the whole project.
    public var reference: String?
    public var limit: Int?

    public init(_ reference: String? = nil, limit: Int? = nil) { (self.reference, self.limit) = (reference, limit) }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> VersionsReport {
        let history = try workspace.existingHistory()
        let filter = LogFilter(limit: limit)
        guard let reference else { return VersionsReport(document: nil, versions: try history.log(filter)) }
        let node = try workspace.references.document(reference)
        return VersionsReport(document: node, versions: try history.log(of: node.id, filter))
    }
}

/// The versions asked for, newest first.
public struct VersionsReport: ActionReport {
    public var document: BinderNode?
    public var versions: [LogEntry]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(document?.id, forKey: .document)
        try container.encode(versions.map(Entry.init), forKey: .versions)
    }

    private enum Key: String, CodingKey { case document, versions }

    private struct Entry: Encodable {
        var entry: LogEntry
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(entry.version.description, forKey: .version)
            try container.encode(DateText.iso(entry.time, offsetMinutes: entry.offsetMinutes), forKey: .date)
            try container.encode(entry.author, forKey: .author)
            try container.encode(entry.subject, forKey: .subject)
            try container.encode(entry.milestones, forKey: .milestones)
            try container.encode(entry.change?.wordsAdded, forKey: .wordsAdded)
            try container.encode(entry.change?.wordsRemoved, forKey: .wordsRemoved)
        }
        private enum Key: String, CodingKey { case version, date, author, subject, milestones, wordsAdded, wordsRemoved }
    }

    public static let commands: [String] = []
    public static var schema: JSONSchema {
        .object(["document": .nullable(.string),
                 "versions": .array(.object(["version": .string, "date": .string, "author": .string, "subject": .string,
                                             "milestones": .array(.string), "wordsAdded": .nullable(.integer),
                                             "wordsRemoved": .nullable(.integer)]))])
    }
}

/// The drafts (branches) of the project, and whether a merge is in progress: what a review can start from.
public struct DraftsAction: Action {
    public init() {}

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> DraftsReport {
        let history = try workspace.existingHistory()
        return DraftsReport(drafts: try history.drafts(), merging: try history.mergeState() != nil)
    }
}

public struct DraftsReport: ActionReport {
    public var drafts: [DraftInfo]
    public var merging: Bool

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(drafts.map(Entry.init), forKey: .drafts)
        try container.encode(merging, forKey: .merging)
    }

    private enum Key: String, CodingKey { case drafts, merging }

    private struct Entry: Encodable {
        var draft: DraftInfo
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(draft.name, forKey: .name)
            try container.encode(draft.version.description, forKey: .version)
            try container.encode(draft.words, forKey: .words)
            try container.encode(draft.isCurrent, forKey: .current)
        }
        private enum Key: String, CodingKey { case name, version, words, current }
    }

    public static let commands: [String] = []
    public static var schema: JSONSchema {
        .object(["drafts": .array(.object(["name": .string, "version": .string, "words": .integer, "current": .boolean])),
                 "merging": .boolean])
    }
}
