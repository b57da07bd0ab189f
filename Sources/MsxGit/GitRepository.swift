import CGit2
import Foundation
import MsxModel

/// A commit's facts, copied out of libgit2.
public struct GitCommit: Sendable {
    public var id: GitOID
    public var tree: GitOID
    public var parents: [GitOID]
    public var authorName: String
    public var authorEmail: String
    /// Seconds since 1970 (the commit's committer time).
    public var time: Int64
    public var message: String
    /// Minutes east of UTC of the clock that made it (its day is the day there).
    public var offsetMinutes = 0
    /// When its author wrote it (seconds since 1970), which a rebase or a cherry-pick keeps.
    public var authorTime: Int64 = 0
    /// Minutes east of UTC of the author's clock.
    public var authorOffsetMinutes = 0
}

/// An annotated or lightweight tag pointing at a commit.
public struct GitTag: Sendable {
    public var refName: String
    public var target: GitOID
    public var message: String
}

/// One libgit2 repository handle; every C pointer it hands out is freed before the call returns.
package final class GitRepository {
    let handle: OpaquePointer
    /// The work tree's root.
    package let workdir: URL

    private init(handle: OpaquePointer) throws {
        self.handle = handle
        guard let path = git_repository_workdir(handle) else {
            git_repository_free(handle)
            throw MsxError(.bareRepository, "the git repository has no work tree (bare repositories are not supported)")
        }
        workdir = URL(fileURLWithPath: String(cString: path)).standardizedFileURL
        do {
            try VerifyingObjectDatabase.install(on: handle)
            if let file = GitConfigurationSearch.globalFile { try readGlobalConfiguration(file) }
        } catch {
            git_repository_free(handle)
            throw error
        }
    }

    deinit { git_repository_free(handle) }

    /// Reads `file` as the repository's global configuration (`GIT_CONFIG_GLOBAL`); a missing file is none.
    private func readGlobalConfiguration(_ file: String) throws {
        var config: OpaquePointer?
        try LibGit2.check(git_repository_config(&config, handle), "cannot read the git configuration")
        defer { git_config_free(config) }
        guard FileManager.default.fileExists(atPath: file) else { return }
        try LibGit2.check(git_config_add_file_ondisk(config, file, GIT_CONFIG_LEVEL_GLOBAL, handle, 1),
                          "cannot read the git configuration \(file) (GIT_CONFIG_GLOBAL)")
    }

    /// The repository whose work tree holds `url`, or nil when there is none.
    package static func discover(containing url: URL) throws -> GitRepository? {
        _ = LibGit2.initialized
        var repo: OpaquePointer?
        let code = git_repository_open_ext(&repo, url.path, 0, nil)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try LibGit2.check(code, "cannot open the git repository of \(url.path)")
        return try GitRepository(handle: repo!)
    }

    /// Creates a repository at `url` whose first branch is `main`.
    package static func create(at url: URL) throws -> GitRepository {
        _ = LibGit2.initialized
        var options = git_repository_init_options()
        git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION))
        options.flags = UInt32(GIT_REPOSITORY_INIT_MKPATH.rawValue)
        var repo: OpaquePointer?
        try "main".withCString { head in
            options.initial_head = head
            try LibGit2.check(git_repository_init_ext(&repo, url.path, &options), "cannot create a git repository in \(url.path)")
        }
        return try GitRepository(handle: repo!)
    }

    // MARK: Reading

    /// Whether the repository is a shallow clone (commits before its cut are missing).
    package var isShallow: Bool { git_repository_is_shallow(handle) == 1 }

    /// The commit HEAD points to, or nil on an unborn branch.
    package func head() throws -> GitOID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, handle, "HEAD")
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EUNBORNBRANCH.rawValue { return nil }
        try LibGit2.check(code, "cannot read HEAD")
        return GitOID(oid)
    }

    package func commit(_ id: GitOID) throws -> GitCommit {
        let commit = try lookupCommit(id)
        defer { git_commit_free(commit) }
        let author = git_commit_author(commit)!.pointee
        var parents: [GitOID] = []
        for i in 0..<git_commit_parentcount(commit) { parents.append(GitOID(git_commit_parent_id(commit, i)!.pointee)) }
        return GitCommit(
            id: id, tree: GitOID(git_commit_tree_id(commit)!.pointee), parents: parents,
            authorName: author.name.map { String(cString: $0) } ?? "", authorEmail: author.email.map { String(cString: $0) } ?? "",
            time: Int64(git_commit_time(commit)), message: git_commit_message(commit).map { String(cString: $0) } ?? "",
            offsetMinutes: Int(git_commit_time_offset(commit)), authorTime: Int64(author.when.time),
            authorOffsetMinutes: Int(author.when.offset))
    }

    func lookupCommit(_ id: GitOID) throws -> OpaquePointer {
        var commit: OpaquePointer?
        var raw = id.raw
        try LibGit2.check(git_commit_lookup(&commit, handle, &raw), "cannot read version \(id.short)")
        return commit!
    }

    /// The id of the file at `path` in a commit's tree, or nil when the path is absent.
    package func entry(at path: String, in commitID: GitOID) throws -> GitOID? {
        let commit = try lookupCommit(commitID)
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try LibGit2.check(git_commit_tree(&tree, commit), "cannot read the tree of \(commitID.short)")
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, tree, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try LibGit2.check(code, "cannot read \(path) in \(commitID.short)")
        defer { git_tree_entry_free(entry) }
        return GitOID(git_tree_entry_id(entry)!.pointee)
    }

    /// Every file of a commit's tree below `prefix` (a folder path ending in "/", or "" for all), by path, read in
    /// one walk: much cheaper than looking files up one by one.
    package func files(in commitID: GitOID, under prefix: String) throws -> [String: GitOID] {
        try blobs(in: commitID, under: prefix).mapValues(\.id)
    }

    /// The symbolic links of a commit's tree below `prefix` (msx never writes one from a version).
    package func symbolicLinks(in commitID: GitOID, under prefix: String) throws -> [String] {
        try blobs(in: commitID, under: prefix).filter(\.value.isLink).keys.sorted()
    }

    /// Every blob of a commit's tree below `prefix`, by path, with its id and whether it is a symbolic link.
    private func blobs(in commitID: GitOID, under prefix: String) throws -> [String: (id: GitOID, isLink: Bool)] {
        let commit = try lookupCommit(commitID)
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try LibGit2.check(git_commit_tree(&tree, commit), "cannot read the tree of \(commitID.short)")
        defer { git_tree_free(tree) }
        final class Collector {
            var files: [String: (id: GitOID, isLink: Bool)] = [:]
            let prefix: String
            init(prefix: String) { self.prefix = prefix }
        }
        let collector = Collector(prefix: prefix)
        let callback: git_treewalk_cb = { root, entry, payload in
            let collector = Unmanaged<Collector>.fromOpaque(payload!).takeUnretainedValue()
            let folder = String(cString: root!)
            guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB else {
                // Skip folders outside the project's own.
                let path = folder + String(cString: git_tree_entry_name(entry)) + "/"
                return collector.prefix.hasPrefix(path) || path.hasPrefix(collector.prefix) ? 0 : 1
            }
            let path = folder + String(cString: git_tree_entry_name(entry))
            if path.hasPrefix(collector.prefix) {
                collector.files[path] = (GitOID(git_tree_entry_id(entry)!.pointee), git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK)
            }
            return 0
        }
        try withExtendedLifetime(collector) {
            try LibGit2.check(git_tree_walk(tree, GIT_TREEWALK_PRE, callback, Unmanaged.passUnretained(collector).toOpaque()),
                              "cannot read the tree of \(commitID.short)")
        }
        return collector.files
    }

    /// A blob's bytes.
    package func blob(_ id: GitOID) throws -> Data {
        var blob: OpaquePointer?
        var raw = id.raw
        try LibGit2.check(git_blob_lookup(&blob, handle, &raw), "cannot read object \(id.short)")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let bytes = git_blob_rawcontent(blob) else { return Data() }
        return Data(bytes: bytes, count: size)
    }

    /// The bytes of the file at `path` in a commit, or nil when it is absent.
    package func file(at path: String, in commitID: GitOID) throws -> Data? {
        try entry(at: path, in: commitID).map(blob)
    }

    /// The blob id git would give `data` (nothing written).
    package func hash(_ data: Data) throws -> GitOID { try Self.blobID(of: data) }

    /// The blob id git gives `data` in any repository.
    package static func blobID(of data: Data) throws -> GitOID {
        var oid = git_oid()
        try data.withUnsafeBytes { buffer in
            try LibGit2.check(git_odb_hash(&oid, buffer.baseAddress, buffer.count, GIT_OBJECT_BLOB), "cannot hash a file")
        }
        return GitOID(oid)
    }

    /// The blob id git would give the work-tree file at `path` (repository-relative), through its filters
    /// (`text=auto`, `eol`, LFS): the id git's index records for it.
    package func hashWorkFile(_ path: String) throws -> GitOID {
        var oid = git_oid()
        try LibGit2.check(git_repository_hashfile(&oid, handle, workdir.appendingPathComponent(path).path, GIT_OBJECT_BLOB, path),
                          "cannot hash \(path)")
        return GitOID(oid)
    }

    /// Resolves a revision expression (id, id prefix, ref, tag) to the commit it names, or nil when nothing matches.
    package func resolve(_ spec: String) throws -> GitOID? {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, spec)
        // Not found means no such name, unless it is an object the name leads to (a damaged history: an error).
        let objectMissing = git_error_last()?.pointee.klass == Int32(GIT_ERROR_ODB.rawValue)
        if (code == GIT_ENOTFOUND.rawValue && !objectMissing) || code == GIT_EINVALIDSPEC.rawValue { return nil }
        if code == GIT_EAMBIGUOUS.rawValue {
            throw MsxError(.ambiguousRevision, "'\(spec)' matches more than one version; give more digits")
        }
        try LibGit2.check(code, "cannot resolve '\(spec)'")
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        guard git_object_peel(&commit, object, GIT_OBJECT_COMMIT) == 0 else { return nil }
        defer { git_object_free(commit) }
        return GitOID(git_object_id(commit)!.pointee)
    }

    /// Commit ids reachable from `start`, newest first as `git log` lists them (by commit time, a version never
    /// before the one it is a parent of on a line), read from the repository only as they are asked for: a walk
    /// that stops after ten versions reads about ten, however long the history.
    package func history(from start: GitOID) throws -> GitHistoryWalk {
        try GitHistoryWalk(self, from: start)
    }

    /// Commit ids reachable from local branches but not from `start`, newest first (by commit time, parents after
    /// children).
    package func branchHistory(hiding start: GitOID) throws -> [GitOID] {
        try history(hiding: start) { try LibGit2.check(git_revwalk_push_glob($0, "refs/heads/*"), "cannot walk the branches") }
    }

    /// Commit ids reachable from `tip` but not from `start` (every version when nil), newest first.
    package func history(of tip: GitOID, hiding start: GitOID?) throws -> [GitOID] {
        try history(hiding: start) { walker in
            var pushed = tip.raw
            try LibGit2.check(git_revwalk_push(walker, &pushed), "cannot walk the history")
        }
    }

    private func history(hiding start: GitOID?, pushing push: (OpaquePointer?) throws -> Void) throws -> [GitOID] {
        var walker: OpaquePointer?
        try LibGit2.check(git_revwalk_new(&walker, handle), "cannot walk the history")
        defer { git_revwalk_free(walker) }
        git_revwalk_sorting(walker, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue)
        try push(walker)
        if var hidden = start?.raw {
            try LibGit2.check(git_revwalk_hide(walker, &hidden), "cannot walk the history")
        }
        var result: [GitOID] = []
        var oid = git_oid()
        while true {
            let code = git_revwalk_next(&oid, walker)
            if code == GIT_ITEROVER.rawValue { return result }
            // Any other failure is a version that cannot be read: the history is damaged, not shorter.
            if code < 0 { throw LibGit2.error(code, "cannot walk the history") }
            result.append(GitOID(oid))
        }
    }

    // MARK: Writing

    package func writeBlob(_ data: Data) throws -> GitOID {
        var oid = git_oid()
        try data.withUnsafeBytes { buffer in
            try LibGit2.check(git_blob_create_from_buffer(&oid, handle, buffer.baseAddress, buffer.count), "cannot store a file")
        }
        return GitOID(oid)
    }

    /// A file to put in (id) or take out of (nil) a tree.
    package struct TreeChange {
        package var path: String
        package var blob: GitOID?

        package init(path: String, blob: GitOID?) { (self.path, self.blob) = (path, blob) }
    }

    /// The tree of `base` (or of nothing, for a first version) with `changes` applied; nested folders are created as needed.
    package func tree(basedOn base: GitOID?, applying changes: [TreeChange]) throws -> GitOID {
        var baseTree: OpaquePointer?
        if let base {
            let commit = try lookupCommit(base)
            defer { git_commit_free(commit) }
            try LibGit2.check(git_commit_tree(&baseTree, commit), "cannot read the tree of \(base.short)")
        }
        defer { git_tree_free(baseTree) }
        let paths = changes.map { strdup($0.path)! }
        defer { paths.forEach { free($0) } }
        var updates = zip(changes, paths).map { change, path in
            git_tree_update(
                action: change.blob == nil ? GIT_TREE_UPDATE_REMOVE : GIT_TREE_UPDATE_UPSERT,
                id: change.blob?.raw ?? git_oid(), filemode: GIT_FILEMODE_BLOB, path: UnsafePointer(path))
        }
        var oid = git_oid()
        try LibGit2.check(git_tree_create_updated(&oid, handle, baseTree, updates.count, &updates), "cannot build a tree")
        return GitOID(oid)
    }

    /// Whether HEAD names a commit directly rather than a branch.
    package var isHeadDetached: Bool { git_repository_head_detached(handle) == 1 }

    /// Refuses to record a version while git is in the middle of a merge, rebase, cherry-pick, revert or bisect:
    /// the files may hold conflict markers, and a commit would end git's operation behind its back.
    package func refuseDuringGitOperation() throws {
        let state = git_repository_state(handle)
        guard state != GIT_REPOSITORY_STATE_NONE.rawValue else { return }
        let (what, way): (String, String) = switch git_repository_state_t(UInt32(state)) {
        case GIT_REPOSITORY_STATE_MERGE: ("a git merge", "finish it with git (resolve the conflicts, git add, git commit) or undo it (git merge --abort)")
        case GIT_REPOSITORY_STATE_REVERT, GIT_REPOSITORY_STATE_REVERT_SEQUENCE: ("a git revert", "git revert --continue or --abort")
        case GIT_REPOSITORY_STATE_CHERRYPICK, GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE:
            ("a git cherry-pick", "git cherry-pick --continue or --abort")
        case GIT_REPOSITORY_STATE_BISECT: ("a git bisect", "git bisect reset")
        default: ("a git rebase or am", "git rebase --continue or --abort (git am --continue or --abort)")
        }
        throw MsxError(.gitOperationInProgress, "\(what) is in progress: \(way), then run msx again")
    }

    /// Writes a commit with `parents`, moving the ref `updating` to it (none: the caller moves a branch itself),
    /// dated `time` (now when nil), with the offset from UTC (minutes east) of the clock that said so.
    package func writeCommit(tree: GitOID, parents: [GitOID], updating ref: String?, message: String, authorName: String,
                             authorEmail: String, time: (date: Date, offsetMinutes: Int)? = nil) throws -> GitOID {
        var signature: UnsafeMutablePointer<git_signature>?
        let signed = time.map { git_signature_new(&signature, authorName, authorEmail, git_time_t($0.date.timeIntervalSince1970), Int32($0.offsetMinutes)) }
            ?? git_signature_now(&signature, authorName, authorEmail)
        try LibGit2.check(signed, "cannot sign the version as \(authorName) <\(authorEmail)>")
        defer { git_signature_free(signature) }
        var treeObject: OpaquePointer?
        var treeRaw = tree.raw
        try LibGit2.check(git_tree_lookup(&treeObject, handle, &treeRaw), "cannot read a tree")
        defer { git_tree_free(treeObject) }
        let commits = try parents.map { try lookupCommit($0) }
        defer { commits.forEach { git_commit_free($0) } }
        var pointers: [OpaquePointer?] = commits
        var oid = git_oid()
        try LibGit2.check(git_commit_create(&oid, handle, ref, signature, signature, nil, message, treeObject, pointers.count, &pointers),
                          "cannot record the version")
        return GitOID(oid)
    }

    /// Brings the index entries of `paths` up to date with the work tree (stat data included), leaving every other
    /// entry (whatever the user staged) alone.
    package func refreshIndex(paths: [String]) throws {
        let index = try currentIndex()
        defer { git_index_free(index) }
        for path in paths {
            if FileManager.default.fileExists(atPath: workdir.appendingPathComponent(path).path) {
                try LibGit2.check(git_index_add_bypath(index, path), "cannot update the git index for \(path)")
            } else {
                let code = git_index_remove_bypath(index, path)
                if code != GIT_ENOTFOUND.rawValue { try LibGit2.check(code, "cannot update the git index for \(path)") }
            }
        }
        try LibGit2.check(git_index_write(index), "cannot write the git index")
    }

    /// Makes the index agree with HEAD for the project's own paths, after a crash between a commit and its index
    /// update: entries HEAD has get HEAD's id (with no stat data, so git re-reads the file), entries under
    /// `prefix` that HEAD lacks are dropped. Entries outside the project are never touched.
    package func syncIndex(toHead headFiles: [String: GitOID], under prefix: String) throws {
        try syncIndex(toHead: headFiles, current: try indexEntries(under: prefix))
    }

    /// `syncIndex(toHead:under:)` given the index's entries under the prefix, already read.
    /// - Returns: whether the index was changed (its entries must then be read again).
    @discardableResult
    package func syncIndex(toHead headFiles: [String: GitOID], current: [String: GitIndexStat.Entry]) throws -> Bool {
        let stale = headFiles.filter { current[$0.key]?.id != $0.value }
        let extra = current.keys.filter { headFiles[$0] == nil }
        guard !stale.isEmpty || !extra.isEmpty else { return false }
        try setIndexEntries(stale, removing: extra)
        return true
    }

    /// Gives the index entries at `ids`'s paths those blob ids with no stat data (so git and msx read the files
    /// again; an entry keeps its mode, a new one is a plain file), and removes the entries at `removed`.
    package func setIndexEntries(_ ids: [String: GitOID], removing removed: [String] = []) throws {
        let index = try currentIndex()
        defer { git_index_free(index) }
        for (path, id) in ids {
            let mode = git_index_get_bypath(index, path, 0)?.pointee.mode ?? 0o100644
            try path.withCString { cPath in
                var entry = git_index_entry()
                entry.mode = mode
                entry.id = id.raw
                entry.path = cPath
                try LibGit2.check(git_index_add(index, &entry), "cannot update the git index for \(path)")
            }
        }
        for path in removed { _ = git_index_remove_bypath(index, path) }
        try LibGit2.check(git_index_write(index), "cannot write the git index")
    }

    /// git's index as its file is now. The handle keeps the index it read first, which another process (git add, a
    /// second msx) may have replaced since: it is read again when its file changed, so that writing it back never
    /// drops what was staged meanwhile.
    func currentIndex() throws -> OpaquePointer {
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle), "cannot read the git index")
        let code = git_index_read(index, 0)
        guard code >= 0 else {
            let error = LibGit2.error(code, "cannot read the git index")
            git_index_free(index)
            throw error
        }
        return index!
    }

    /// Index entries (id, size, modification time) for fast change detection, by path: read by `GitIndexFile` where it
    /// can, else through libgit2.
    func indexEntries(under prefix: String) throws -> [String: GitIndexStat.Entry] {
        if let file = try? Data(contentsOf: gitFolder.appendingPathComponent("index")),
            let entries = file.withUnsafeBytes({ GitIndexFile.entries($0, under: prefix) }) {
            return entries
        }
        return try indexEntriesThroughLibgit2(under: prefix)
    }

    /// `indexEntries(under:)` as libgit2 reads them: for the forms `GitIndexFile` leaves to it.
    func indexEntriesThroughLibgit2(under prefix: String) throws -> [String: GitIndexStat.Entry] {
        let index = try currentIndex()
        defer { git_index_free(index) }
        // Made as the type it is returned as, and large enough at once: a table of unlabelled tuples was copied whole
        // into the labelled type on the way out.
        var result: [String: GitIndexStat.Entry] = [:]
        result.reserveCapacity(git_index_entrycount(index))
        for i in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, i)?.pointee, let cPath = entry.path else { continue }
            let path = String(cString: cPath)
            guard path.hasPrefix(prefix) else { continue }
            result[path] = (GitOID(entry.id), entry.file_size, entry.mtime.seconds, entry.mtime.nanoseconds)
        }
        return result
    }

    // MARK: Tags

    package func tags() throws -> [GitTag] {
        var names = git_strarray()
        try LibGit2.check(git_tag_list(&names, handle), "cannot list milestones")
        defer { git_strarray_dispose(&names) }
        var result: [GitTag] = []
        for i in 0..<names.count {
            guard let cName = names.strings[i] else { continue }
            let name = String(cString: cName)
            var object: OpaquePointer?
            guard git_revparse_single(&object, handle, "refs/tags/\(name)") == 0 else { continue }
            defer { git_object_free(object) }
            var message = ""
            if git_object_type(object) == GIT_OBJECT_TAG, let text = git_tag_message(object) { message = String(cString: text) }
            var commit: OpaquePointer?
            guard git_object_peel(&commit, object, GIT_OBJECT_COMMIT) == 0 else { continue }
            defer { git_object_free(commit) }
            result.append(GitTag(refName: name, target: GitOID(git_object_id(commit)!.pointee), message: message))
        }
        return result
    }

    /// Creates an annotated tag; `replacing` moves an existing one of that name (git tag --force).
    package func createTag(_ name: String, at target: GitOID, message: String, taggerName: String, taggerEmail: String,
                           replacing: Bool = false) throws {
        var signature: UnsafeMutablePointer<git_signature>?
        try LibGit2.check(git_signature_now(&signature, taggerName, taggerEmail), "cannot sign the milestone")
        defer { git_signature_free(signature) }
        var object: OpaquePointer?
        var raw = target.raw
        try LibGit2.check(git_object_lookup(&object, handle, &raw, GIT_OBJECT_COMMIT), "cannot read version \(target.short)")
        defer { git_object_free(object) }
        var oid = git_oid()
        let code = git_tag_create(&oid, handle, name, object, signature, message, replacing ? 1 : 0)
        if code == GIT_EEXISTS.rawValue { throw MsxError(.milestoneExists, "a milestone named like that already exists") }
        try LibGit2.check(code, "cannot create the milestone")
    }

    package func deleteTag(_ name: String) throws {
        let code = git_tag_delete(handle, name)
        if code == GIT_ENOTFOUND.rawValue { throw MsxError(.unknownMilestone, "no milestone named '\(name)'") }
        try LibGit2.check(code, "cannot delete the milestone")
    }

    // MARK: Configuration

    /// Sets a value in the repository's own configuration (`.git/config`).
    package func setConfig(_ key: String, _ value: String) throws {
        var config: OpaquePointer?
        try LibGit2.check(git_repository_config(&config, handle), "cannot open the repository's configuration")
        defer { git_config_free(config) }
        var local: OpaquePointer?
        try LibGit2.check(git_config_open_level(&local, config, GIT_CONFIG_LEVEL_LOCAL), "cannot open .git/config")
        defer { git_config_free(local) }
        try LibGit2.check(git_config_set_string(local, key, value), "cannot set \(key) in .git/config")
    }

    /// The id of the blob at `path` in the index, if any.
    package func indexEntry(at path: String) throws -> GitOID? {
        try indexEntries(under: path)[path]?.id
    }

    /// A configuration value (repository, global and system configuration, as git reads them).
    package func config(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { return nil }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, key) == 0, let value else { return nil }
        return String(cString: value)
    }
}
