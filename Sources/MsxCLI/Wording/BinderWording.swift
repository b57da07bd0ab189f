import MsxKit

/// Binder events in the words `new`, `import`, `mv`, `rename`, `trash`, `untrash` and `meta` print (also the
/// `changes` strings of their `--json` reports).
enum BinderWording {
    static func line(_ event: BinderEvent) -> String {
        switch event {
        case .created(let node):
            return "created \(node.kind.rawValue) '\(node.title)' (\(node.id), \(node.path))"
        case .moved(let node, let folder, let why, let pathChanged):
            let verb = switch why {
            case .moved: "moved"
            case .trashed: "trashed"
            case .untrashed: "restored"
            }
            return "\(verb) '\(node.title)' to \(folder.title)" + (pathChanged ? " (\(node.path))" : "")
        case .renamed(let node, let old, let pathChanged):
            return "renamed '\(old)' to '\(node.title)'" + (pathChanged ? " (\(node.path))" : "")
        case .deleted(let node):
            let count = node.documents.count
            return "deleted '\(node.title)' (\(count) document\(count == 1 ? "" : "s"))"
        case .removedMissing(let node):
            return "'\(node.title)' had no file (deleted outside msx): taken out of the binder (msx restore \(node.id) brings it back)"
        case .metadata(let field, let before, let after):
            return "\(name(of: field)): \(before ?? "(none)") -> \(after ?? "(none)")"
        case .keywordAdded(let keyword):
            return "keyword added: \(keyword)"
        case .keywordRemoved(let keyword):
            return "keyword removed: \(keyword)"
        }
    }

    static func name(of field: BinderEvent.Field) -> String {
        switch field {
        case .synopsis: "synopsis"
        case .label: "label"
        case .status: "status"
        case .keywords: "keywords"
        case .target: "target"
        case .includeInCompile: "include in compile"
        case .custom(let key): key
        }
    }
}
