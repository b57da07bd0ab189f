import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// A document's text (or its notes) as it is today or was at a version (`msx show`).
public struct ShowAction: Action {
    /// The document (id, title or path), optionally `REF@REV`.
    public var reference: String
    /// The version (the same as `REF@REV`); nil for today's.
    public var version: String?
    /// The notes instead of the text.
    public var notes: Bool

    public init(_ reference: String, at version: String? = nil, notes: Bool = false) {
        (self.reference, self.version, self.notes) = (reference, version, notes)
    }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ShowReport {
        // A document renamed or moved by hand is read where it is now.
        let project = workspace.project
        let named = try DocumentAtRevision(reference, at: version, in: project, from: workspace.workingDirectory, readingText: !notes)
        guard notes else { return ShowReport(named: named, notes: nil) }
        let text = try named.version.map { try workspace.existingHistory().notes(of: named.node, at: $0) } ?? project.notes(of: named.node)
        return ShowReport(named: named, notes: .some(text))
    }
}

/// The document as asked for: its model (with the formatting that could not be placed), or its notes.
public struct ShowReport: ActionReport {
    public var named: DocumentAtRevision
    /// With `notes`, the notes (`.some(nil)`: it has none); nil when the text was asked for.
    public var notes: String??

    /// The formatting of the sidecar that could not be placed on the text, in words.
    public var warnings: [String] { named.document.lostFormatting.map(FormattingLossWording.line) }

    public func encode(to encoder: any Encoder) throws {
        let node = named.node
        guard let notes else {
            return try JSONValue.object(DocumentJSON.model(named.document, sheet: named.styleSheet, node: node, warnings: warnings)
                .filter { $0.key != JSONEnvelope.versionMember }).encode(to: encoder)
        }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(node.id, forKey: .id)
        try container.encode(node.title, forKey: .title)
        try container.encode(node.notesPath, forKey: .path)
        try container.encode(named.version?.description, forKey: .version)
        try container.encode(notes, forKey: .notes)
    }

    private enum Key: String, CodingKey { case id, title, path, version, notes }

    public static let commands = ["show"]
    public static var schema: JSONSchema {
        .either([
            .object(["warnings": .array(.string), "paragraphs": .array(.map(.any))],
                    optional: ["document": .object(["id": .string, "path": .string, "title": .string]), "annotations": .map(.any)]),
            .object(["id": .string, "title": .string, "path": .nullable(.string), "version": .nullable(.string), "notes": .nullable(.string)]),
        ])
    }
}
