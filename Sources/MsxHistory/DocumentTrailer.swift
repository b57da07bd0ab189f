/// The `Msx-Document:` trailer a version carries for each document it touched:
///
///     Msx-Document: 9a3e01c4d2b7 +120 -30 text,formatting
///
/// The id comes first (all a reader strictly needs); then the words added and removed and what changed, so a
/// document's log is read from commit messages alone, without opening any file.
struct DocumentTrailer: Equatable {
    static let prefix = "Msx-Document: "

    var id: String
    var wordsAdded: Int?
    var wordsRemoved: Int?
    var kinds: Set<String> = []

    /// The trailers of a commit message.
    static func all(in message: String) -> [DocumentTrailer] {
        message.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            let fields = line.dropFirst(prefix.count).split(separator: " ").map(String.init)
            guard let id = fields.first, !id.isEmpty else { return nil }
            var trailer = DocumentTrailer(id: id)
            if fields.count >= 3, fields[1].hasPrefix("+"), fields[2].hasPrefix("-") {
                trailer.wordsAdded = Int(fields[1].dropFirst())
                trailer.wordsRemoved = Int(fields[2].dropFirst())
            }
            if fields.count >= 4 { trailer.kinds = Set(fields[3].split(separator: ",").map(String.init)) }
            return trailer
        }
    }

    /// The trailer line for a change being snapshotted.
    static func line(for change: DocumentChange) -> String {
        var kinds: [String] = []
        if change.isNew { kinds.append("created") }
        if change.isDeleted { kinds.append("deleted") }
        if change.text { kinds.append("text") }
        if change.formatting { kinds.append("formatting") }
        if change.metadata { kinds.append("metadata") }
        if change.notes { kinds.append("notes") }
        if change.moved { kinds.append("moved") }
        if change.renamed { kinds.append("renamed") }
        if change.trashed { kinds.append("trashed") }
        if change.untrashed { kinds.append("untrashed") }
        // A version recorded on purpose although nothing changed (a Scrivener snapshot equal to the one before).
        if kinds.isEmpty && !change.filesChanged && !change.reordered { kinds.append("unchanged") }
        var line = prefix + change.node.id + " +\(change.wordsAdded) -\(change.wordsRemoved)"
        if !kinds.isEmpty { line += " " + kinds.joined(separator: ",") }
        return line
    }

    /// Whether the trailer carries the counts and kinds (msx 0.1 wrote only the id).
    var isComplete: Bool { wordsAdded != nil && wordsRemoved != nil }
}
