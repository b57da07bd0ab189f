import Foundation
import MsxGit
import MsxModel
import MsxProject

/// A file under `contents/` that is neither a document nor one of its companions (a picture, a PDF, a `.gitkeep`),
/// and how it differs between two states of the project.
public struct FileChange: Sendable, Equatable {
    public enum Kind: String, Sendable { case added, modified, deleted }

    /// Project-relative path.
    public var path: String
    public var kind: Kind
}

extension ProjectHistory {
    /// The same files changed from version `old` to version `new` (the working copy when nil).
    /// - Parameter recording: whether what is learnt of git's index may be written to msx's cache (not by a dry run).
    public func fileChanges(from old: GitOID, to new: GitOID?, recording: Bool = true) throws -> [FileChange] {
        let index = try indexStat(recording: recording)
        return Self.changes(from: try files(at: old), to: try new.map(files(at:)) ?? workingFiles(index: index))
    }

    /// The files under `contents/` other than documents and their companions that differ from the last snapshot
    /// (added, changed, or deleted, outside msx too, in path order), with git's index already read.
    /// - Parameter contents: the files under `contents/`, when the caller has listed them (else they are listed now).
    func fileChanges(index: GitIndexStat, recording: Bool, contents: ContentsListing? = nil) throws -> [FileChange] {
        let recorded = try head().map { files(in: try headFiles($0, recording: recording)) } ?? [:]
        return Self.changes(from: recorded, to: try workingFiles(index: index, contents: contents))
    }

    private static func changes(from old: [String: GitOID], to new: [String: GitOID]) -> [FileChange] {
        var changes = new.compactMap { path, id -> FileChange? in
            guard let before = old[path] else { return FileChange(path: path, kind: .added) }
            return before == id ? nil : FileChange(path: path, kind: .modified)
        }
        changes += old.keys.filter { new[$0] == nil }.map { FileChange(path: $0, kind: .deleted) }
        return changes.sorted { $0.path < $1.path }
    }

    /// The working copy's files of that kind, by project path, with their blob ids (git's index vouches for a file
    /// whose size and time it records; the others are hashed).
    private func workingFiles(index: GitIndexStat, contents: ContentsListing? = nil) throws -> [String: GitOID] {
        var result: [String: GitOID] = [:]
        for path in project.companionFiles(in: contents) {
            let file = try project.fileStatus(path)
            guard let info = file.info else { continue }
            result[path] = try index.unchangedID(at: gitPath(path), info)
                ?? repository.hash(try FileIO.readData(URL(fileURLWithPath: file.path), displayPath: path))
        }
        return result
    }

    /// The files of that kind in `version`.
    private func files(at version: GitOID) throws -> [String: GitOID] {
        files(in: try versionFiles(version))
    }

    /// The files of that kind among a version's files (by repository path), by project path.
    private func files(in version: [String: GitOID]) -> [String: GitOID] {
        var result: [String: GitOID] = [:]
        let contents = prefix + Manifest.contentsFolder + "/"
        for (gitPath, id) in version where gitPath.hasPrefix(contents) {
            // Most projects are the repository's root: their paths are the project's as they are.
            let path = prefix.isEmpty ? gitPath : String(gitPath.dropFirst(prefix.count))
            if Project.isCompanionFile(path) { result[path] = id }
        }
        return result
    }
}
