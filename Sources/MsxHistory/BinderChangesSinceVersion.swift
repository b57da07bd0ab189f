import Foundation
import MsxModel

extension ProjectHistory {
    /// The binder's changes beside the documents (folders, the project's own fields) since the last version.
    /// Nothing is parsed or compared when the manifest file is the last version's, as it is after most edits.
    package func binderStructureChanges() throws -> [BinderStructureChange] {
        guard let head = try head(), let blob = try manifestBlob(at: head),
              try blobOfOpenedManifest() != blob, let last = try manifest(at: head) else { return [] }
        return BinderStructureChange.between(last, project.manifest)
    }
}
