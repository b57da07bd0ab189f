import Foundation
import MsxGit
import MsxModel
import MsxProject

/// The sidecar half of the merge driver. A sidecar's runs are anchored to its document's text, so two sidecars are
/// merged with the document: `git merge` names the other side in a `GITHEAD_<id>` variable, HEAD is this side, and
/// their merge base is the ancestor; the `.md` of each is read from those versions and merged exactly as the `.md`
/// driver merges it (markers included), so the merged sidecar is anchored to the text git writes beside it.
extension GitMergeDriver {
    static let sidecarSuffix = ".attrs.json"

    /// Merges the sidecar at `path` from its three versions' `texts` (ancestor, current, other), writing `current`.
    /// - Parameter folder: the top of the work tree (where git runs its drivers).
    static func mergeSidecar(path: String, texts: [String], current: URL, environment: [String: String],
                             folder: URL) throws -> Outcome {
        if texts[1] == texts[2] || texts[2] == texts[0] { return Outcome(conflicts: 0, notes: []) }
        if texts[1] == texts[0] {
            try FileIO.writeAtomically(Data(texts[2].utf8), to: current)
            return Outcome(conflicts: 0, notes: [])
        }
        // A sidecar added on both sides has an empty ancestor.
        let sidecars = try texts.map { $0.isEmpty ? nil : try Sidecar(json: $0, file: path) }
        guard let documents = try documentTexts(of: path, sidecars: texts, environment: environment, folder: folder) else {
            return Outcome(conflicts: 1, notes: ["both sides changed the formatting, and git did not say which versions it is "
                + "merging (a rebase or a cherry-pick): this side's formatting was kept; msx merge merges it"])
        }
        let versions = zip(documents, sidecars).map { DocumentMerge.Version(markdown: $0, sidecar: $1) }
        let merged = DocumentMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2], markers: markers)
        let sidecar = merged.sidecar ?? Sidecar()
        try FileIO.writeAtomically(Data(sidecar.json.utf8), to: current)
        if let base = sidecar.baseText { keep(base, near: folder.appendingPathComponent(path).deletingLastPathComponent()) }
        let formatting = merged.conflicts.filter { $0.kind == .formatting }
        return Outcome(conflicts: formatting.count, notes: formatting.map { conflict in
            "\(conflict.attribute?.rawValue ?? "formatting") of '\(conflict.placed)' was set differently on each side: this side's was kept"
        })
    }

    /// The markers both halves of the driver put around conflicting words.
    static let markers = ConflictMarkers(ours: "ours", theirs: "theirs")

    /// The document's Markdown in the ancestor, this side and the other side, or nil when git's merge cannot be
    /// identified (no single `GITHEAD_` variable, or versions whose sidecars are not the ones git handed over).
    private static func documentTexts(of path: String, sidecars: [String], environment: [String: String],
                                      folder: URL) throws -> [String]? {
        let named = environment.keys.filter { $0.hasPrefix("GITHEAD_") }
        guard named.count == 1, let theirs = GitOID(hex: String(named[0].dropFirst("GITHEAD_".count))),
              let repository = try GitRepository.discover(containing: folder), let ours = try repository.head(),
              let base = try repository.mergeBase(ours, theirs) else { return nil }
        let markdownPath = String(path.dropLast(sidecarSuffix.count)) + ".md"
        var texts: [String] = []
        for (version, sidecar) in zip([base, ours, theirs], sidecars) {
            guard try repository.file(at: path, in: version).map({ String(decoding: $0, as: UTF8.self) }) ?? "" == sidecar,
                  let markdown = try repository.file(at: markdownPath, in: version) else { return nil }
            texts.append(String(decoding: markdown, as: UTF8.self))
        }
        return texts
    }

    /// Keeps the merged sidecar's base text in the project's `.msx/base/` (when the project has one), so a later
    /// edit by hand carries the formatting through the changes.
    private static func keep(_ base: BaseText, near folder: URL) {
        guard let root = try? Project.locate(from: folder) else { return }
        let store = root.appendingPathComponent(".msx/base")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: store.path, isDirectory: &isFolder), isFolder.boolValue,
              (try? FileManager.default.destinationOfSymbolicLink(atPath: store.path)) == nil,
              (try? FileManager.default.destinationOfSymbolicLink(atPath: store.deletingLastPathComponent().path)) == nil
        else { return }
        let file = store.appendingPathComponent(base.id)
        if !FileIO.exists(file) { try? FileIO.writeAtomically(Data(base.fileText.utf8), to: file) }
    }
}
