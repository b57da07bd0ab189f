import Foundation
import MsxModel

/// A document's notes: the Markdown file `NAME.notes.md` beside `NAME.md`, which belongs to the document and is
/// never compiled (Scrivener's document notes).
extension Project {
    /// The notes of `node`, or nil when it has none (no notes file, or a folder).
    public func notes(of node: BinderNode) throws -> String? {
        guard let path = try companion(\.notesPath, of: node) else { return nil }
        return try FileIO.readText(try paths.url(path), displayPath: path)
    }

    /// Replaces the notes of `node` with `text` (the notes file is removed when `text` is empty), in one
    /// transaction under the project's lock.
    public mutating func setNotes(_ text: String, of node: BinderNode) throws {
        guard let path = node.notesPath else {
            throw MsxError(.notADocument, "'\(node.title)' is a folder, not a document: only documents have notes")
        }
        let lock = try lock()
        defer { withExtendedLifetime(lock) {} }
        var transaction = transaction()
        if !text.isEmpty {
            transaction.write(Data(text.utf8), to: path)
        } else if FileIO.exists(try paths.url(path)) {
            transaction.delete(path)
        }
        try commit(transaction)
    }

    /// Stages moving the companions of a document (its sidecar and notes, those that exist) to where `moved` keeps
    /// them; nothing for a folder (its directory moves whole).
    package func stageCompanionMoves(from node: BinderNode, to moved: BinderNode, into transaction: inout FileTransaction) throws {
        for (from, to) in zip(node.companionPaths, moved.companionPaths) where try from != to && FileIO.exists(paths.url(from)) {
            transaction.move(from, to: to)
        }
    }
}
