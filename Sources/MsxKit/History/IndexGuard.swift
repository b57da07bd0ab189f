import Foundation

/// git's `index.lock` left behind by an msx killed while writing the index would block every later snapshot.
/// Before writing the index msx records its pid in `.msx/index-writer`; a later msx finding `index.lock` together
/// with that record of a process that no longer runs knows the lock is its own leftover and removes it. A lock
/// without such a record belongs to some other git program and is respected.
extension ProjectHistory {
    private var writerRecord: URL { project.root.appendingPathComponent(".msx/index-writer") }
    private var indexLock: URL { repository.gitFolder.appendingPathComponent("index.lock") }

    /// Throws when another program holds the index; clears msx's own stale lock.
    func claimIndex() throws {
        guard FileIO.exists(indexLock) else { return }
        if let text = try? String(contentsOf: writerRecord, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
        {
            try? FileManager.default.removeItem(at: indexLock)
            try? FileManager.default.removeItem(at: writerRecord)
            return
        }
        throw MsxError(.busy, code: "repository-locked",
                       "another git program is using the repository (\(indexLock.path) exists; if none is running, remove that file)")
    }

    /// Runs an index write with msx's pid on record.
    func writingIndex(_ body: () throws -> Void) throws {
        try FileIO.writeAtomically(Data("\(getpid())\n".utf8), to: writerRecord)
        try body()
        try? FileManager.default.removeItem(at: writerRecord)
    }
}
