import Foundation
import MsxModel

/// The texts sidecars were anchored to, kept as `.msx/base/ID` (see `BaseText`), so that a sidecar gone stale by an
/// outside edit has its formatting carried through the changes instead of searched for by its words.
///
/// It is private and disposable like the rest of `.msx/`: without a base, readers fall back to the sidecar's quote
/// selectors.
package struct BaseTextStore {
    let folder: URL
    private let paths: ProjectPaths

    init(paths: ProjectPaths) {
        self.paths = paths
        folder = paths.privateFolder.appendingPathComponent("base")
    }

    /// The paragraphs of the base `id`, or nil when it is unknown here, damaged, or not a base id.
    package func paragraphs(for id: String) -> [String]? {
        guard BaseText.isValidID(id), let text = try? String(contentsOf: folder.appendingPathComponent(id), encoding: .utf8) else {
            return nil
        }
        return BaseText(fileText: text, id: id)?.paragraphs
    }

    /// The project-relative path of the base `id`, or nil when `id` is not a base id or the path would lead
    /// outside the project (`.msx/base` or the file a symlink that leaves it).
    package func file(_ id: String) -> String? {
        guard BaseText.isValidID(id) else { return nil }
        let file = ".msx/base/" + id
        return (try? paths.url(file)) == nil ? nil : file
    }

    /// Stages the removal of the base `id`, when it is here (and inside the project); says whether it did.
    @discardableResult
    package func stageRemoval(_ id: String, into transaction: inout FileTransaction) -> Bool {
        guard let file = file(id), let url = try? paths.url(file), FileIO.exists(url) else { return false }
        transaction.delete(file)
        return true
    }

    /// The ids of the bases kept here.
    package func ids() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter(BaseText.isValidID).sorted()
    }

    /// Stages `base` beside the sidecar that names it (written once: the file is named by its content).
    /// A `.msx/base` that is not a folder (or cannot be made one) keeps nothing: the sidecar is still written, and
    /// its quote selectors remain.
    package func stage(_ base: BaseText, into transaction: inout FileTransaction) throws {
        guard let file = file(base.id), !FileIO.exists(folder.appendingPathComponent(base.id)), usableFolder() else { return }
        transaction.write(Data(base.fileText.utf8), to: file)
    }

    private func usableFolder() -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) { return isFolder.boolValue }
        return (try? FileIO.createFolder(folder)) != nil
    }
}
