import MsxModel

/// A binder node with its word count (documents: their own; folders: the sum of what they hold).
public struct CountedNode: Sendable {
    public var node: BinderNode
    public var words: Int
    public var children: [CountedNode]
    /// A document whose file is gone (deleted, renamed or moved outside msx): it counts no words.
    public var isMissing = false
}

extension Project {
    /// The binder with word counts, read from the count cache where the files have not changed. A document whose file
    /// is gone counts no words and is marked missing; `check` tells what to do about it.
    public func countedTree() throws -> [CountedNode] {
        var cache = WordCountCache(paths: paths)
        func count(_ node: BinderNode) throws -> CountedNode {
            if node.kind == .document {
                let words = try cache.words(of: node.path, file: try paths.fileStatus(node.path))
                return CountedNode(node: node, words: words ?? 0, children: [], isMissing: words == nil)
            }
            let children = try node.children.map(count)
            return CountedNode(node: node, words: children.reduce(0) { $0 + $1.words }, children: children)
        }
        let tree = try manifest.binder.map(count)
        cache.save()
        return tree
    }
}
