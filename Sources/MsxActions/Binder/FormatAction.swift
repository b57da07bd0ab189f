import MsxModel
import MsxProject
import MsxWorkspace

/// Applies formatting to words or paragraphs of a document (`msx format`): in the Markdown where Markdown can say
/// it, in the sidecar otherwise.
public struct FormatAction: Action {
    /// The document (id, title or path).
    public var reference: String
    public var request: FormatRequest
    public var dryRun: Bool

    public init(_ reference: String, _ request: FormatRequest, dryRun: Bool = false) {
        (self.reference, self.request, self.dryRun) = (reference, request, dryRun)
    }

    public var writes: Bool { !dryRun }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> FormatReport {
        let node = try workspace.references.document(reference)
        return FormatReport(document: node, outcome: try workspace.project.format(node, request, dryRun: dryRun), dryRun: dryRun)
    }
}

/// What `format` changed, or would change.
public struct FormatReport: ActionReport {
    public var document: BinderNode
    public var outcome: FormatOutcome
    public var dryRun: Bool

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(document.id, forKey: .document)
        try container.encode(outcome.events.map { FormatWording.line($0) }, forKey: .changes)
        try container.encode(outcome.changedFiles, forKey: .files)
        try container.encode(outcome.lostFormatting.map(FormattingLossWording.line), forKey: .warnings)
    }

    private enum Key: String, CodingKey { case dryRun, document, changes, files, warnings }

    public static let commands = ["format"]
    public static var schema: JSONSchema {
        .object(["dryRun": .boolean, "document": .string, "changes": .array(.string), "files": .array(.string), "warnings": .array(.string)])
    }
}
