import MsxModel
import MsxProject
import MsxWorkspace

/// The binder with word counts (`msx tree`). A document renamed or moved by hand is read where it is now.
public struct TreeAction: Action {
    public init() {}

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> TreeReport {
        let project = workspace.project
        let tree = try project.countedTree()
        let manifest = project.manifest
        return TreeReport(project: .init(id: manifest.id, title: manifest.title, author: manifest.author.name),
                          words: tree.filter { $0.node.role != "trash" }.reduce(0) { $0 + $1.words },
                          binder: tree.map(TreeReport.Node.init))
    }
}

/// The project's id, title, author and style sheet, without reading a document: what a page's frame shows.
public struct ProjectInfoAction: Action {
    public init() {}

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ProjectInfoReport {
        let manifest = workspace.project.manifest
        return ProjectInfoReport(project: .init(id: manifest.id, title: manifest.title, author: manifest.author.name),
                                 styleSheet: StyleSheet(manifest: manifest))
    }
}

public struct ProjectInfoReport: ActionReport {
    public var project: TreeReport.ProjectInfo
    /// The project's named styles and defaults, to draw its documents' formatting.
    public var styleSheet: StyleSheet

    public func encode(to encoder: any Encoder) throws { try project.encode(to: encoder) }

    public static let commands: [String] = []
    public static var schema: JSONSchema { .object(["id": .string, "title": .string, "author": .string]) }
}

/// The binder as `msx tree` reports it.
public struct TreeReport: ActionReport {
    public struct ProjectInfo: Encodable, Sendable {
        public var id: String
        public var title: String
        public var author: String
    }

    /// A binder node with its metadata and words; a folder with its children.
    public struct Node: JSONValueConvertible, Sendable {
        public var counted: CountedNode

        public init(_ counted: CountedNode) { self.counted = counted }

        /// The members every binder node has in reports (`BinderNodeReport`), then words, `missing` when its file is
        /// gone, and a folder's children.
        public var jsonValue: JSONValue {
            var members = BinderNodeReport(counted.node).members
            members["words"] = .int(counted.words)
            if counted.isMissing { members["missing"] = .bool(true) }
            if counted.node.kind == .folder { members["children"] = .array(counted.children.map { Node($0).jsonValue }) }
            return .object(members)
        }
    }

    /// The project's id, title and author.
    public var project: ProjectInfo
    /// The words of every document outside the Trash.
    public var words: Int
    public var binder: [Node]

    public static let commands = ["tree"]
    public static var schema: JSONSchema {
        .object([
            "project": .object(["id": .string, "title": .string, "author": .string]),
            "words": .integer,
            "binder": .array(nodeSchema),
        ])
    }

    /// A counted node: a binder node's members, its words, and (for a folder) its children, to any depth.
    static let nodeSchema = JSONSchema.named("countedNode", BinderNodeReport.schema(adding: [
        "words": .integer,
    ], optional: [
        "missing": .boolean, "children": .array(.recursive("countedNode")),
    ]))
}
