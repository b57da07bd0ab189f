import Foundation
import MsxModel
import MsxProject

/// Lets plain `git merge` and `git pull` merge a project's files as msx does: git runs msx as the merge driver for
/// `.md` files (word by word), their sidecars (with the document, `GitSidecarMerge.swift`) and the binder manifest
/// (by node id).
public enum GitMergeDriver {
    /// What a merge driver run did.
    public struct Outcome: Sendable {
        /// Conflicts left for the writer (git then stops): words between git's markers in a `.md`; in a sidecar,
        /// attributes set to two values (or 1 when git did not say which versions it merges).
        public var conflicts: Int
        /// Binder fields both sides changed (this side's value kept) and nodes kept though deleted on one side.
        public var notes: [String]
    }

    /// Merges the file at `path` (as git names it) from the three versions git hands over, writing the result
    /// over `current`, as git's merge driver protocol asks.
    /// - Parameters:
    ///   - environment: the driver's environment (`git merge` names the other side's version in it).
    ///   - folder: the top of the work tree, where git runs its drivers.
    public static func merge(path: String, ancestor: URL, current: URL, other: URL, environment: [String: String] = [:],
                             folder: URL) throws -> Outcome {
        let texts = try [ancestor, current, other].map { try FileIO.readText($0, displayPath: path) }
        if path.hasSuffix(sidecarSuffix) {
            return try mergeSidecar(path: path, texts: texts, current: current, environment: environment, folder: folder)
        }
        if (path as NSString).lastPathComponent == Manifest.fileName {
            let manifests = try texts.map { try Manifest(json: $0, file: path) }
            let merged = try ManifestMerge.merge(base: manifests[0], ours: manifests[1], theirs: manifests[2], placingFiles: false)
            try FileIO.writeAtomically(Data(merged.manifest.json.utf8), to: current)
            return Outcome(conflicts: 0, notes: merged.conflicts + merged.kept)
        }
        let merged = DocumentMerge.merge(base: .init(markdown: texts[0], sidecar: nil), ours: .init(markdown: texts[1], sidecar: nil),
                                         theirs: .init(markdown: texts[2], sidecar: nil),
                                         markers: markers)
        try FileIO.writeAtomically(Data(merged.markdown.utf8), to: current)
        return Outcome(conflicts: merged.conflicts.count, notes: [])
    }
}
