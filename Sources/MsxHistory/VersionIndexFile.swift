import Foundation
import MsxGit
import MsxModel

/// The project's version index (`.msx/cache/versions`, see `VersionIndex`): loaded, brought up to date with the
/// versions made since it was written (by msx or by plain git), or built again.
extension ProjectHistory {
    /// How many versions on top of the indexed head are read one by one before building the index again is cheaper.
    private static let catchUpLimit = 200

    private var versionIndexURL: URL { project.root.appendingPathComponent(".msx/cache/versions") }

    /// The index of the history ending at `head`, from the file when it describes that history or one it grew from
    /// by versions with a single parent, else built again and saved; nil when it would have to be built but could
    /// not be kept (a read-only project), where reading the history as far as needed costs less.
    func versionIndex(head: GitOID) throws -> VersionIndex? {
        try versionIndex(head: head, stored: storedVersionIndex())
    }

    private func versionIndex(head: GitOID, stored: VersionIndex?) throws -> VersionIndex? {
        if let stored, stored.head == head { return stored }
        guard let index = try stored.flatMap({ try caughtUp($0, to: head) }) else { return try rebuiltVersionIndex(head: head) }
        try? FileIO.writeAtomically(index.data, to: versionIndexURL)
        return index
    }

    /// The index built again from the history ending at `head`, and saved (it was missing, stale or damaged); nil
    /// when it could not be saved.
    func rebuiltVersionIndex(head: GitOID) throws -> VersionIndex? {
        let folder = versionIndexURL.deletingLastPathComponent()
        try? FileIO.createFolder(folder)
        guard access(folder.path, W_OK) == 0 else { return nil }
        let index = try versionIndexReadFromHistory(head: head)
        try? FileIO.writeAtomically(index.data, to: versionIndexURL)
        return index
    }

    /// After a command made versions: brings an existing index up to date, so the next reader finds it ready.
    /// Without an index file nothing is done (the first reader builds it).
    func updateVersionIndex() throws {
        guard let stored = storedVersionIndex(), let head = try head() else { return }
        _ = try versionIndex(head: head, stored: stored)
    }

    /// Whether the index file describes the history as a fresh reading of it does (after bringing it up to date
    /// when it is behind). A missing or unreadable file is right: it is never believed, and the next reader builds
    /// it. With `repair`, a wrong one is written again.
    func versionIndexIsRight(repair: Bool) throws -> Bool {
        guard let head = try head(), let file = storedVersionIndex() else { return true }
        // A file a merge left behind is stale, not wrong: the next reader builds it again.
        guard let current = try file.head == head ? file : caughtUp(file, to: head) else { return true }
        let fresh = try versionIndexReadFromHistory(head: head)
        let right = current == fresh
        if !right && repair { try FileIO.writeAtomically(fresh.data, to: versionIndexURL) }
        return right
    }

    private func storedVersionIndex() -> VersionIndex? {
        // Read when it cannot be mapped (a file system without mmap(2)), rather than built again at every command.
        (FileBytes(mapping: versionIndexURL.path) ?? FileIO.cacheBytes(at: versionIndexURL).map(FileBytes.init))
            .flatMap { VersionIndex.parse($0, manifestPath: gitPath(Manifest.fileName)) }
    }

    /// The index of the history ending at `head`, read from the history (not saved).
    func versionIndexReadFromHistory(head: GitOID) throws -> VersionIndex {
        try VersionIndex.build(repository, head: head, manifestPath: gitPath(Manifest.fileName), manifest: manifestBlob(at:))
    }

    /// `index` brought to `head`: its newest versions taken off back to where `head`'s history joins it, then the
    /// versions from there to `head` added, when each version taken off or added has one parent (new versions on
    /// top; `git reset --hard HEAD~N`, an amended or undone version, and new versions after it). A version with
    /// one parent is the first `git log` lists, and lists the rest as from its parent, so the index of a shorter
    /// history is the longer one's less its newest versions. Nil otherwise (a merge, a history rewritten further
    /// back, a damaged line): the index is built again.
    private func caughtUp(_ index: VersionIndex, to head: GitOID) throws -> VersionIndex? {
        // `head`'s versions back to the indexed head, or as far as each has one parent: usually `head` is on top.
        var newer: [GitCommit] = []
        var id = head
        while id != index.head, newer.count < Self.catchUpLimit, let commit = try? repository.commit(id), commit.parents.count == 1 {
            newer.append(commit)
            id = commit.parents[0]
        }
        if id == index.head { return try index.adding(newer.reversed(), manifest: manifestBlob(at:)) }
        // Else the indexed versions that can be taken off, by how many must go to reach each; `head`'s history
        // joins them at the newest of its versions among them.
        var reachable: [GitOID: Int] = [index.head: 0]
        var indexed = index.head
        while reachable.count <= Self.catchUpLimit, let commit = try? repository.commit(indexed), commit.parents.count == 1 {
            indexed = commit.parents[0]
            reachable[indexed] = reachable.count
        }
        let walked = newer.map(\.id) + [id]
        guard let join = walked.firstIndex(where: { reachable[$0] != nil }),
              let joined = index.removingNewest(reachable[walked[join]]!, head: walked[join])
        else { return nil }
        return try joined.adding(newer[..<join].reversed(), manifest: manifestBlob(at:))
    }
}
