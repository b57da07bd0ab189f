import MsxModel

/// A change to the binder beside the documents (a folder's, or the project's own fields), as `status` words it.
public enum BinderStructureWording {
    public static func line(_ change: BinderStructureChange) -> String {
        switch change {
        case .folderAdded(let title): "folder added: '\(title)'"
        case .folderRemoved(let title): "folder deleted: '\(title)'"
        case .folderRenamed(let from, let to): "folder renamed: '\(from)' -> '\(to)'"
        case .folderMoved(let title, let into): "folder moved: '\(title)' into '\(into)'"
        case .folderMetadata(let title, let field, let before, let after):
            "folder '\(title)': \(fieldName(field)) \(before ?? "(none)") -> \(after ?? "(none)")"
        case .projectField(let name): "project \(name) changed"
        }
    }

    private static func fieldName(_ field: String) -> String {
        switch field {
        case "compileAs": "compile as"
        case "includeInCompile": "include in compile"
        default: field
        }
    }
}
