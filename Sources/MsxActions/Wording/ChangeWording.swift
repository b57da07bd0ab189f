import MsxHistory
import MsxModel

/// How a document changed since its last snapshot, in the words `status` and `snapshot` print.
public enum ChangeWording {
    /// "file added", "file changed", "file deleted".
    public static func summary(_ file: FileChange) -> String {
        "file " + [FileChange.Kind.added: "added", .modified: "changed", .deleted: "deleted"][file.kind]!
    }

    /// "modified (text, formatting)", "new", "renamed from 'X'", ...
    public static func summary(_ change: DocumentChange) -> String {
        if change.isNew { return "new" }
        if change.isDeleted { return "deleted" }
        var parts: [String] = []
        let kinds = [change.text ? "text" : nil, change.formatting ? "formatting" : nil, change.metadata ? "metadata" : nil,
                     change.notes ? "notes" : nil]
            .compactMap { $0 }
        if !kinds.isEmpty { parts.append("modified (\(kinds.joined(separator: ", ")))") }
        if change.renamed, let old = change.snapshotNode { parts.append("renamed from '\(old.title)'") }
        if let recorded = change.handRenamedFrom {
            let sameFolder = recorded.split(separator: "/").dropLast() == change.node.path.split(separator: "/").dropLast()
            parts.append("\(sameFolder ? "renamed" : "moved") by hand from \(recorded)")
        } else if change.moved, let old = change.snapshotNode, !change.trashed && !change.untrashed {
            parts.append("moved from \(old.path)")
        }
        if change.trashed { parts.append("trashed") }
        if change.untrashed { parts.append("restored from the Trash") }
        if change.reordered { parts.append(change.nowBefore.map { "moved before '\($0.title)'" } ?? "moved to the end of its folder") }
        if parts.isEmpty && change.filesChanged { parts.append("modified (markup only)") }
        return parts.joined(separator: ", ")
    }
}
