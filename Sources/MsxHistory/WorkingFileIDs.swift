import Foundation
import MsxGit
import MsxModel

/// Names the working copy's files by git's blob ids as `git status` does: a file git's index vouches for (the same
/// size and modification time it recorded, written before the index was: `GitIndexStat`) takes the index's id
/// unread; any other file is read and hashed. Comparing a version with the working copy then reads only the files
/// that changed since the index was written, where it hashed every document's files.
///
/// The index is read once the first few files have been hashed: comparing one document, hashing its files costs
/// less than reading the whole index.
final class WorkingFileIDs: @unchecked Sendable {
    /// How many files are hashed before the index is read (reading an index costs about as much as hashing a few
    /// dozen chapters).
    private static let filesHashedFirst = 32

    private let gitFolder: URL, prefix: String
    private let lock = NSLock()
    private var hashed = 0
    /// The index, once read (nil inside when there is none or libgit2 alone reads it).
    private var index: GitIndexStat??

    init(gitFolder: URL, prefix: String) { (self.gitFolder, self.prefix) = (gitFolder, prefix) }

    /// The blob id of the working file at project path `relative`, found at `path` on disk with stat(2) `info`.
    func id(of relative: String, at path: String, _ info: stat) throws -> GitOID {
        if let vouched = vouched(relative, info) { return vouched }
        return try GitRepository.blobID(of: FileIO.readData(URL(fileURLWithPath: path), displayPath: relative))
    }

    /// The id the index vouches for, or nil (before the index is read, too).
    private func vouched(_ relative: String, _ info: stat) -> GitOID? {
        lock.lock()
        defer { lock.unlock() }
        if index == nil {
            hashed += 1
            guard hashed > Self.filesHashedFirst else { return nil }
            index = .some(GitIndexStat.read(gitFolder: gitFolder, under: prefix))
        }
        return index??.unchangedID(at: prefix + relative, info)
    }
}
