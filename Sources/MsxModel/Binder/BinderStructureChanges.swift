import Foundation

/// What changed between two manifests beside the documents: folders made, deleted, renamed, moved or given other
/// metadata, and the project's own fields. Documents' changes are found with their files (`DocumentChange`); these
/// are the rest, so that nothing the binder holds changes unseen.
public enum BinderStructureChange: Sendable, Equatable {
    case folderAdded(title: String)
    case folderRemoved(title: String)
    case folderRenamed(from: String, to: String)
    /// Moved into another folder (titled as it is now, `into` the new parent's title).
    case folderMoved(title: String, into: String)
    /// A metadata field ("label", "compileAs", "custom"...) of a folder, before and after (nil: unset).
    case folderMetadata(title: String, field: String, before: String?, after: String?)
    /// A field of the project itself ("title", "target", "compile", "styles"...).
    case projectField(String)

    /// The changes from `old` to `new`, folders in the new binder's order, then the project's fields by name.
    public static func between(_ old: Manifest, _ new: Manifest) -> [BinderStructureChange] {
        let before = BinderIndex(old), after = BinderIndex(new)
        var changes: [BinderStructureChange] = []
        for entry in after.entries where entry.node.isFolder && entry.node.role == nil {
            let node = entry.node
            guard let was = before.entry(id: node.id) else {
                changes.append(.folderAdded(title: node.title))
                continue
            }
            if was.node.title != node.title { changes.append(.folderRenamed(from: was.node.title, to: node.title)) }
            if was.parentID != entry.parentID {
                changes.append(.folderMoved(title: node.title, into: entry.parentID.flatMap { after.node(id: $0)?.title } ?? "the binder"))
            }
            for (field, then, now) in metadata(was.node, node) where then != now {
                changes.append(.folderMetadata(title: node.title, field: field, before: then, after: now))
            }
        }
        for entry in before.entries where entry.node.isFolder && entry.node.role == nil && after.entry(id: entry.node.id) == nil {
            changes.append(.folderRemoved(title: entry.node.title))
        }
        let project: [(String, Bool)] = [
            ("title", old.title != new.title), ("author", old.author != new.author), ("target", old.target != new.target),
            ("compile", old.compile != new.compile), ("styles", old.styles != new.styles), ("defaults", old.defaults != new.defaults),
            ("labels", old.labels != new.labels), ("statuses", old.statuses != new.statuses),
        ]
        changes += project.filter(\.1).map { .projectField($0.0) }
        return changes
    }

    /// A folder's metadata fields as text, by manifest name.
    private static func metadata(_ a: BinderNode, _ b: BinderNode) -> [(String, String?, String?)] {
        func custom(_ node: BinderNode) -> String? { node.custom.isEmpty ? nil : JSONWriter.string(.object(node.custom), pretty: false) }
        return [
            ("synopsis", a.synopsis, b.synopsis), ("label", a.label, b.label), ("status", a.status, b.status),
            ("keywords", a.keywords.isEmpty ? nil : a.keywords.joined(separator: ", "), b.keywords.isEmpty ? nil : b.keywords.joined(separator: ", ")),
            ("target", a.target.map(String.init), b.target.map(String.init)),
            ("includeInCompile", String(a.includeInCompile), String(b.includeInCompile)),
            ("compileAs", a.compileAs, b.compileAs), ("custom", custom(a), custom(b)),
        ]
    }
}
