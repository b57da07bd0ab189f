import Foundation

/// A node's place in the binder: its parent and its depth.
public struct BinderEntry: Sendable {
    public var node: BinderNode
    public var parentID: String?
    /// 0 for the top-level folders.
    public var depth: Int
}

extension Manifest {
    /// What makes the binder ambiguous to write through, if anything: two nodes with one id ("id X is used by 'A'
    /// and 'B'") or two documents with one file ("'A' and 'B' share contents/x.md").
    public var conflict: String? {
        let entries = entries
        var ids: [String: String] = [:], paths: [String: String] = [:]
        ids.reserveCapacity(entries.count)
        paths.reserveCapacity(entries.count)
        for index in entries.indices {
            let node = entries[index].node
            if let other = ids[node.id] { return "id \(node.id) is used by '\(other)' and '\(node.title)'" }
            ids[node.id] = node.title
            if let other = paths[node.path] { return "'\(other)' and '\(node.title)' share \(node.path)" }
            paths[node.path] = node.title
        }
        return nil
    }

    /// The binder with every node after the first of its id given a new one; returns what changed (node as it was,
    /// new id), in binder order.
    package mutating func renumberDuplicateIDs() -> [(node: BinderNode, newID: String)] {
        var taken = Set(entries.map(\.node.id)), seen = Set<String>()
        var changed: [(node: BinderNode, newID: String)] = []
        func visit(_ nodes: inout [BinderNode]) {
            for i in nodes.indices {
                if seen.contains(nodes[i].id) {
                    let id = Identifier.make(avoiding: taken)
                    taken.insert(id)
                    changed.append((nodes[i], id))
                    nodes[i].id = id
                }
                seen.insert(nodes[i].id)
                visit(&nodes[i].children)
            }
        }
        visit(&binder)
        return changed
    }

    /// Every node in binder order (depth first), listed once per binder: commands ask for it many times, and a
    /// large binder is worth walking only once.
    public var entries: [BinderEntry] {
        listing.entries {
            // Room for every node at once: a large binder's list is not copied as it grows. Nodes are reached by
            // index, where they lie: a node taken out of its array is a copy of each of its fields, and the list
            // needs only one.
            func count(_ nodes: [BinderNode]) -> Int {
                var total = nodes.count
                for i in nodes.indices where !nodes[i].children.isEmpty { total += count(nodes[i].children) }
                return total
            }
            var result: [BinderEntry] = []
            result.reserveCapacity(count(binder))
            func visit(_ nodes: [BinderNode], parent: String?, depth: Int) {
                for i in nodes.indices {
                    result.append(BinderEntry(node: nodes[i], parentID: parent, depth: depth))
                    if !nodes[i].children.isEmpty { visit(nodes[i].children, parent: nodes[i].id, depth: depth + 1) }
                }
            }
            visit(binder, parent: nil, depth: 0)
            return result
        }
    }

    /// The node with this id (the first in binder order), found without listing every node.
    public func node(id: String) -> BinderNode? {
        func find(in nodes: [BinderNode]) -> BinderNode? {
            for i in nodes.indices {
                if nodes[i].id == id { return nodes[i] }
                if !nodes[i].children.isEmpty, let found = find(in: nodes[i].children) { return found }
            }
            return nil
        }
        return find(in: binder)
    }

    /// The top-level folder with this role (`draft`, `research`, `notes`, `trash`).
    public func roleFolder(_ role: String) -> BinderNode? {
        binder.first { $0.role == role }
    }

    /// The chain of ancestor ids of a node, nearest first.
    package func ancestors(of id: String) -> [String] {
        // Each node's parent, by id, worked out once per binder: commands ask this of every document in turn.
        let parents = listing.parents { Dictionary(uniqueKeysWithValues: entries.map { ($0.node.id, $0.parentID) }) }
        var chain: [String] = []
        var current = parents[id] ?? nil
        while let parent = current {
            chain.append(parent)
            current = parents[parent] ?? nil
        }
        return chain
    }

    /// Whether a node lies in the Trash folder.
    public func isTrashed(_ id: String) -> Bool {
        guard let trash = roleFolder("trash") else { return false }
        return ancestors(of: id).contains(trash.id)
    }

    /// Changes the node with `id` in place.
    package mutating func update(_ id: String, _ change: (inout BinderNode) -> Void) {
        func visit(_ nodes: inout [BinderNode]) -> Bool {
            for i in nodes.indices {
                if nodes[i].id == id { change(&nodes[i]); return true }
                if visit(&nodes[i].children) { return true }
            }
            return false
        }
        _ = visit(&binder)
    }

    /// Removes the node with `id` from the tree and returns it.
    package mutating func remove(_ id: String) -> BinderNode? {
        func visit(_ nodes: inout [BinderNode]) -> BinderNode? {
            if let i = nodes.firstIndex(where: { $0.id == id }) { return nodes.remove(at: i) }
            for i in nodes.indices { if let found = visit(&nodes[i].children) { return found } }
            return nil
        }
        return visit(&binder)
    }

    /// Inserts `node` into the folder `parentID` at `position` (end when nil).
    package mutating func insert(_ node: BinderNode, into parentID: String, at position: Int? = nil) {
        update(parentID) { folder in
            let index = min(position ?? folder.children.count, folder.children.count)
            folder.children.insert(node, at: index)
        }
    }

    /// Every node id in use.
    package var allIDs: Set<String> { Set(entries.map(\.node.id)) }
}

extension BinderNode {
    /// Rewrites this node's path and all its descendants' to live under `folderPath`, keeping slugs.
    package mutating func relocate(under folderPath: String, slug newSlug: String? = nil) {
        let name = newSlug ?? slug
        path = folderPath + "/" + name + (kind == .document ? ".md" : "")
        for i in children.indices { children[i].relocate(under: path) }
    }

    /// All document nodes at or below this one.
    package var documents: [BinderNode] {
        kind == .document ? [self] : children.flatMap(\.documents)
    }
}

/// A binder's nodes in order, and each node's parent, worked out when first asked for. A manifest gets a new one
/// whenever its binder is set or changed, so a listing never outlives the binder it lists; copies of a manifest share
/// it until then.
final class BinderListing: Equatable, @unchecked Sendable {
    private let lock = NSLock()
    private var listed: [BinderEntry]?
    private var parentsByID: [String: String?]?

    init() {}

    /// The listing, made by `list` the first time.
    func entries(_ list: () -> [BinderEntry]) -> [BinderEntry] { cached(\.listed, list) }

    /// Each node's parent id by its id, made by `make` the first time.
    func parents(_ make: () -> [String: String?]) -> [String: String?] { cached(\.parentsByID, make) }

    /// The value in `slot`, made by `make` (outside the lock: it may read another slot) when there is none yet.
    private func cached<T>(_ slot: ReferenceWritableKeyPath<BinderListing, T?>, _ make: () -> T) -> T {
        lock.lock()
        let known = self[keyPath: slot]
        lock.unlock()
        if let known { return known }
        let made = make()
        lock.lock()
        self[keyPath: slot] = made
        lock.unlock()
        return made
    }

    /// Listings say nothing of their own: manifests are equal by their fields.
    static func == (_: BinderListing, _: BinderListing) -> Bool { true }
}
