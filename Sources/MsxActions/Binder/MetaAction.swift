import MsxConvert
import MsxModel
import MsxProject
import MsxWorkspace

/// Shows a document's or folder's metadata, or changes it (`msx meta`).
public struct MetaAction: Action {
    public var reference: String
    /// What to change; empty shows the metadata.
    public var change: BinderEditor.MetadataChange
    public var dryRun: Bool

    public init(_ reference: String, change: BinderEditor.MetadataChange = .init(), dryRun: Bool = false) {
        (self.reference, self.change, self.dryRun) = (reference, change, dryRun)
    }

    public var writes: Bool { !change.isEmpty && !dryRun }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> MetaReport {
        let node = try workspace.references.resolve(reference)
        guard !change.isEmpty else { return .shown(node) }
        var change = change
        if let compileAs = change.compileAs { change.compileAs = try Self.sectionType(compileAs) }
        var editor = BinderEditor(project: workspace.project)
        return .changed(BinderChangeReport(dryRun: dryRun, change: try editor.setMetadata(change, on: node, dryRun: dryRun)))
    }
}

extension MetaAction {
    /// The names `--compile-as` takes: each section type, and `auto` (or nothing) for the label and place to decide.
    public static let compileAsNames = SectionType.allCases.map(\.rawValue) + ["auto"]

    /// The `compileAs` value a name sets ("" for `auto`).
    /// - Throws: `invalid-value`, naming the types and the nearest one.
    static func sectionType(_ name: String) throws -> String {
        let lowered = name.lowercased()
        if lowered.isEmpty || lowered == "auto" { return "" }
        if SectionType(rawValue: lowered) != nil { return lowered }
        throw MsxError.notAmong(compileAsNames, name, isNot: "a section type", code: .invalidValue)
    }
}

/// A node's metadata as `msx meta` shows it, or the change it made.
public enum MetaReport: ActionReport {
    case shown(BinderNode)
    case changed(BinderChangeReport)

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .shown(let node):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(BinderNodeReport(node), forKey: .node)
        case .changed(let report): try report.encode(to: encoder)
        }
    }

    private enum Key: String, CodingKey { case node }

    public static let commands = ["meta"]
    public static var schema: JSONSchema {
        .either([.object(["node": .named("node", BinderNodeReport.schema())]), BinderChangeReport.schema])
    }
}
