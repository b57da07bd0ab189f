import MsxGit
import MsxHistory
import MsxModel
import MsxWorkspace

/// The drafts (branches) of the project, or a new one (`msx branch`).
public struct DraftsAction: Action {
    /// A draft to start, and the version it starts from (nil: the last one); nil lists the drafts.
    public var new: (name: String, at: String?)?

    public init(new: (name: String, at: String?)? = nil) { self.new = new }

    public var writes: Bool { new != nil }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> DraftsReport {
        let history = try workspace.existingHistory()
        if let new { return .started(try history.createDraft(new.name, at: new.at)) }
        return .list(try history.drafts())
    }
}

/// The drafts, or the one started.
public enum DraftsReport: ActionReport {
    case list([DraftInfo])
    case started(DraftInfo)

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .list(let drafts): try container.encode(drafts.map(DraftEntry.init), forKey: .drafts)
        case .started(let draft): try container.encode(DraftEntry(draft), forKey: .draft)
        }
    }

    private enum Key: String, CodingKey { case drafts, draft }

    public static let commands = ["branch"]
    public static var schema: JSONSchema { .either([.object(["drafts": .array(DraftEntry.schema)]), .object(["draft": DraftEntry.schema])]) }
}

/// Goes to another draft: its files replace this one's (`msx switch`). Changes not yet recorded make it refuse,
/// unless `recordFirst` records them first.
public struct SwitchAction: Action {
    public var name: String
    public var recordFirst: RecordFirst?

    public init(_ name: String, recordFirst: RecordFirst? = nil) { (self.name, self.recordFirst) = (name, recordFirst) }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> SwitchReport {
        let history = try workspace.existingHistory()
        let recorded = try recordFirst?.record(in: history, defaultMessage: "Before switching to \(name)")
        return SwitchReport(draft: try history.switchDraft(to: name), snapshot: recorded)
    }
}

/// The draft now current, and the version recorded before leaving the other.
public struct SwitchReport: ActionReport {
    public var draft: DraftInfo
    public var snapshot: GitOID?

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(DraftEntry(draft), forKey: .draft)
        try container.encode(snapshot?.description, forKey: .snapshot)
    }

    private enum Key: String, CodingKey { case draft, snapshot }

    public static let commands = ["switch"]
    public static var schema: JSONSchema { .object(["draft": DraftEntry.schema, "snapshot": .nullable(.string)]) }
}

/// Changes not yet recorded, recorded before a command that replaces files (`--snapshot`, `-m`).
public struct RecordFirst: Sendable {
    public var message: String?
    public var author: Author?

    public init(message: String?, author: Author?) { (self.message, self.author) = (message, author) }

    /// Records the changes; returns the version made (nil when nothing had changed). A merge being recorded keeps
    /// its own message ("Merge 'origin'") unless the writer gave one.
    public func record(in history: ProjectHistory, defaultMessage: String) throws -> GitOID? {
        let fallback = try history.mergeState() == nil ? defaultMessage : nil
        return try history.snapshot(message: message ?? fallback, author: author).version
    }
}

/// Brings another draft's versions into this one, or finishes or abandons a merge stopped at conflicts
/// (`msx merge`).
public struct MergeAction: Action {
    public enum Request: Sendable {
        /// Merge the draft of this name (both sides of a conflict between markers when `markers`).
        case draft(String, markers: Bool)
        /// Record the merge in progress, every conflict settled.
        case proceed(message: String?)
        /// Go back to the last version; the files as they were are kept as a version.
        case abort
    }

    public var request: Request
    public var author: Author?

    public init(_ request: Request, author: Author? = nil) { (self.request, self.author) = (request, author) }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> MergeReport {
        let history = try workspace.existingHistory()
        switch request {
        case .abort:
            return .aborted(try history.abortMerge(author: author))
        case .proceed(let message):
            guard let state = try history.mergeState() else { throw MsxError(.noMerge, "no merge is in progress") }
            return .recorded(label: state.label, version: try history.snapshot(message: message, author: author).version)
        case .draft(let name, let markers):
            return .merge(try history.mergeDraft(name, markers: markers))
        }
    }
}

/// What `merge` did.
public enum MergeReport: ActionReport {
    case merge(DraftMergeOutcome)
    case recorded(label: String, version: GitOID?)
    case aborted(MergeAbortResult)

    /// Whether it stopped at conflicts (the command exits 1).
    public var isConflicted: Bool {
        if case .merge(.conflicted) = self { true } else { false }
    }

    public func encode(to encoder: any Encoder) throws {
        let value: JSONValue = switch self {
        case .merge(.upToDate): ["outcome": "up-to-date"]
        case .merge(.fastForwarded(let to)): ["outcome": "fast-forward", "to": .string(to.description)]
        case .merge(.merged(let result)): MergeWording.json(result)
        case .merge(.conflicted(let state)): MergeWording.json(state)
        case .recorded(_, let version): ["outcome": "merged", "to": .optional(version?.description)]
        case .aborted(let result): ["outcome": "aborted", "to": .string(result.version.description), "saved": .string(result.saved.description)]
        }
        try value.encode(to: encoder)
    }

    public static let commands = ["merge"]
    public static var schema: JSONSchema { MergeSchema.outcome }
}

/// A merge's outcome as `merge`, `pull` and `sync` give it.
enum MergeSchema {
    static var outcome: JSONSchema {
        .either(variants + [.object(["outcome": .oneOf(["fast-forward"]), "to": .string]),
                            .object(["outcome": .oneOf(["aborted"]), "to": .string, "saved": .string])])
    }

    /// The outcomes a pull shares with a merge.
    static var variants: [JSONSchema] {
        [.object(["outcome": .oneOf(["up-to-date"])]),
         .object(["outcome": .oneOf(["merged"]), "to": .nullable(.string)], optional: ["conflicts": .array(.string), "kept": .array(.string)]),
         .object(["outcome": .oneOf(["conflicted"]), "label": .string, "ours": .string, "theirs": .string,
                  "conflicts": .array(ConflictSchema.entry), "binderConflicts": .array(.string), "kept": .array(.string)])]
    }
}

/// A draft as the draft commands give it.
struct DraftEntry: Encodable {
    var draft: DraftInfo

    init(_ draft: DraftInfo) { self.draft = draft }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(draft.name, forKey: .name)
        try container.encode(draft.version.description, forKey: .version)
        try container.encode(DateText.iso(draft.time, offsetMinutes: draft.offsetMinutes), forKey: .date)
        try container.encode(draft.subject, forKey: .subject)
        try container.encode(draft.words, forKey: .words)
        try container.encode(draft.isCurrent, forKey: .current)
    }

    private enum Key: String, CodingKey { case name, version, date, subject, words, current }

    static var schema: JSONSchema {
        .named("draft", .object(["name": .string, "version": .string, "date": .string, "subject": .string, "words": .integer,
                                 "current": .boolean]))
    }
}
