import Foundation
import MsxHistory
import MsxProject

/// A project held open by a front end that outlives one command (`msx serve`, an editor embedding msx): it runs
/// operations one at a time, each in a read or a write block that opens the project and takes its lock for that
/// block only, so a writer's command in a terminal waits for one operation at most, never for the session.
///
/// Between operations it keeps what does not go stale: the libgit2 repository handle and the versions read from it
/// (`HistorySession`), and the manifest as last read, which the next operation takes unparsed when the file's stamp
/// says it has not changed. Everything else (documents, sidecars, git's index and references) is read again by each
/// operation, so a change made behind the session's back, by hand or by git, is seen by the next one.
public final class WorkspaceSession: @unchecked Sendable {
    /// The folder the project is found from.
    public let directory: URL
    /// The history's handle and versions, kept between operations.
    public let history = HistorySession()
    private let operations = NSLock()
    private var manifest: ManifestReading?
    /// How many times an operation read the manifest file rather than reusing the last reading.
    public private(set) var manifestsRead = 0

    public init(directory: URL) {
        self.directory = directory
    }

    /// Runs `body` on the project opened for reading, under its shared lock (released when `body` returns, unless
    /// it keeps a copy of the workspace).
    public func read<Result>(handRenames: Workspace.HandRenames? = nil, _ body: (Workspace) throws -> Result) throws -> Result {
        try perform(writing: false, handRenames: handRenames, body)
    }

    /// Runs `body` on the project opened for writing, under its exclusive lock (released when `body` returns).
    public func write<Result>(handRenames: Workspace.HandRenames? = nil, _ body: (Workspace) throws -> Result) throws -> Result {
        try perform(writing: true, handRenames: handRenames, body)
    }

    /// Runs `body` on the project opened for reading or writing: one operation at a time.
    public func perform<Result>(writing: Bool, handRenames: Workspace.HandRenames?, _ body: (Workspace) throws -> Result) throws -> Result {
        try operations.withLock {
            let workspace = try Workspace.open(from: directory, forWriting: writing, handRenames: handRenames,
                                               reusing: manifest, in: history)
            let reading = workspace.project.manifestReading
            if manifest == nil || reading?.stamp != manifest?.stamp { manifestsRead += 1 }
            let result = try body(workspace)
            // What the operation wrote is read again by the next.
            manifest = writing ? nil : reading
            return result
        }
    }
}
