import MsxHistory
import MsxModel
import MsxWorkspace

/// A milestone as reports give it: its name as typed, the git tag, the version, its note and date.
public struct MilestoneReport: Encodable, Sendable {
    public var milestone: ProjectHistory.MilestoneInfo

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(milestone.name, forKey: .name)
        try container.encode(milestone.tag, forKey: .tag)
        try container.encode(milestone.version.description, forKey: .version)
        try container.encode(milestone.version.short, forKey: .short)
        try container.encode(milestone.note, forKey: .note)
        try container.encode(DateText.iso(milestone.time), forKey: .date)
    }

    private enum Key: String, CodingKey { case name, tag, version, short, note, date }

    static let schema = JSONSchema.named("milestone", .object([
        "name": .string, "tag": .string, "version": .string, "short": .string, "note": .string, "date": .string,
    ]))
}

/// Names a version (`msx tag NAME [REV]`), or removes a name (`--delete`).
public struct TagAction: Action {
    public enum Request: Sendable {
        /// Names `revision` (nil: the last version), with a note; `moving` a name that exists already.
        case add(revision: String?, note: String?, author: Author?, moving: Bool)
        case delete
    }

    public var name: String
    public var request: Request

    public init(_ name: String, _ request: Request) { (self.name, self.request) = (name, request) }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> TagReport {
        let history = try workspace.existingHistory()
        switch request {
        case .delete:
            try history.deleteMilestone(name)
            return .deleted(name)
        case .add(let revision, let note, let author, let moving):
            return .added(MilestoneReport(milestone: try history.addMilestone(name, at: revision, note: note, author: author, moving: moving)))
        }
    }
}

/// What `msx tag` did.
public enum TagReport: ActionReport {
    case added(MilestoneReport)
    case deleted(String)

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .added(let milestone): try container.encode(milestone, forKey: .milestone)
        case .deleted(let name): try container.encode(name, forKey: .deleted)
        }
    }

    private enum Key: String, CodingKey { case milestone, deleted }

    public static let commands = ["tag"]
    public static var schema: JSONSchema { .either([.object(["milestone": MilestoneReport.schema]), .object(["deleted": .string])]) }
}

/// Every milestone, oldest version first (`msx tags`).
public struct TagsAction: Action {
    public init() {}

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> TagsReport {
        TagsReport(milestones: try workspace.existingHistory().milestoneList().map(MilestoneReport.init))
    }
}

/// The milestones `msx tags` lists.
public struct TagsReport: ActionReport {
    public var milestones: [MilestoneReport]

    public static let commands = ["tags"]
    public static var schema: JSONSchema { .object(["milestones": .array(MilestoneReport.schema)]) }
}
