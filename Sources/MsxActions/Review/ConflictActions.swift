import Foundation
import MsxHistory
import MsxModel
import MsxWorkspace

/// Lists the conflicts of the merge in progress, each side word by word (`msx conflicts`).
public struct ConflictsAction: Action {
    /// Only this document's conflicts (id, title or path), or a file's; nil for all.
    public var reference: String?

    public init(_ reference: String? = nil) { self.reference = reference }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ConflictsReport {
        let history = try workspace.existingHistory()
        guard let state = try history.mergeState() else { return ConflictsReport(state: nil, shown: []) }
        let target = try reference.map { try ConflictTarget.resolve($0, in: state, workspace: workspace) }
        return ConflictsReport(state: state, shown: state.conflicts.filter { target == nil || $0.document == target || $0.path == target })
    }
}

/// The merge in progress and its conflicts (those asked for).
public struct ConflictsReport: ActionReport {
    /// The merge in progress; nil when there is none.
    public var state: MergeState?
    public var shown: [MergeState.Conflict]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(state != nil, forKey: .merging)
        try container.encode(shown.map { JSONValue.object($0.json) }, forKey: .conflicts)
        guard let state else { return }
        try container.encode(state.label, forKey: .label)
        try container.encode(state.ours.description, forKey: .ours)
        try container.encode(state.theirs.description, forKey: .theirs)
        try container.encode(state.unresolved.count, forKey: .unresolved)
    }

    private enum Key: String, CodingKey { case merging, label, ours, theirs, unresolved, conflicts }

    public static let commands = ["conflicts"]
    public static var schema: JSONSchema {
        .object(["merging": .boolean, "conflicts": .array(ConflictSchema.entry)],
                optional: ["label": .string, "ours": .string, "theirs": .string, "unresolved": .integer])
    }
}

/// Settles conflicts of the merge in progress with one side's words, the other's or both, or as settled by hand
/// (`msx resolve`).
public struct ResolveAction: Action {
    public enum Choice: Sendable, Equatable {
        case side(ConflictChoice)
        /// The writer settled them in the file (which must hold no conflict markers).
        case edited
    }

    /// The document (id, title or path), or the file, in conflict.
    public var reference: String
    /// The conflict's number in the document; nil for every open one.
    public var number: Int?
    public var choice: Choice

    public init(_ reference: String, number: Int? = nil, choice: Choice) {
        (self.reference, self.number, self.choice) = (reference, number, choice)
    }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ResolveReport {
        let history = try workspace.existingHistory()
        guard let state = try history.mergeState() else { throw MsxError(.noMerge, "no merge is in progress") }
        let target = try ConflictTarget.resolve(reference, in: state, workspace: workspace)
        let settled = switch choice {
        case .edited: try history.markConflictsEdited(of: target, number: number)
        case .side(let side): try history.resolveConflicts(of: target, number: number, choosing: side)
        }
        return ResolveReport(resolved: settled, unresolved: try history.mergeState()?.unresolved.count ?? 0)
    }
}

/// The conflicts `resolve` settled, and how many are left.
public struct ResolveReport: ActionReport {
    public var resolved: [MergeState.Conflict]
    public var unresolved: Int

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(resolved.map { JSONValue.object($0.json) }, forKey: .resolved)
        try container.encode(unresolved, forKey: .unresolved)
    }

    private enum Key: String, CodingKey { case resolved, unresolved }

    public static let commands = ["resolve"]
    public static var schema: JSONSchema { .object(["resolved": .array(ConflictSchema.entry), "unresolved": .integer]) }
}

extension ResolveAction {
    /// The file holding the conflicts `reference` names, for a writer to settle by hand (the project is let go
    /// before the editor opens: no lock is held while the writer edits).
    public static func file(of reference: String, from directory: URL) throws -> URL {
        let workspace = try Workspace.open(from: directory)
        guard let state = try workspace.existingHistory().mergeState() else { throw MsxError(.noMerge, "no merge is in progress") }
        let target = try ConflictTarget.resolve(reference, in: state, workspace: workspace)
        let path = state.conflicts.first { $0.document == target || $0.path == target }?.path ?? reference
        return try workspace.project.url(path)
    }
}

/// What a conflict command's REF names: a file in conflict (by its path), else a document of the binder (its id).
public enum ConflictTarget {
    public static func resolve(_ reference: String, in state: MergeState, workspace: Workspace) throws -> String {
        if state.conflicts.contains(where: { $0.document == nil && $0.path == reference }) { return reference }
        return try workspace.references.document(reference).id
    }
}

/// A conflict of the merge state as the commands give it.
enum ConflictSchema {
    static var entry: JSONSchema {
        .named("conflict", .object([
            "kind": .oneOf(["text", "deleted", "formatting", "metadata", "file"]), "base": .string, "ours": .string,
            "theirs": .string, "placed": .string, "before": .string, "after": .string, "offset": .integer,
            "number": .integer, "document": .nullable(.string), "title": .string, "path": .string,
            "resolution": .nullable(.oneOf(ConflictChoice.allCases.map(\.rawValue) + ["edited"])),
        ], optional: ["paragraph": .integer, "attribute": .string, "field": .string, "oursValue": .any, "theirsValue": .any]))
    }
}
