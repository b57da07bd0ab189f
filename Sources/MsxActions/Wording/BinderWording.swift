import MsxModel
import MsxProject

/// Binder events in the words `new`, `import`, `mv`, `rename`, `trash`, `untrash` and `meta` print (also the
/// `changes` strings of their `--json` reports, which every front end shows alike).
public enum BinderWording {
    /// The sentence for `event`; in a dry run (`mood`), the same sentence with "would".
    public static func line(_ event: BinderEvent, _ mood: Mood = .done) -> String {
        switch event {
        case .created(let node):
            return "\(mood.verb("created", "create")) \(node.kind.rawValue) '\(node.title)' (\(node.id), \(node.path))"
        case .moved(let node, let folder, let why, let pathChanged):
            let verb = switch why {
            case .moved: mood.verb("moved", "move")
            case .trashed: mood.verb("trashed", "trash")
            case .untrashed: mood.verb("restored", "restore")
            }
            return "\(verb) '\(node.title)' to \(folder.title)" + (pathChanged ? " (\(node.path))" : "")
        case .renamed(let node, let old, let pathChanged):
            return "\(mood.verb("renamed", "rename")) '\(old)' to '\(node.title)'" + (pathChanged ? " (\(node.path))" : "")
        case .deleted(let node):
            let count = node.documents.count
            return "\(mood.verb("deleted", "delete")) '\(node.title)' (\(count) document\(count == 1 ? "" : "s"))"
        case .removedMissing(let node):
            return "'\(node.title)' had no file (deleted outside msx): \(mood.verb("taken", "be taken")) out of the binder"
                + " (msx restore \(node.id) brings it back)"
        case .metadata(let field, let before, let after):
            return mood.change("\(name(of: field)): \(before ?? "(none)") -> \(after ?? "(none)")")
        case .keywordAdded(let keyword):
            return mood == .done ? "keyword added: \(keyword)" : "would add keyword: \(keyword)"
        case .keywordRemoved(let keyword):
            return mood == .done ? "keyword removed: \(keyword)" : "would remove keyword: \(keyword)"
        }
    }

    /// A metadata field's name as sentences give it.
    public static func name(of field: BinderEvent.Field) -> String {
        switch field {
        case .synopsis: "synopsis"
        case .label: "label"
        case .compileAs: "compile as"
        case .status: "status"
        case .keywords: "keywords"
        case .target: "target"
        case .includeInCompile: "include in compile"
        case .custom(let key): key
        }
    }
}
