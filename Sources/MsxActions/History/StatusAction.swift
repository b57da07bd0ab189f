import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// What changed since the last version (`msx status`): documents, files under contents/ outside the binder, other
/// files, and a merge in progress with the conflict markers left in documents.
public struct StatusAction: Action {
    public init() {}

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> StatusReport {
        let project = workspace.project
        let history = try workspace.history()
        // The files under contents/ are read once, for the files changed and for the Markdown the binder does not list.
        let contents = try project.listContents()
        let working = try history?.workingChanges(contents: contents)
        let (changes, hasHistory) = try working.map { ($0.documents, $0.hasHistory) } ?? project.changesSinceLastSnapshot()
        let strays = try project.strayDocuments(in: contents)
        return StatusReport(documents: changes, hasHistory: hasHistory, notInBinder: strays,
                            binder: try history?.binderStructureChanges() ?? [],
                            files: working?.files ?? [], merge: try history?.mergeState(),
                            conflictMarkers: try history?.documentsWithLeftMarkers(among: changes) ?? [])
    }
}

/// The changes since the last version.
public struct StatusReport: ActionReport {
    public var documents: [DocumentChange]
    public var hasHistory: Bool
    /// Markdown files under contents/ the binder does not list.
    public var notInBinder: [String]
    /// Folders and project fields changed in the binder (documents' own changes are in `documents`).
    public var binder: [BinderStructureChange]
    public var files: [FileChange]
    public var merge: MergeState?
    /// Documents holding git's conflict markers, and the line of the first.
    public var conflictMarkers: [LeftMarkers]

    public var isClean: Bool { documents.isEmpty && notInBinder.isEmpty && binder.isEmpty && files.isEmpty }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(isClean, forKey: .clean)
        try container.encode(hasHistory, forKey: .hasHistory)
        try container.encode(documents.map(DocumentChangeReport.init), forKey: .documents)
        try container.encode(notInBinder, forKey: .notInBinder)
        try container.encode(binder.map(BinderStructureWording.line), forKey: .binder)
        try container.encode(files.map(FileChangeReport.init), forKey: .files)
        let merge: JSONValue = self.merge.map { ["label": .string($0.label), "theirs": .string($0.theirs.description),
                                                 "conflicts": .int($0.conflicts.count), "unresolved": .int($0.unresolved.count)] } ?? .null
        try container.encode(merge, forKey: .merge)
        try container.encode(JSONValue.array(conflictMarkers.map { ["id": .string($0.node.id), "title": .string($0.node.title),
                                                                   "path": .string($0.node.path), "line": .int($0.line)] }),
                             forKey: .conflictMarkers)
    }

    private enum Key: String, CodingKey { case clean, hasHistory, documents, notInBinder, binder, files, merge, conflictMarkers }

    public static let commands = ["status"]
    public static var schema: JSONSchema {
        .object(["clean": .boolean, "hasHistory": .boolean, "documents": .array(DocumentChangeReport.schema),
                 "notInBinder": .array(.string), "binder": .array(.string), "files": .array(FileChangeReport.schema),
                 "merge": .nullable(.object(["label": .string, "theirs": .string, "conflicts": .integer, "unresolved": .integer])),
                 "conflictMarkers": .array(.object(["id": .string, "title": .string, "path": .string, "line": .integer]))])
    }
}
