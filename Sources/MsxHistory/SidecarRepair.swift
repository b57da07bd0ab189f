import Foundation
import MsxGit
import MsxModel
import MsxProject

extension ProjectHistory {
    /// `check --repair` for sidecars no command can read (malformed JSON from a collaborator's plain git, say): each
    /// is replaced by its newest version in the document's history that reads (the text it was anchored to is in
    /// that version, so it re-anchors onto today's); one with no such version is set aside as `NAME.damaged`, so that
    /// the document reads without that formatting. Either way snapshot works again.
    public func repairUnreadableSidecars(dryRun: Bool) throws -> [CheckRepair] {
        var project = self.project
        var transaction = project.transaction()
        var repairs: [CheckRepair] = []
        for node in unreadableSidecars() {
            guard let path = node.sidecarPath, let url = try? project.url(path) else { continue }
            if let (version, data) = try newestReadableSidecar(of: node, at: path) {
                transaction.write(data, to: path)
                repairs.append(.restoredSidecar(node, from: version.short))
            } else {
                transaction.write(try FileIO.readData(url, displayPath: path), to: path + ".damaged")
                transaction.delete(path)
                repairs.append(.setAsideSidecar(node, to: path + ".damaged"))
            }
        }
        if !dryRun, !repairs.isEmpty { try project.commit(transaction) }
        return repairs
    }

    /// The documents whose sidecar is there but cannot be read (every command that reads the document fails).
    public func unreadableSidecars() -> [BinderNode] {
        project.manifest.entries.map(\.node).filter { node in
            guard node.kind == .document, let path = node.sidecarPath, let url = try? project.url(path), FileIO.exists(url) else { return false }
            return !sidecarReads(url, path)
        }
    }

    private func sidecarReads(_ url: URL, _ path: String) -> Bool {
        guard let text = try? FileIO.readText(url, displayPath: path) else { return false }
        return (try? Sidecar(json: text, file: path)) != nil
    }

    /// The newest version of a document's sidecar that reads, with the version it is from.
    private func newestReadableSidecar(of node: BinderNode, at path: String) throws -> (GitOID, Data)? {
        for entry in try log(of: node.id, withChanges: false) {
            guard let data = try repository.file(at: gitPath(path), in: entry.version),
                  (try? Sidecar(json: String(decoding: data, as: UTF8.self), file: path)) != nil else { continue }
            return (entry.version, data)
        }
        return nil
    }
}
