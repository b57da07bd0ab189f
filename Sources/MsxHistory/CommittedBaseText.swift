import Foundation
import MsxGit
import MsxModel
import MsxProject

/// A sidecar in a version is anchored to the document's text in that version (a snapshot saves stale sidecars
/// re-anchored first), so when `.msx/base/` lacks a sidecar's base (git checked out another branch, or pulled), the
/// document's text in the last version, or at the tip of a draft, is it when its hash is the base's id.
extension ProjectHistory {
    /// The paragraphs of the base `id` of `node`'s sidecar, found in HEAD or at a branch's tip; nil when none is it.
    public func committedBaseText(_ id: String, of node: BinderNode) -> [String]? {
        var versions = [try? head(), try? repository.resolve("ORIG_HEAD"), try? repository.resolve("MERGE_HEAD")].compactMap { $0 }
        versions += ((try? repository.branches()) ?? []).map(\.version)
        var seen = Set<GitOID>()
        for version in versions where seen.insert(version).inserted {
            // At the path that version gave the document (it may have been renamed since).
            let path = (try? binder(at: version))??.node(id: node.id)?.path ?? node.path
            guard let data = try? repository.file(at: gitPath(path), in: version) else { continue }
            let paragraphs = MarkdownDocument(String(decoding: data, as: UTF8.self), sourceMap: false).blocks.map(\.text)
            if BaseText(paragraphs: paragraphs).id == id { return paragraphs }
        }
        return nil
    }
}
