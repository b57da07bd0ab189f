import Foundation
import MsxGit
import MsxHistory
import MsxModel
import MsxWorkspace

/// Brings in a remote's versions, sends this project's, or both after recording the changes first (`msx pull`,
/// `msx push`, `msx sync`).
public struct TransferAction: Action {
    /// The remote (nil: the branch's, else origin).
    public var remote: String?
    public var pulls: Bool
    public var pushes: Bool
    /// Both sides of a conflict between markers in the files.
    public var markers: Bool
    /// Merge even when the remote's history was rewritten.
    public var acceptingRewrite: Bool
    public var recordFirst: RecordFirst?
    /// Where credentials and ssh settings are read (`MSX_SSH_KEY`, `MSX_GIT_USERNAME`, ...).
    public var environment: [String: String]

    public init(remote: String?, pulls: Bool, pushes: Bool, markers: Bool = false, acceptingRewrite: Bool = false,
                recordFirst: RecordFirst? = nil, environment: [String: String]) {
        (self.remote, self.pulls, self.pushes, self.markers) = (remote, pulls, pushes, markers)
        (self.acceptingRewrite, self.recordFirst, self.environment) = (acceptingRewrite, recordFirst, environment)
    }

    public var writes: Bool { pulls || recordFirst != nil }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> TransferReport {
        let history = try workspace.existingHistory()
        let recorded = try recordFirst?.record(in: history, defaultMessage: "Sync")
        let options = TransferOptions.reporting(to: reporter, environment: environment)
        let pulled = pulls ? try history.pull(from: remote, markers: markers, acceptingRewrite: acceptingRewrite, options) : nil
        var pushed: PushOutcome?
        if pushes, !(pulled?.isConflicted ?? false) { pushed = try history.push(to: remote, options) }
        if pulls { for node in history.unreadableSidecars() { reporter.report(.unreadableSidecar(node)) } }
        return TransferReport(snapshot: recorded, pulled: pulled, pushed: pushed)
    }
}

extension TransferOptions {
    /// Options that tell `reporter` of progress (when it shows it) and of host keys learned.
    static func reporting(to reporter: any Reporter, environment: [String: String]) -> TransferOptions {
        var progress: TransferProgress?
        if reporter.showsProgress { progress = { done, total in reporter.report(.transferred(done: done, total: total)) } }
        let learned: @Sendable (String, String, String) -> Void = { host, fingerprint, file in
            reporter.report(.hostKeyAdded(host: host, fingerprint: fingerprint, file: file))
        }
        return TransferOptions(environment: environment, progress: progress, learnedHostKey: learned)
    }
}

extension PullOutcome {
    /// Whether the merge stopped at conflicts.
    public var isConflicted: Bool {
        if case .conflicted = self { true } else { false }
    }
}

/// What a transfer did: the version recorded first, what came in, what went out.
public struct TransferReport: ActionReport {
    public var snapshot: GitOID?
    public var pulled: PullOutcome?
    public var pushed: PushOutcome?

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if let snapshot { try container.encode(snapshot.description, forKey: .snapshot) }
        if let pulled {
            let value: JSONValue = switch pulled {
            case .upToDate: ["outcome": "up-to-date"]
            case .fastForwarded(let from, let to): ["outcome": "fast-forward", "from": .optional(from?.description), "to": .string(to.description)]
            case .remoteHasNoBranch: ["outcome": "remote-has-no-branch"]
            case .merged(let merge): MergeWording.json(merge)
            case .conflicted(let state): MergeWording.json(state)
            }
            try container.encode(value, forKey: .pulled)
        }
        if let pushed {
            try container.encode(["remote": .string(pushed.remote), "branch": .string(pushed.branch), "version": .string(pushed.version.description),
                                  "sent": .bool(pushed.sent), "refusedMilestones": .array(pushed.refusedMilestones.map(JSONValue.string))] as JSONValue,
                                 forKey: .pushed)
        }
    }

    private enum Key: String, CodingKey { case snapshot, pulled, pushed }

    public static let commands = ["pull", "push", "sync"]
    public static var schema: JSONSchema {
        .object([:], optional: [
            "snapshot": .string,
            "pulled": .either(MergeSchema.variants + [
                .object(["outcome": .oneOf(["fast-forward"]), "from": .nullable(.string), "to": .string]),
                .object(["outcome": .oneOf(["remote-has-no-branch"])]),
            ]),
            "pushed": .object(["remote": .string, "branch": .string, "version": .string, "sent": .boolean, "refusedMilestones": .array(.string)]),
        ])
    }
}

/// The remotes (`msx remote list`), or one added or removed (`msx remote add`, `msx remote remove`).
public struct RemotesAction: Action {
    public enum Change: Sendable {
        case add(name: String, url: String)
        case remove(String)
    }

    public var change: Change?

    public init(_ change: Change? = nil) { self.change = change }

    public var writes: Bool { change != nil }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> RemotesReport {
        switch change {
        case nil: return .list(try workspace.existingHistory().remotes().map { ($0.name, $0.url) })
        case .add(let name, let url):
            let remote = try workspace.creatingHistory().addRemote(name, url: url)
            return .added(name: name, url: remote.url)
        case .remove(let name):
            try workspace.existingHistory().removeRemote(name)
            return .removed(name)
        }
    }
}

public enum RemotesReport: ActionReport {
    case list([(name: String, url: String)])
    case added(name: String, url: String)
    case removed(String)

    public func encode(to encoder: any Encoder) throws {
        let value: JSONValue = switch self {
        case .list(let remotes): ["remotes": .array(remotes.map { ["name": .string($0.name), "url": .string($0.url)] })]
        case .added(let name, let url): ["remote": ["name": .string(name), "url": .string(url)]]
        case .removed(let name): ["removed": .string(name)]
        }
        try value.encode(to: encoder)
    }

    public static let commands = ["remote"]
    public static var schema: JSONSchema {
        let remote = JSONSchema.object(["name": .string, "url": .string])
        return .either([.object(["remotes": .array(remote)]), .object(["remote": remote]), .object(["removed": .string])])
    }
}

/// Copies a project with its whole history from a remote into a new folder (`msx clone`), and sets up git's
/// drivers there.
public struct CloneAction: StandaloneAction {
    public var source: String
    public var destination: URL
    /// The msx executable git is to run for diffs and merges in the copy.
    public var executable: String
    public var environment: [String: String]

    public init(_ source: String, into destination: URL, executable: String, environment: [String: String]) {
        (self.source, self.destination, self.executable, self.environment) = (source, destination, executable, environment)
    }

    public func run(reporter: any Reporter) throws -> CloneReport {
        let history = try ProjectHistory.clone(source, into: destination, .reporting(to: reporter, environment: environment))
        try history.configureGitDiff(executable: executable)
        return CloneReport(path: destination.path, title: history.project.manifest.title, version: try history.head())
    }
}

public struct CloneReport: ActionReport {
    public var path: String
    public var title: String
    public var version: GitOID?

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(path, forKey: .path)
        try container.encode(title, forKey: .title)
        try container.encode(version?.description, forKey: .version)
    }

    private enum Key: String, CodingKey { case path, title, version }

    public static let commands = ["clone"]
    public static var schema: JSONSchema { .object(["path": .string, "title": .string, "version": .nullable(.string)]) }
}
