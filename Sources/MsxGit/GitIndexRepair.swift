import CGit2
import Foundation
import MsxModel

extension GitRepository {
    /// Whether libgit2 can read git's index (a damaged one, whose checksum does not match, it cannot).
    package func indexIsReadable() -> Bool {
        guard let index = try? currentIndex() else { return false }
        git_index_free(index)
        return true
    }

    /// Replaces git's index with one holding `head`'s files (none before the first version), without stat data so
    /// that git and msx read every file again, as `git reset` would. Written beside the index and renamed over it:
    /// an interruption leaves the old one.
    package func rebuildIndex(fromHead head: GitOID?) throws {
        let temporary = gitFolder.appendingPathComponent("index.msx-rebuild")
        try? FileManager.default.removeItem(at: temporary)
        var index: OpaquePointer?
        try LibGit2.check(git_index_open(&index, temporary.path), "cannot build a new git index")
        defer { git_index_free(index) }
        if let head {
            let commit = try lookupCommit(head)
            defer { git_commit_free(commit) }
            var tree: OpaquePointer?
            try LibGit2.check(git_commit_tree(&tree, commit), "cannot read version \(head.short)")
            defer { git_tree_free(tree) }
            try LibGit2.check(git_index_read_tree(index, tree), "cannot build a new git index")
        }
        try LibGit2.check(git_index_write(index), "cannot write the git index")
        guard rename(temporary.path, gitFolder.appendingPathComponent("index").path) == 0 else {
            throw MsxError(.io, "cannot replace the git index \(gitFolder.appendingPathComponent("index").path): \(String(cString: strerror(errno)))")
        }
    }
}
