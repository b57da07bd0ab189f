import Foundation
import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// One thing msx does, as a typed request: run against a workspace, it returns a report, and says what it is doing
/// through a reporter while it runs. Every front end runs the same actions: the command line parses its arguments
/// into one and renders its report (as text, or `--json`: the report encoded), and so will any other.
public protocol Action: Sendable {
    associatedtype Report: ActionReport
    /// Whether it changes the project: the workspace is then opened for writing, holding the project's lock for
    /// this run only.
    var writes: Bool { get }
    /// How it takes documents renamed by hand (nil: followed for reading, re-attached for writing).
    var handRenames: Workspace.HandRenames? { get }
    /// Runs the request against `workspace`.
    func run(in workspace: Workspace, reporter: any Reporter) throws -> Report
}

/// What an action returns: everything a front end shows of it. Its JSON (`JSONValueEncoder`, in the envelope with
/// `schemaVersion`) is the command's `--json` output, and `schema` describes it; `docs/schema/cli/` holds the
/// schemas written from these types, and tests check every command's output against them.
public protocol ActionReport: Encodable, Sendable {
    /// The commands whose output this is, each naming a schema file (`NAME.schema.json`).
    static var commands: [String] { get }
    /// The report's members and their types.
    static var schema: JSONSchema { get }
}

extension ActionReport {
    /// The report as its command's `--json` output prints it.
    public func json() throws -> JSONValue {
        guard case .object(let members) = try JSONValueEncoder.encode(self) else {
            throw MsxError(.unexpected, "the report of \(Self.commands.joined(separator: ", ")) is not a JSON object")
        }
        return JSONEnvelope.wrap(members)
    }
}

/// Something an action did on the way that is not its result, for the person watching; front ends word it.
public enum ActionEvent: Sendable, Equatable {
    /// A document renamed or moved outside msx was re-attached where it is now, keeping its id.
    case reattached(HandRename)
    /// A node now has the same title as another in its folder: a title no longer names one of them.
    case sameTitle(BinderNode, as: BinderNode, in: BinderNode)
    /// What a snapshot has to say beside its version (signed without an identity, housekeeping that failed).
    case snapshot(SnapshotNote)
    /// A transfer's progress: objects done of the total (only to a reporter that `showsProgress`).
    case transferred(done: Int, total: Int)
    /// A long read's progress: documents read of the total (only to a reporter that `showsProgress`).
    case documentsRead(done: Int, total: Int)
    /// An ssh host's key, seen for the first time, was added to known_hosts.
    case hostKeyAdded(host: String, fingerprint: String, file: String)
    /// A document whose file is missing (deleted or moved outside msx, and not found again): a command reading
    /// every document leaves it out.
    case missingFile(BinderNode)
    /// A document whose sidecar came unreadable (from a collaborator's plain git): every command reading it stops.
    case unreadableSidecar(BinderNode)
}

/// Where an action tells what it is doing while it runs (never its result): for the command line's standard error
/// or a page's status line.
public protocol Reporter: Sendable {
    func report(_ event: ActionEvent)
    /// Whether it shows progress (a terminal's line, a page's bar): long work tells it how far it is only then.
    var showsProgress: Bool { get }
}

extension Reporter {
    public var showsProgress: Bool { false }
}

/// A reporter that keeps nothing (for a library caller that wants only the report).
public struct SilentReporter: Reporter {
    public init() {}
    public func report(_ event: ActionEvent) {}
}

/// An action that needs no project: it makes one where there is none (`init`, `clone`), or reads what is outside
/// any (`templates`). It runs without a workspace.
public protocol StandaloneAction: Sendable {
    associatedtype Report: ActionReport
    func run(reporter: any Reporter) throws -> Report
}

extension Action {
    public var handRenames: Workspace.HandRenames? { nil }

    /// Opens the project containing `directory` as the action needs it and runs the action there.
    public func run(from directory: URL, reporter: any Reporter = SilentReporter()) throws -> Report {
        let workspace = try Workspace.open(from: directory, forWriting: writes, handRenames: handRenames)
        for rename in workspace.reattached { reporter.report(.reattached(rename)) }
        return try run(in: workspace, reporter: reporter)
    }

    /// Runs the action as one operation of `session`, holding the project's lock for this run only.
    public func run(in session: WorkspaceSession, reporter: any Reporter = SilentReporter()) throws -> Report {
        try session.perform(writing: writes, handRenames: handRenames) { workspace in
            for rename in workspace.reattached { reporter.report(.reattached(rename)) }
            return try run(in: workspace, reporter: reporter)
        }
    }
}
