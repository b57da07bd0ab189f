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
        trailers(in: message, stoppingAtFirst: false) { _ in true }
    }

    /// The first trailer of a commit message that names `documentID` (only that line is read).
    static func first(naming documentID: String, in message: String) -> DocumentTrailer? {
        trailers(in: message, stoppingAtFirst: true) { $0.elementsEqual(documentID.utf8) }.first
    }

    /// The trailers on lines of `message` (read byte by byte: messages name a thousand documents) whose id
    /// `wanted` accepts.
    private static func trailers(in message: String, stoppingAtFirst: Bool,
                                 where wanted: (UnsafeBufferPointer<UInt8>.SubSequence) -> Bool) -> [DocumentTrailer] {
        let marker = Array(prefix.utf8)
        var message = message
        return message.withUTF8 { bytes in
            var result: [DocumentTrailer] = []
            var start = 0
            while start < bytes.count {
                var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                defer { start = end + 1 }
                guard bytes[start...].starts(with: marker) else { continue }
                if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let fieldsStart = start + marker.count
                let idEnd = bytes[fieldsStart..<end].firstIndex(of: UInt8(ascii: " ")) ?? end
                guard idEnd > fieldsStart, wanted(bytes[fieldsStart..<idEnd]) else { continue }
                result.append(parse(bytes[fieldsStart..<end]))
                if stoppingAtFirst { break }
            }
            return result
        }
    }

    /// A trailer from its fields, `ID [+ADDED -REMOVED [KIND,KIND…]]`, read as bytes (a document's log reads one
    /// per version; splitting a string by characters cost more than reading the version's commit).
    private static func parse(_ fields: UnsafeBufferPointer<UInt8>.SubSequence) -> DocumentTrailer {
        func text(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String { String(decoding: bytes, as: UTF8.self) }
        func count(_ field: UnsafeBufferPointer<UInt8>.SubSequence, after sign: Character) -> Int? {
            field.first == sign.asciiValue ? Int(text(field.dropFirst())) : nil
        }
        let fields = fields.split(separator: UInt8(ascii: " "))
        var trailer = DocumentTrailer(id: text(fields[0]))
        if fields.count >= 3, let added = count(fields[1], after: "+"), let removed = count(fields[2], after: "-") {
            (trailer.wordsAdded, trailer.wordsRemoved) = (added, removed)
        }
        if fields.count >= 4 { trailer.kinds = Set(fields[3].split(separator: UInt8(ascii: ",")).map(text)) }
        return trailer
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
