import CGit2
import Foundation

extension GitRepository {
    /// The repository's git folder (`.git`).
    package var gitFolder: URL { URL(fileURLWithPath: String(cString: git_repository_path(handle))) }

    /// Packs loose objects once there are too many, as `git gc --auto` does (libgit2 itself never packs): estimates
    /// the count from one of the 256 object folders, writes one pack of everything reachable from HEAD and the
    /// tags with libgit2's packbuilder, then removes the loose copies the new pack holds.
    /// - Returns: how many loose objects were removed (0 when under the threshold).
    @discardableResult
    package func packIfNeeded(threshold: Int = 6700) throws -> Int {
        let objects = gitFolder.appendingPathComponent("objects")
        let sample = (try? FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent("17").path))?.count ?? 0
        guard sample * 256 > threshold else { return 0 }
        return try pack()
    }

    /// Writes a pack of every object reachable from HEAD and the tags, then prunes loose objects it holds.
    func pack() throws -> Int {
        var builder: OpaquePointer?
        try LibGit2.check(git_packbuilder_new(&builder, handle), "cannot pack the history")
        defer { git_packbuilder_free(builder) }
        var walker: OpaquePointer?
        try LibGit2.check(git_revwalk_new(&walker, handle), "cannot pack the history")
        defer { git_revwalk_free(walker) }
        guard try head() != nil else { return 0 }
        try LibGit2.check(git_revwalk_push_head(walker), "cannot pack the history")
        _ = git_revwalk_push_glob(walker, "refs/tags/*")
        try LibGit2.check(git_packbuilder_insert_walk(builder, walker), "cannot pack the history")
        for tag in try tagObjectIDs() {
            var raw = tag.raw
            _ = git_packbuilder_insert(builder, &raw, nil)
        }
        try LibGit2.check(git_packbuilder_write(builder, nil, 0, nil, nil), "cannot write the pack")
        guard let name = git_packbuilder_name(builder) else { return 0 }
        let index = gitFolder.appendingPathComponent("objects/pack/pack-\(String(cString: name)).idx")
        return try pruneLoose(heldBy: index)
    }

    /// Ids of annotated tag objects (a walk reaches only the commits they point to).
    private func tagObjectIDs() throws -> [GitOID] {
        try tags().compactMap { tag in
            var oid = git_oid()
            return git_reference_name_to_id(&oid, handle, "refs/tags/\(tag.refName)") == 0 ? GitOID(oid) : nil
        }
    }

    /// Deletes loose objects that the pack at `index` holds (never one it does not).
    private func pruneLoose(heldBy index: URL) throws -> Int {
        var odb: OpaquePointer?
        try LibGit2.check(git_odb_new(&odb), "cannot read the new pack")
        defer { git_odb_free(odb) }
        var backend: UnsafeMutablePointer<git_odb_backend>?
        try LibGit2.check(git_odb_backend_one_pack(&backend, index.path), "cannot read the new pack")
        try LibGit2.check(git_odb_add_backend(odb, backend, 1), "cannot read the new pack")
        let objects = gitFolder.appendingPathComponent("objects")
        let fm = FileManager.default
        var removed = 0
        for folder in (try? fm.contentsOfDirectory(atPath: objects.path)) ?? [] where folder.count == 2 {
            let folderURL = objects.appendingPathComponent(folder)
            for file in (try? fm.contentsOfDirectory(atPath: folderURL.path)) ?? [] where file.count == 38 {
                guard let oid = GitOID(hex: folder + file) else { continue }
                var raw = oid.raw
                if git_odb_exists(odb, &raw) == 1 {
                    try? fm.removeItem(at: folderURL.appendingPathComponent(file))
                    removed += 1
                }
            }
        }
        return removed
    }
}
