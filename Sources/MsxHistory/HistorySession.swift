import Foundation
import MsxGit
import MsxModel
import MsxProject

/// What a project's history keeps between the operations of a long-lived front end (`msx serve`, an editor that
/// embeds msx): one libgit2 repository handle and the versions already read from it (by object id, so never stale).
///
/// Every operation still opens the project, and takes its lock, for itself; only what cannot change under it is
/// kept. The handle reads what changed on disk meanwhile as git does: references, configuration and packs from the
/// files, the index again when its file changed (`GitRepository` re-reads it before each use). A repository whose
/// folder went away is opened again.
public final class HistorySession: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (root: URL, repository: GitRepository, versions: VersionCache)?
    /// How many times a repository was opened for this session: once while nothing moves it.
    public private(set) var repositoriesOpened = 0

    public init() {}

    /// The repository kept for the project at `root`, when it is still there.
    func repository(for root: URL) -> (GitRepository, VersionCache)? {
        lock.withLock {
            guard let kept, kept.root == root, FileIO.exists(kept.repository.gitFolder.appendingPathComponent("HEAD")) else { return nil }
            return (kept.repository, kept.versions)
        }
    }

    /// Keeps `repository` for the project at `root`, returning the version cache it shares from now on.
    func keep(_ repository: GitRepository, for root: URL) -> VersionCache {
        lock.withLock {
            let versions = VersionCache()
            kept = (root, repository, versions)
            repositoriesOpened += 1
            return versions
        }
    }
}
