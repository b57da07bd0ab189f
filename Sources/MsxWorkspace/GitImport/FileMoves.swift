import MsxGit
import MsxHistory
import MsxModel
import MsxProject

/// How the imported files changed from one commit to the next, renames and moves found as git finds them: a
/// deleted file and an added one with the same content, else sharing at least half of the longer one's words
/// (`HandRenameMatching`), are one file moved.
struct FileMoves {
    /// Files gone and not moved.
    private(set) var deleted: [String] = []
    /// Files moved, from and to.
    private(set) var renamed: [(old: String, new: String)] = []

    /// - Parameter text: the text of a blob.
    init(before: [String: GitOID], after: [String: GitOID], text: (GitOID) throws -> String) rethrows {
        let gone = before.keys.filter { after[$0] == nil }.sorted()
        var added = after.keys.filter { before[$0] == nil }.sorted()
        var unmatched: [String] = []
        for path in gone {
            if let same = added.firstIndex(where: { after[$0] == before[path] }) {
                renamed.append((path, added.remove(at: same)))
            } else {
                unmatched.append(path)
            }
        }
        let missing = try unmatched.map { path in (node: BinderNode(id: path, kind: .document, title: path, path: path), texts: [try text(before[path]!)]) }
        let strays = try added.map { (path: $0, text: try text(after[$0]!)) }
        let pairs = HandRenameMatching.pairs(missing: missing, strays: strays, byName: false)
        renamed += pairs.map { ($0.node.id, $0.path) }
        deleted = unmatched.filter { path in !pairs.contains { $0.node.id == path } }
    }
}
