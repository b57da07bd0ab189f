/// A three-way merge of binders by node id: what one side changed since the common version is taken; what both
/// changed alike is taken once; a field both changed differently keeps this side's value and is a conflict to
/// settle (`fieldConflicts`; custom fields merge key by key). Nodes
/// either side added are kept in place among their siblings; a node deleted on one side goes unless the other side
/// changed it (then it is kept, and reported). Keywords merge as sets.
public enum ManifestMerge {
    public struct Result: Sendable {
        public var manifest: Manifest
        /// Fields both sides changed differently ("'Storm': status First Draft here, Revised there; kept First Draft").
        public var conflicts: [String]
        /// Nodes one side deleted and the other changed, kept.
        public var kept: [String]
        /// The fields of nodes both sides changed differently (this side's value is in `manifest`), by node and
        /// field; each is also in `conflicts`, worded.
        public var fieldConflicts: [FieldConflict]
        /// The clashes of `conflicts` that are no field conflict (a node's place, the project's own fields): notes.
        public var notes: [String]
    }

    /// A field of one node that both sides changed to different values.
    public struct FieldConflict: Sendable, Equatable {
        /// The node's id, and its title in the merged binder.
        public var node: String
        public var title: String
        /// The field's name as in the manifest ("synopsis", "status"), or "custom.NAME" for a custom field.
        public var field: String
        /// Each version's value (nil where it has none).
        public var base: JSONValue?
        public var ours: JSONValue?
        public var theirs: JSONValue?

        /// The conflict in words, as `conflicts` holds it.
        public var wording: String { "'\(title)': \(field) changed on both sides; kept this side's" }
    }

    /// Fields that are no writer's metadata (where a node is, and what it is): a clash there is only noted.
    private static let placeFields: Set<String> = ["id", "kind", "path", "role"]

    private struct Flat: Equatable {
        var fields: [String: JSONValue]
        var parent: String?
    }

    /// - Parameter placingFiles: give each node the path its merged place says (msx moves the files there); git's
    ///   merge driver, whose files git places, keeps the paths as the sides gave them.
    public static func merge(base: Manifest, ours: Manifest, theirs: Manifest, placingFiles: Bool = true) throws -> Result {
        let (b, bOrder) = flatten(base), (o, oOrder) = flatten(ours), (t, tOrder) = flatten(theirs)
        var conflicts: [String] = [], kept: [String] = [], fieldConflicts: [FieldConflict] = []
        var merged: [String: Flat] = [:]
        for id in Set(o.keys).union(t.keys).union(b.keys) {
            let title = (o[id] ?? t[id] ?? b[id])?.fields["title"]?.stringValue ?? id
            switch (o[id], t[id]) {
            case let (mine?, other?):
                merged[id] = mergeNode(b[id], mine, other, id: id, title: title, conflicts: &conflicts, fields: &fieldConflicts)
            case let (mine?, nil):
                if let old = b[id], old == mine { continue }  // deleted there, unchanged here
                if b[id] != nil { kept.append("'\(title)' was deleted there and changed here: kept") }
                merged[id] = mine
            case let (nil, other?):
                if let old = b[id], old == other { continue }
                if b[id] != nil { kept.append("'\(title)' was deleted here and changed there: kept") }
                merged[id] = other
            case (nil, nil):
                continue
            }
        }
        // A node whose folder went is kept in that folder, brought back; a move each side made into the other's
        // node (a cycle) falls back to the common version's place.
        for id in merged.keys.sorted() {
            var seen: Set<String> = [id]
            var parent = merged[id]!.parent
            while let p = parent, merged[p] == nil, let restored = o[p] ?? t[p] ?? b[p] {
                merged[p] = restored
                parent = restored.parent
            }
            parent = merged[id]!.parent
            while let p = parent {
                if !seen.insert(p).inserted { merged[id]!.parent = b[id]?.parent; break }
                parent = merged[p]?.parent
            }
        }
        if placingFiles { placeFiles(&merged, base: b, mine: o, other: t) }
        var object = try mergeTopLevel(base, ours, theirs, conflicts: &conflicts)
        object["binder"] = .array(tree(of: merged, parent: nil, orders: (bOrder, oOrder, tOrder)))
        return Result(manifest: try Manifest(json: JSONWriter.string(.object(object))),
                      conflicts: (conflicts + fieldConflicts.map(\.wording)).sorted(), kept: kept.sorted(),
                      fieldConflicts: fieldConflicts.sorted { ($0.node, $0.field) < ($1.node, $1.field) }, notes: conflicts.sorted())
    }

    /// Every node without its children, by id, and each folder's children in order (nil: the top level).
    private static func flatten(_ manifest: Manifest) -> ([String: Flat], [String?: [String]]) {
        var nodes: [String: Flat] = [:], order: [String?: [String]] = [:]
        func visit(_ list: [BinderNode], parent: String?) {
            order[parent] = list.map(\.id)
            for node in list {
                var fields = node.json.objectValue ?? [:]
                fields["children"] = nil
                nodes[node.id] = Flat(fields: fields, parent: parent)
                visit(node.children, parent: node.id)
            }
        }
        visit(manifest.binder, parent: nil)
        return (nodes, order)
    }

    private static func mergeNode(_ base: Flat?, _ mine: Flat, _ other: Flat, id: String, title: String,
                                  conflicts: inout [String], fields conflictingFields: inout [FieldConflict]) -> Flat {
        var fields: [String: JSONValue] = [:]
        func clash(_ field: String, _ b: JSONValue?, _ m: JSONValue?, _ o: JSONValue?) {
            let conflict = FieldConflict(node: id, title: title, field: field, base: b, ours: m, theirs: o)
            if placeFields.contains(field) { conflicts.append(conflict.wording) } else { conflictingFields.append(conflict) }
        }
        for key in Set(mine.fields.keys).union(other.fields.keys) {
            let (b, m, o) = (base?.fields[key], mine.fields[key], other.fields[key])
            switch key {
            case "keywords":
                fields[key] = mergeSet(b?.arrayValue ?? [], m?.arrayValue ?? [], o?.arrayValue ?? [])
            case "custom":
                // Each custom field on its own: two writers adding different fields is no clash.
                let (bc, mc, oc) = (b?.objectValue ?? [:], m?.objectValue ?? [:], o?.objectValue ?? [:])
                var custom: [String: JSONValue] = [:]
                for name in Set(mc.keys).union(oc.keys) {
                    let (value, conflict) = pick(bc[name], mc[name], oc[name])
                    if conflict { clash("custom.\(name)", bc[name], mc[name], oc[name]) }
                    custom[name] = value
                }
                fields[key] = custom.isEmpty ? nil : .object(custom)
            default:
                let (value, conflict) = pick(b, m, o)
                if conflict { clash(key, b, m, o) }
                fields[key] = value
            }
        }
        let (parent, moved) = pick(base?.parent, mine.parent, other.parent)
        if moved { conflicts.append("'\(title)' was moved to different folders on both sides; kept this side's") }
        return Flat(fields: fields, parent: parent ?? nil)
    }

    /// Gives each node the path its merged place says: its merged folder's path and the file name a side gave it
    /// (renamed on one side and moved on the other, it is both), top-level folders as they are. A name another node
    /// of the folder took (both sides added "Chapter 2") gets a number, as `msx new` gives it: nodes of the common
    /// version keep theirs first, then by id, so the merge is the same either way round.
    private static func placeFiles(_ nodes: inout [String: Flat], base: [String: Flat], mine: [String: Flat], other: [String: Flat]) {
        var children: [String: [String]] = [:]
        for (id, node) in nodes { if let parent = node.parent { children[parent, default: []].append(id) } }
        func name(_ node: Flat?) -> String? { node?.fields["path"]?.stringValue?.split(separator: "/").last.map(String.init) }
        var folders = nodes.filter { $0.value.parent == nil }.map(\.key).sorted()
        while let folder = folders.popLast() {
            guard let folderPath = nodes[folder]?.fields["path"]?.stringValue else { continue }
            let ids = (children[folder] ?? []).sorted { (base[$0] == nil ? 1 : 0, $0) < (base[$1] == nil ? 1 : 0, $1) }
            var taken = Set<String>()
            for id in ids {
                let file = pick(name(base[id]), name(mine[id]), name(other[id])).0 ?? name(nodes[id]) ?? id
                let isDocument = file.hasSuffix(".md")
                let stem = isDocument ? String(file.dropLast(3)) : file
                var unique = stem, n = 2
                while taken.contains(unique) { unique = "\(stem)-\(n)"; n += 1 }
                taken.insert(unique)
                nodes[id]!.fields["path"] = .string("\(folderPath)/\(unique)\(isDocument ? ".md" : "")")
                folders.append(id)
            }
        }
    }

    /// The merged value: one side's change, or a shared one; a clash keeps `mine` and says so.
    private static func pick<T: Equatable>(_ base: T?, _ mine: T?, _ other: T?) -> (T?, Bool) {
        if mine == other || other == base { return (mine, false) }
        if mine == base { return (other, false) }
        return (mine, true)
    }

    private static func mergeSet(_ base: [JSONValue], _ mine: [JSONValue], _ other: [JSONValue]) -> JSONValue? {
        let removed = Set(base.compactMap(\.stringValue)).subtracting(mine.compactMap(\.stringValue))
            .union(Set(base.compactMap(\.stringValue)).subtracting(other.compactMap(\.stringValue)))
        var result: [String] = []
        for word in (mine + other).compactMap(\.stringValue) where !removed.contains(word) && !result.contains(word) { result.append(word) }
        return result.isEmpty ? nil : .array(result.map(JSONValue.string))
    }

    /// The manifest's own fields (title, author, styles, labels, ...), each merged as a whole.
    private static func mergeTopLevel(_ base: Manifest, _ ours: Manifest, _ theirs: Manifest,
                                      conflicts: inout [String]) throws -> [String: JSONValue] {
        let (b, o, t) = try (JSONParser.parse(base.json).objectValue ?? [:], JSONParser.parse(ours.json).objectValue ?? [:],
                             JSONParser.parse(theirs.json).objectValue ?? [:])
        var result: [String: JSONValue] = [:]
        for key in Set(o.keys).union(t.keys) where key != "binder" {
            let (value, conflict) = pick(b[key], o[key], t[key])
            if conflict { conflicts.append("the project's \(key) changed on both sides; kept this side's") }
            result[key] = value
        }
        return result
    }

    /// The binder under `parent` as JSON: each folder's children in this side's order, with the other side's new
    /// nodes after the node they follow there (or this side's reordering when only the other side reordered).
    private static func tree(of nodes: [String: Flat], parent: String?,
                             orders: (base: [String?: [String]], mine: [String?: [String]], other: [String?: [String]])) -> [JSONValue] {
        let here = Set(nodes.filter { $0.value.parent == parent }.keys)
        let base = (orders.base[parent] ?? []).filter(here.contains)
        let mine = (orders.mine[parent] ?? []).filter(here.contains)
        let other = (orders.other[parent] ?? []).filter(here.contains)
        let (first, second) = mine.filter(base.contains) == base.filter(mine.contains) && !other.isEmpty ? (other, mine) : (mine, other)
        var list = first
        for (index, id) in second.enumerated() where !list.contains(id) {
            let before = second[..<index].last(where: list.contains)
            list.insert(id, at: before.flatMap { list.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
        }
        for id in here.sorted() where !list.contains(id) { list.append(id) }
        return list.map { id in
            var fields = nodes[id]!.fields
            let children = tree(of: nodes, parent: id, orders: orders)
            if !children.isEmpty { fields["children"] = .array(children) }
            return .object(fields)
        }
    }
}

extension MergeConflict {
    /// The conflict of a binder field both sides changed: each value as a writer reads it, and as the manifest holds it.
    public init(metadata field: ManifestMerge.FieldConflict) {
        func reading(_ value: JSONValue?) -> String {
            switch value {
            case .string(let text)?: text
            case .array(let items)?: items.map { $0.stringValue ?? JSONWriter.string($0) }.joined(separator: ", ")
            case .bool(let flag)?: flag ? "yes" : "no"
            case .null?, nil: ""
            case let value?: JSONWriter.string(value)
            }
        }
        self.init(kind: .metadata, base: reading(field.base), ours: reading(field.ours), theirs: reading(field.theirs),
                  placed: reading(field.ours), field: field.field, oursValue: field.ours ?? .null, theirsValue: field.theirs ?? .null)
    }
}
