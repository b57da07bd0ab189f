import MsxModel
import MsxProject
import MsxWorkspace

/// A change of the binder as `mv`, `rename`, `trash`, `untrash` and `trash --empty` report it: what changed, in
/// sentences every front end shows alike, and the nodes as they are after it.
public struct BinderChangeReport: ActionReport {
    public var dryRun: Bool
    public var change: BinderChange

    public init(dryRun: Bool, change: BinderChange) { (self.dryRun, self.change) = (dryRun, change) }

    /// The nodes of `nodes` that share their title with another node of their folder in `manifest` (a title then
    /// names neither), each with that other node and the folder.
    public static func sameTitles(_ nodes: [BinderNode], in manifest: Manifest) -> [ActionEvent] {
        let entries = manifest.entries
        return nodes.compactMap { node in
            guard let parentID = entries.first(where: { $0.node.id == node.id })?.parentID, let folder = manifest.node(id: parentID),
                  let twin = folder.children.first(where: { $0.id != node.id && $0.title.lowercased() == node.title.lowercased() })
            else { return nil }
            return .sameTitle(node, as: twin, in: folder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(change.events.map { BinderWording.line($0) }, forKey: .changes)
        try container.encode(change.nodes.map(BinderNodeReport.init), forKey: .nodes)
    }

    private enum Key: String, CodingKey { case dryRun, changes, nodes }

    public static let commands = ["mv", "rename", "trash", "untrash"]
    public static var schema: JSONSchema {
        .object(["dryRun": .boolean, "changes": .array(.string), "nodes": .array(.named("node", BinderNodeReport.schema()))])
    }
}

/// What the binder-changing actions share: a change made through a `BinderEditor` (nothing written in a dry run),
/// then a warning for each node that now shares its title with a sibling, since a title then names neither.
protocol BinderChangeAction: Action where Report == BinderChangeReport {
    var dryRun: Bool { get }
    func change(with editor: inout BinderEditor, references: ReferenceResolver) throws -> BinderChange
}

extension BinderChangeAction {
    public var writes: Bool { !dryRun }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> BinderChangeReport {
        var editor = BinderEditor(project: workspace.project)
        let change = try change(with: &editor, references: workspace.references)
        if !dryRun { BinderChangeReport.sameTitles(change.nodes, in: editor.project.manifest).forEach(reporter.report) }
        return BinderChangeReport(dryRun: dryRun, change: change)
    }
}

/// Moves a document or folder (`msx mv`): to the end of a folder, or before or after a sibling.
public struct MoveAction: BinderChangeAction {
    /// Where among the folder's children.
    public enum Position: Sendable { case end, before(String), after(String) }

    public var reference: String
    /// The folder to move into (nil: the sibling's, with `position` before or after one).
    public var folder: String?
    public var position: Position
    public var dryRun: Bool

    public init(_ reference: String, into folder: String?, position: Position = .end, dryRun: Bool = false) {
        (self.reference, self.folder, self.position, self.dryRun) = (reference, folder, position, dryRun)
    }

    func change(with editor: inout BinderEditor, references: ReferenceResolver) throws -> BinderChange {
        let node = try references.resolve(reference)
        let folder = try folder.map { try references.folder($0) }
        let position: BinderEditor.Position = switch position {
        case .end: .end
        case .before(let sibling): .before(try references.resolve(sibling))
        case .after(let sibling): .after(try references.resolve(sibling))
        }
        return try editor.move(node, into: folder, position: position, dryRun: dryRun)
    }
}

/// Gives a document or folder a new title, its file renamed to match (`msx rename`).
public struct RenameAction: BinderChangeAction {
    public var reference: String
    public var title: String
    public var dryRun: Bool

    public init(_ reference: String, to title: String, dryRun: Bool = false) {
        (self.reference, self.title, self.dryRun) = (reference, title, dryRun)
    }

    func change(with editor: inout BinderEditor, references: ReferenceResolver) throws -> BinderChange {
        try editor.rename(try references.resolve(reference), to: title, dryRun: dryRun)
    }
}

/// Moves a document or folder to the Trash (`msx trash`), or empties the Trash for good (`--empty`).
public struct TrashAction: BinderChangeAction {
    /// What to trash; nil empties the Trash.
    public var reference: String?
    public var dryRun: Bool

    public init(_ reference: String?, dryRun: Bool = false) { (self.reference, self.dryRun) = (reference, dryRun) }

    func change(with editor: inout BinderEditor, references: ReferenceResolver) throws -> BinderChange {
        guard let reference else { return try editor.emptyTrash(dryRun: dryRun) }
        return try editor.trash(try references.resolve(reference), dryRun: dryRun)
    }
}

/// Brings a trashed document or folder back where it was, or into another folder (`msx untrash`).
public struct UntrashAction: BinderChangeAction {
    public var reference: String
    public var folder: String?
    public var dryRun: Bool

    public init(_ reference: String, into folder: String? = nil, dryRun: Bool = false) {
        (self.reference, self.folder, self.dryRun) = (reference, folder, dryRun)
    }

    func change(with editor: inout BinderEditor, references: ReferenceResolver) throws -> BinderChange {
        let node = try references.resolve(reference, prefer: .trashed)
        return try editor.untrash(node, into: try folder.map { try references.folder($0) }, dryRun: dryRun)
    }
}
