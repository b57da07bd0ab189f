import Foundation
import MsxHistory
import MsxModel
import MsxProject

/// A project as a front end opens it: the project, wired to its history when it has one, with the documents renamed
/// or moved outside msx followed. Opening one is all a front end does to read every document's formatting right: a
/// sidecar whose base text `.msx/base/` lacks (git checked out another branch, or pulled) finds it in the history.
public struct Workspace {
    /// How documents renamed or moved outside msx are taken.
    public enum HandRenames: Sendable {
        /// Left as the binder lists them: for the commands that report or record them (`check`, `snapshot`).
        case asFound
        /// Read where they are now, in memory only: for reading.
        case followed
        /// Re-attached where they are now, keeping their ids, history and formatting: for writing.
        case reattached
    }

    /// The project (locked for writing when opened so).
    public let project: Project
    /// The documents `open` re-attached where a hand rename had put them (empty unless it was asked to).
    public let reattached: [HandRename]
    /// The folder it was opened from: a path given as a reference is read from there.
    public let workingDirectory: URL

    /// Resolves references to documents and folders (id, title or path from the working directory).
    public var references: ReferenceResolver { project.references(from: workingDirectory) }

    /// Opens the project containing `directory`.
    /// - Parameter handRenames: how to take documents renamed by hand; by default followed for reading and
    ///   re-attached for writing (left as found when repairing, which reports them).
    public static func open(from directory: URL, forWriting: Bool = false, repairing: Bool = false,
                            handRenames: HandRenames? = nil) throws -> Workspace {
        var project = try Project.open(from: directory, forWriting: forWriting, repairing: repairing)
        let opened = project
        project.lookUpBase = { id, node in (try? ProjectHistory.open(opened))??.committedBaseText(id, of: node) }
        let taking = repairing ? .asFound : handRenames ?? (forWriting ? .reattached : .followed)
        guard taking != .asFound else { return Workspace(project: project, reattached: [], workingDirectory: directory) }
        let renames = try project.findHandRenames()
        guard !renames.isEmpty else { return Workspace(project: project, reattached: [], workingDirectory: directory) }
        guard taking == .reattached else { return Workspace(project: project.viewing(renames), reattached: [], workingDirectory: directory) }
        try project.reattach(renames)
        return Workspace(project: project, reattached: renames, workingDirectory: directory)
    }

    /// The project's history, or nil when it has none.
    public func history() throws -> ProjectHistory? { try ProjectHistory.open(project) }

    /// The project's history, which must exist (`no-history` otherwise, `incomplete-history` for a shallow clone).
    public func existingHistory() throws -> ProjectHistory { try ProjectHistory.existing(project) }

    /// The project's history, a repository made at the project's root when there is none.
    public func creatingHistory() throws -> ProjectHistory { try ProjectHistory.create(project) }
}
