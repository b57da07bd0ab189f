import Foundation
import MsxModel
import MsxProject
import MsxWorkspace

/// Re-anchors a document's sidecar formatting onto its text after the text was edited outside msx, and saves it
/// (`msx edit`, once the editor exits).
public struct ReanchorAction: Action {
    /// The document's id (it may have been renamed meanwhile).
    public var documentID: String
    /// How the writer named it, for the message when it left the binder.
    public var named: String

    public init(documentID: String, named: String) { (self.documentID, self.named) = (documentID, named) }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ReanchorReport {
        let project = workspace.project
        guard let node = project.manifest.node(id: documentID), node.kind == .document else {
            throw MsxError(.unknownReference, "'\(named)' left the binder while it was being edited; the file was kept as saved")
        }
        let outcome = try project.reanchor(node)
        return ReanchorReport(document: node, sidecarSaved: outcome.saved, lost: outcome.lost)
    }

    /// The document `reference` names and its file, for the writer to edit (the project is let go before the
    /// editor opens: no lock is held while the writer edits).
    public static func file(of reference: String, from directory: URL) throws -> (node: BinderNode, file: URL) {
        let workspace = try Workspace.open(from: directory)
        let node = try workspace.references.document(reference)
        return (node, try workspace.project.url(node.path))
    }
}

/// Whether the sidecar was saved, and the formatting whose words the edit took.
public struct ReanchorReport: ActionReport {
    public var document: BinderNode
    public var sidecarSaved: Bool
    public var lost: [FormattingLoss]

    public var warnings: [String] { lost.map(FormattingLossWording.line) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(document.id, forKey: .document)
        try container.encode(sidecarSaved, forKey: .sidecarSaved)
        try container.encode(warnings, forKey: .warnings)
    }

    private enum Key: String, CodingKey { case document, sidecarSaved, warnings }

    public static let commands = ["edit"]
    public static var schema: JSONSchema { .object(["document": .string, "sidecarSaved": .boolean, "warnings": .array(.string)]) }
}
