import MsxHistory
import MsxModel

/// A document changed since the last snapshot, as `status` and `snapshot` report it.
public struct DocumentChangeReport: Encodable, Sendable {
    public var change: DocumentChange

    public init(_ change: DocumentChange) { self.change = change }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(change.node.id, forKey: .id)
        try container.encode(change.node.title, forKey: .title)
        try container.encode(change.node.path, forKey: .path)
        try container.encodeIfPresent(change.snapshotNode?.path, forKey: .previousPath)
        try container.encodeIfPresent(change.snapshotNode?.title, forKey: .previousTitle)
        try container.encode(change.isNew, forKey: .new)
        try container.encode(change.isDeleted, forKey: .deleted)
        for (flag, key) in [(change.text, Key.text), (change.formatting, .formatting), (change.metadata, .metadata), (change.notes, .notes),
                            (change.moved, .moved), (change.renamed, .renamed), (change.trashed, .trashed), (change.untrashed, .untrashed),
                            (change.reordered, .reordered)] {
            try container.encode(flag, forKey: key)
        }
        try container.encodeIfPresent(change.handRenamedFrom, forKey: .handRenamedFrom)
        try container.encode(ChangeWording.summary(change), forKey: .summary)
    }

    private enum Key: String, CodingKey {
        case id, title, path, previousPath, previousTitle, new, deleted, text, formatting, metadata, notes, moved, renamed,
             handRenamedFrom, trashed, untrashed, reordered, summary
    }

    static let schema = JSONSchema.named("documentChange", .object([
        "id": .string, "title": .string, "path": .string, "previousPath": .nullable(.string), "previousTitle": .nullable(.string),
        "new": .boolean, "deleted": .boolean, "text": .boolean, "formatting": .boolean, "metadata": .boolean, "notes": .boolean,
        "moved": .boolean, "renamed": .boolean, "handRenamedFrom": .nullable(.string), "trashed": .boolean, "untrashed": .boolean,
        "reordered": .boolean, "summary": .string,
    ]))
}

/// A file under `contents/` that is no document's (a picture), changed since the last snapshot.
public struct FileChangeReport: Encodable, Sendable {
    public var path: String
    /// `added`, `modified` or `deleted`.
    public var change: String

    public init(_ file: FileChange) { (path, change) = (file.path, file.kind.rawValue) }

    static let schema = JSONSchema.named("fileChange", .object(["path": .string, "change": .oneOf(["added", "modified", "deleted"])]))
}
