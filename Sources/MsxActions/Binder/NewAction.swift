import MsxModel
import MsxProject
import MsxWorkspace

/// Creates documents and folders (`msx new`): one, or a whole outline, at the end of a folder (default: the Draft).
public struct NewAction: Action {
    /// What to create, depth first (an item's children go inside it).
    public var items: [OutlineItem]
    /// The folder to add to (id, title or path; nil: the Draft).
    public var folder: String?

    public init(_ items: [OutlineItem], in folder: String? = nil) { (self.items, self.folder) = (items, folder) }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> NewReport {
        let parent = try workspace.project.destinationFolder(folder, from: workspace.workingDirectory)
        var editor = BinderEditor(project: workspace.project)
        let change = try editor.create(items, in: parent)
        BinderChangeReport.sameTitles(change.nodes, in: editor.project.manifest).forEach(reporter.report)
        return NewReport(change: change)
    }
}

/// What `msx new` created.
public struct NewReport: ActionReport {
    public var change: BinderChange

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(change.nodes.map(BinderNodeReport.init), forKey: .created)
    }

    private enum Key: String, CodingKey { case created }

    public static let commands = ["new"]
    public static var schema: JSONSchema { .object(["created": .array(.named("node", BinderNodeReport.schema()))]) }
}
