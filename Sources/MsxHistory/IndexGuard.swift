import Foundation
import MsxGit
import MsxModel

/// Lock files git leaves behind when a writer dies (`index.lock`, `HEAD.lock`, the branch's `.lock`) would block
/// every later snapshot. Before touching the repository msx records its pid in `.msx/git-writer`; a later msx
/// finding such lock files together with that record of a process that no longer runs knows they are its own
/// leftovers and removes them. Lock files without such a record belong to some other git program and are respected.
extension ProjectHistory {
    private var writerRecord: URL { project.root.appendingPathComponent(".msx/git-writer") }

    /// The lock files a snapshot may leave: the index's, HEAD's and the current branch's.
    private var lockFiles: [URL] {
        let git = repository.gitFolder
        var files = [git.appendingPathComponent("index.lock"), git.appendingPathComponent("HEAD.lock")]
        if let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8), head.hasPrefix("ref: ") {
            let ref = head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
            if RelativePath.isPlain(ref) { files.append(git.appendingPathComponent(ref + ".lock")) }
        }
        return files
    }

    /// Throws when another program holds one of the repository's locks; clears msx's own stale ones.
    func claimRepository() throws {
        let held = lockFiles.filter(FileIO.exists)
        guard !held.isEmpty else { return }
        if let text = try? String(contentsOf: writerRecord, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
        {
            for file in held { try? FileManager.default.removeItem(at: file) }
            try? FileManager.default.removeItem(at: writerRecord)
            return
        }
        throw MsxError(.repositoryLocked, "another git program is using the repository (\(held[0].path) exists; if none is running, msx check --repair removes it)")
    }

    /// Runs repository writes with msx's pid on record.
    func writingRepository<T>(_ body: () throws -> T) throws -> T {
        try FileIO.writeAtomically(Data("\(getpid())\n".utf8), to: writerRecord)
        // Gone whenever msx ends normally, error or not: the record outlives only a killed msx.
        defer { try? FileManager.default.removeItem(at: writerRecord) }
        return try body()
    }
}
