/// A manifest's binder, indexed once: finding a node, its parent or whether it is trashed costs a dictionary
/// lookup instead of a walk of the whole tree (which, per document, made whole-project work quadratic).
public struct BinderIndex: Sendable {
    public let entries: [BinderEntry]
    private let positions: [String: Int]
    private let trashed: Set<String>

    public init(_ manifest: Manifest) {
        entries = manifest.entries
        var positions: [String: Int] = [:]
        positions.reserveCapacity(entries.count)
        // From the last, so that an id listed twice keeps its first place.
        for position in entries.indices.reversed() { positions[entries[position].node.id] = position }
        self.positions = positions
        var trashed = Set<String>()
        if let trash = manifest.roleFolder("trash") {
            var pending = trash.children
            while let node = pending.popLast() {
                trashed.insert(node.id)
                pending += node.children
            }
        }
        self.trashed = trashed
    }

    public func entry(id: String) -> BinderEntry? { positions[id].map { entries[$0] } }
    /// The node with this id, copied once from where it lies (not through its entry).
    public func node(id: String) -> BinderNode? { positions[id].map { entries[$0].node } }
    /// Whether a node has this id: no copy of the node made to learn it.
    public func contains(id: String) -> Bool { positions[id] != nil }
    public func isTrashed(_ id: String) -> Bool { trashed.contains(id) }
}
