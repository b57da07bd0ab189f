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
    /// Where its history's repository handle and the versions read are kept between operations (nil: for this
    /// workspace only).
    let historySession: HistorySession?

    /// Resolves references to documents and folders (id, title or path from the working directory).
    public var references: ReferenceResolver { project.references(from: workingDirectory) }

    /// Opens the project containing `directory`.
    /// - Parameter handRenames: how to take documents renamed by hand; by default followed for reading and
    ///   re-attached for writing (left as found when repairing, which reports them).
    public static func open(from directory: URL, forWriting: Bool = false, repairing: Bool = false,
                            handRenames: HandRenames? = nil) throws -> Workspace {
        try open(from: directory, forWriting: forWriting, repairing: repairing, handRenames: handRenames, reusing: nil, in: nil)
    }

    /// `open(from:forWriting:repairing:handRenames:)` for a session: the manifest as the last operation read it is
    /// reused when unchanged, and the history is read through `historySession`.
    static func open(from directory: URL, forWriting: Bool, repairing: Bool = false, handRenames: HandRenames?,
                     reusing reading: ManifestReading?, in historySession: HistorySession?) throws -> Workspace {
        var project = try Project.open(from: directory, forWriting: forWriting, repairing: repairing, reusing: reading)
        let opened = project
        project.lookUpBase = { id, node in (try? ProjectHistory.open(opened, in: historySession))??.committedBaseText(id, of: node) }
        func workspace(_ project: Project, reattached: [HandRename] = []) -> Workspace {
            Workspace(project: project, reattached: reattached, workingDirectory: directory, historySession: historySession)
        }
        let taking = repairing ? .asFound : handRenames ?? (forWriting ? .reattached : .followed)
        guard taking != .asFound else { return workspace(project) }
        let renames = try project.findHandRenames()
        guard !renames.isEmpty else { return workspace(project) }
        guard taking == .reattached else { return workspace(project.viewing(renames)) }
        try project.reattach(renames)
        return workspace(project, reattached: renames)
    }

    /// The project's history, or nil when it has none.
    public func history() throws -> ProjectHistory? { try ProjectHistory.open(project, in: historySession) }

    /// The project's history, which must exist (`no-history` otherwise, `incomplete-history` for a shallow clone).
    public func existingHistory() throws -> ProjectHistory { try ProjectHistory.existing(project, in: historySession) }

    /// The project's history, a repository made at the project's root when there is none.
    public func creatingHistory() throws -> ProjectHistory { try ProjectHistory.create(project, in: historySession) }
}
