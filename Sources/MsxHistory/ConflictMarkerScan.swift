import Foundation
import MsxGit
import MsxModel
import MsxProject

/// A document whose Markdown holds conflict markers a merge outside msx left.
public struct LeftMarkers: Sendable {
    public var node: BinderNode
    /// The line (1-based) of the first `<<<<<<<`.
    public var line: Int
}

extension ProjectHistory {
    /// The documents holding conflict markers that a merge made outside msx (plain git) left, among those whose text
    /// changed since the last version (`changes`) and those the last version touched when another git program
    /// made it, so that `status` names them without reading every document.
    public func documentsWithLeftMarkers(among changes: [DocumentChange]) throws -> [LeftMarkers] {
        var nodes = changes.filter { ($0.text || $0.isNew) && !$0.isDeleted }.map(\.node)
        if let head = try head() {
            let commit = try repository.commit(head)
            if DocumentTrailer.all(in: commit.message).isEmpty {
                for id in try documentsTouched(by: commit) where !nodes.contains(where: { $0.id == id }) {
                    if let node = project.manifest.node(id: id), node.kind == .document { nodes.append(node) }
                }
            }
        }
        return nodes.compactMap { node in
            guard let url = try? project.url(node.path), let text = try? FileIO.readDocument(url, displayPath: node.path),
                  let line = LeftConflictMarkers.firstLine(in: Array(text.utf8)) else { return nil }
            return LeftMarkers(node: node, line: line)
        }
    }
}
