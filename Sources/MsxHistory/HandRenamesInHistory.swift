import Foundation
import MsxGit
import MsxModel
import MsxProject

extension ProjectHistory {
    /// The Markdown of `node` in the last version (at the path that version gave it), or nil when it has none there.
    public func recordedText(of node: BinderNode) -> String? {
        guard let headID = try? head() else { return nil }
        let path = (try? binder(at: headID))??.node(id: node.id)?.path ?? node.path
        return (try? repository.file(at: gitPath(path), in: headID)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Documents renamed or moved outside msx, found by their words in the last version (see `Project.handRenames`).
    public func handRenames() throws -> [HandRename] {
        try project.handRenames(recordedText: recordedText(of:))
    }
}

extension Project {
    /// Documents renamed or moved outside msx, found by their words in the last version when there is a history.
    public func findHandRenames() throws -> [HandRename] {
        // Most commands find every file where the binder says: the history is not opened for them.
        guard hasMissingDocument() else { return [] }
        return try ProjectHistory.open(self)?.handRenames() ?? handRenames()
    }
}

extension ProjectHistory {
    /// Re-attaches the documents renamed or moved outside msx (see `Project.reattach`), so that a version records
    /// them as moved rather than deleted and new; returns the history of the project so written, and the renames.
    public func reattachingHandRenames() throws -> (history: ProjectHistory, renames: [HandRename]) {
        let renames = try handRenames()
        guard !renames.isEmpty else { return (self, []) }
        var project = project
        try project.reattach(renames)
        return (ProjectHistory(project: project, repository: repository), renames)
    }
}
