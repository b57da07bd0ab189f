import Foundation
import MsxGit
import MsxModel
import MsxProject

/// A state of the project to read: the working copy or a version.
public enum ProjectState: Sendable {
    case working
    case version(GitOID)
}

/// A version of the project as a `ProjectReader`, read from the repository one document at a time.
public struct VersionReader: ProjectReader, @unchecked Sendable {
    // @unchecked: the repository handle is used from one thread at a time, which `readsConcurrently` tells readers.
    private let history: ProjectHistory
    public let version: GitOID
    public let manifest: Manifest
    public let binder: BinderIndex

    init(history: ProjectHistory, version: GitOID) throws {
        guard let manifest = try history.manifest(at: version), let binder = try history.binder(at: version) else {
            throw MsxError(.notAtRevision, "the project did not exist at version \(version.short)")
        }
        (self.history, self.version, self.manifest, self.binder) = (history, version, manifest, binder)
    }

    public var recorded: (version: String, date: Date)? {
        (version.description, Date(timeIntervalSince1970: TimeInterval((try? history.entry(for: version).time) ?? 0)))
    }

    public var readsConcurrently: Bool { false }

    public func document(_ node: BinderNode) throws -> RichDocument? { try document(node, reusing: nil) }

    public func document(_ node: BinderNode, reusing earlier: MarkdownDocument?) throws -> RichDocument? {
        try history.cachedDocument(node, at: version, reusing: earlier)
    }

    public func notes(of node: BinderNode) throws -> String? { try history.notes(of: node, at: version) }

    public func fileData(_ path: String, limit: Int) throws -> Data? {
        try history.repository.file(at: history.gitPath(path), in: version).flatMap { $0.count <= limit ? $0 : nil }
    }

    public func files(under folder: String) throws -> [String] { try history.files(under: folder, at: version) }

    public func contentIDs(of node: BinderNode) throws -> String? {
        try node.files.map { path in try history.repository.entry(at: history.gitPath(path), in: version)?.description ?? "-" }
            .joined(separator: "/")
    }

    public func handRenamed(_ id: String) -> BinderNode? { nil }
}

extension ProjectHistory {
    /// The working copy, its files named by git's blob ids (so that a file equal to a version's is known without
    /// reading either), those git's index vouches for unread (`WorkingFileIDs`).
    public var workingCopy: WorkingCopy {
        let ids = WorkingFileIDs(gitFolder: repository.gitFolder, prefix: prefix)
        return WorkingCopy(project) { relative, path, info in try ids.id(of: relative, at: path, info).description }
    }

    /// `state` to read.
    public func reader(_ state: ProjectState) throws -> any ProjectReader {
        switch state {
        case .working: workingCopy
        case .version(let version): try VersionReader(history: self, version: version)
        }
    }

    /// The project as it was at `version`.
    public func reader(at version: GitOID) throws -> VersionReader { try VersionReader(history: self, version: version) }
}
