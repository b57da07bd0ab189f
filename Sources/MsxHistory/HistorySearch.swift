import Foundation
import MsxGit
import MsxModel

/// A version that changed how often a pattern occurs in a document (as `git log -S` finds versions, but in the
/// text a reader sees, and following the document by id).
public struct HistoryMatch: Sendable {
    public var version: GitOID
    /// Seconds since 1970.
    public var time: Int64
    /// Minutes east of UTC of the clock that made it.
    public var offsetMinutes: Int
    public var subject: String
    public var documentID: String
    /// The document's title and path in that version (or, where it was deleted, in the version before).
    public var title: String
    public var path: String
    /// How often the pattern occurs in the document before and after the version.
    public var before: Int
    public var after: Int
}

extension ProjectHistory {
    /// The size search reads a file's pieces in: a paragraph or a few, so that an edit costs the reading of about as
    /// much as it changed.
    static let searchPieceSize = 512

    /// Every version, newest first, in which `pattern` occurs a different number of times in one of the documents it
    /// touched than in the version before (its first parent): where a phrase first appeared, and where it went.
    public func searchHistory(_ pattern: TextPattern) throws -> [HistoryMatch] {
        guard let headID = try head() else { return [] }
        var found: [HistoryMatch] = []
        // How often the pattern occurs in each version of a file, by its blob; and in each piece of a file (see
        // `MarkdownDocument.pieces`), by its bytes: a new version of a file is read only in the pieces it changed, and
        // a piece only when its bytes may hold the pattern.
        var counts: [GitOID: Int] = [:]
        var pieceCounts: [Data: Int] = [:]
        func occurrences(_ documentID: String, at commit: GitOID) throws -> (node: BinderNode, count: Int)? {
            guard let node = try binder(at: commit)?.node(id: documentID), node.kind == .document,
                  let blob = try repository.entry(at: gitPath(node.path), in: commit) else { return nil }
            if let count = counts[blob] { return (node, count) }
            let bytes = try repository.blob(blob)
            var count = 0
            if pattern.mayOccur(in: bytes) {
                for piece in MarkdownDocument.pieces(of: [UInt8](bytes), size: Self.searchPieceSize) {
                    let key = Data(piece)
                    if let known = pieceCounts[key] { count += known; continue }
                    // Pieces are cut at line starts, so the file is UTF-8 when each piece is (the known ones were).
                    if String(validating: piece, as: UTF8.self) == nil {
                        _ = try FileIO.decodeUTF8(bytes, displayPath: "\(node.path) at \(commit.short)")
                    }
                    let found = pattern.mayOccur(in: piece)
                        ? pattern.count(in: MarkdownDocument(bytes: Array(piece), sourceMap: false).blocks.map(\.text)) : 0
                    pieceCounts[key] = found
                    count += found
                }
            }
            counts[blob] = count
            return (node, count)
        }
        let walk = try repository.history(from: headID)
        while let id = try walk.next() {
            let commit = try repository.commit(id)
            for documentID in try documentsTouched(by: commit) {
                let after = try occurrences(documentID, at: id)
                let before = try commit.parents.first.flatMap { try occurrences(documentID, at: $0) }
                guard (before?.count ?? 0) != (after?.count ?? 0), let node = after?.node ?? before?.node else { continue }
                found.append(HistoryMatch(version: id, time: commit.time, offsetMinutes: commit.offsetMinutes, subject: commit.message.messageSubject, documentID: documentID, title: node.title,
                                          path: node.path, before: before?.count ?? 0, after: after?.count ?? 0))
            }
        }
        return found
    }
}
