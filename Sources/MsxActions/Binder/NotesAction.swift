import MsxModel
import MsxProject
import MsxWorkspace

/// Shows a document's notes, or replaces them or adds a paragraph to them (`msx notes`).
public struct NotesAction: Action {
    public enum Change: Sendable, Equatable {
        /// Replaces the notes with this Markdown ("": removes them).
        case set(String)
        /// Adds this Markdown as a paragraph at the end.
        case append(String)
    }

    /// The document (id, title or path).
    public var reference: String
    /// What to change; nil shows the notes.
    public var change: Change?

    public init(_ reference: String, change: Change? = nil) { (self.reference, self.change) = (reference, change) }

    public var writes: Bool { change != nil }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> NotesReport {
        var project = workspace.project
        let node = try workspace.references.document(reference)
        guard node.kind == .document else {
            throw MsxError(.notADocument, "'\(node.title)' is a folder, not a document: only documents have notes")
        }
        let current = try project.notes(of: node) ?? ""
        let notes = switch change {
        case nil: current
        case .set(let text): text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
        case .append(let text): Self.appending(text.hasSuffix("\n") ? text : text + "\n", to: current)
        }
        if notes != current { try project.setNotes(notes, of: node) }
        return NotesReport(document: node, notes: notes, changed: notes != current)
    }

    /// `paragraph` after `notes`, a blank line between.
    private static func appending(_ paragraph: String, to notes: String) -> String {
        notes.isEmpty ? paragraph : notes + (notes.hasSuffix("\n\n") ? "" : notes.hasSuffix("\n") ? "\n" : "\n\n") + paragraph
    }
}

/// A document's notes after `msx notes`.
public struct NotesReport: ActionReport {
    public var document: BinderNode
    /// The notes (empty: none).
    public var notes: String
    /// Whether the command changed them.
    public var changed: Bool

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(document.id, forKey: .document)
        try container.encodeIfPresent(document.notesPath, forKey: .path)
        try container.encodeIfPresent(notes.isEmpty ? nil : notes, forKey: .notes)
        try container.encode(changed, forKey: .changed)
    }

    private enum Key: String, CodingKey { case document, path, notes, changed }

    public static let commands = ["notes"]
    public static var schema: JSONSchema {
        .object(["document": .string, "path": .nullable(.string), "notes": .nullable(.string), "changed": .boolean])
    }
}
