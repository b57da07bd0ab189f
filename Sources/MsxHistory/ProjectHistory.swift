import Foundation
import MsxGit
import MsxModel
import MsxProject

/// A project's history: the git repository holding it, read and written through libgit2.
///
/// The project may be the whole repository or one folder of a larger one (a monorepo of books); msx only ever
/// commits its own paths, building each commit's tree from HEAD plus the paths it snapshots.
public struct ProjectHistory {
    public let project: Project
    package let repository: GitRepository
    /// The project's folder inside the repository's work tree, with a trailing slash ("" at the root).
    let prefix: String

    /// Opens the repository holding the project, or nil when there is none.
    /// - Parameter session: keeps the repository handle and the versions read between operations: given, it is
    ///   asked first and told of the repository opened.
    public static func open(_ project: Project, in session: HistorySession? = nil) throws -> ProjectHistory? {
        if let session, let (repository, versions) = session.repository(for: project.root) {
            return ProjectHistory(project: project, repository: repository, versions: versions)
        }
        guard let repository = try GitRepository.discover(containing: project.root) else { return nil }
        let versions = session?.keep(repository, for: project.root) ?? VersionCache()
        return ProjectHistory(project: project, repository: repository, versions: versions)
    }

    /// Opens the repository holding the project to read its history, failing with `no-history` when there is
    /// none and `incomplete-history` when its older versions are missing (a shallow clone).
    public static func existing(_ project: Project, in session: HistorySession? = nil) throws -> ProjectHistory {
        guard let history = try open(project, in: session) else { throw MsxError.noHistory }
        if history.repository.isShallow {
            throw MsxError(.incompleteHistory, "the history is shallow (cloned with --depth): its older versions are missing"
                + " (git fetch --unshallow brings them)")
        }
        return history
    }

    /// Opens the repository holding the project, making one at the project root when there is none.
    public static func create(_ project: Project, in session: HistorySession? = nil) throws -> ProjectHistory {
        try open(project, in: session) ?? ProjectHistory(project: project, repository: try GitRepository.create(at: project.root))
    }

    init(project: Project, repository: GitRepository, versions: VersionCache = VersionCache()) {
        self.project = project
        self.repository = repository
        cache = versions
        let root = ProjectPaths.realPath(project.root)
        let workdir = ProjectPaths.realPath(repository.workdir)
        prefix = root == workdir ? "" : String(root.dropFirst(workdir.count + 1)) + "/"
    }

    /// The repository path of a project-relative path.
    package func gitPath(_ relative: String) -> String { prefix + relative }

    /// The project paths of the files below `folder` at `version`.
    package func files(under folder: String, at version: GitOID) throws -> [String] {
        try repository.files(in: version, under: gitPath(folder) + "/").keys.map { String($0.dropFirst(prefix.count)) }
    }

    /// The project's files in `commit`, by repository path, with their blob ids (listed once per command).
    package func versionFiles(_ commit: GitOID) throws -> [String: GitOID] {
        try versionFiles(commit) { try repository.files(in: commit, under: prefix) }
    }

    /// `versionFiles(_:)`, `list` reading them the first time in this command.
    func versionFiles(_ commit: GitOID, list: () throws -> [String: GitOID]) rethrows -> [String: GitOID] {
        try cache.files(commit, list: list)
    }

    /// The commit HEAD points to, or nil before the first snapshot.
    public func head() throws -> GitOID? { try repository.head() }

    /// Versions already parsed during this command, or this session (see `VersionCache`).
    private let cache: VersionCache
    /// The blob id of the manifest file the project was opened with.
    private let openedManifestBlob = OpenedManifestBlob()

    /// The manifest as it was at `commit`, or nil when the project did not exist then.
    package func manifest(at commit: GitOID) throws -> Manifest? {
        try manifestBlob(at: commit).map { try cachedManifest(at: commit, blob: $0) }
    }

    /// The binder as it was at `commit`, indexed.
    package func binder(at commit: GitOID) throws -> BinderIndex? {
        try binder(at: commit, manifest: try manifestBlob(at: commit))
    }

    /// The binder as it was at `commit`, whose manifest is in blob `manifest` (nil: the version has none), as the
    /// version index records it.
    package func binder(at commit: GitOID, manifest: GitOID?) throws -> BinderIndex? {
        try manifest.map { blob in try cache.binder(blob) { try cachedManifest(at: commit, blob: blob) } }
    }

    /// The blob of the binder manifest at `commit`, or nil when it has none.
    func manifestBlob(at commit: GitOID) throws -> GitOID? {
        try repository.entry(at: gitPath(Manifest.fileName), in: commit)
    }

    private func cachedManifest(at commit: GitOID, blob blobID: GitOID) throws -> Manifest {
        try cache.manifest(blobID) {
            // Usually the version's manifest is the file the project was opened with, already parsed.
            let opened = project.openedManifest
            if try openedManifestBlob.id(blobOfOpenedManifest) == blobID { return opened.manifest }
            let file = "\(Manifest.fileName) at \(commit.short)"
            return try Manifest(json: try FileIO.decodeUTF8(try repository.blob(blobID), displayPath: file), file: file)
        }
    }

    /// Records an already parsed manifest under its blob id.
    func seedManifestCache(blob: GitOID, manifest: Manifest, binder: BinderIndex) {
        cache.remember(manifest, binder: binder, as: blob)
    }

    /// A document's model at a version, read once per command for each pair of file versions (taking what it can
    /// from `earlier`, another version's Markdown, when it is read).
    package func cachedDocument(_ node: BinderNode, at commit: GitOID, reusing earlier: MarkdownDocument? = nil) throws -> RichDocument? {
        let md = try repository.entry(at: gitPath(node.path), in: commit)
        guard let md else { return nil }
        let sidecar = try node.sidecarPath.flatMap { try repository.entry(at: gitPath($0), in: commit) }
        return try cache.document(VersionCache.DocumentKey(markdown: md, sidecar: sidecar)) {
            try document(node, at: commit, reusing: earlier)
        }
    }

    /// A document's Markdown and sidecar as they were at `commit` (nil when its file was not there). A sidecar that
    /// version holds malformed (pushed so with plain git) counts as none: no reader could see its formatting, and a
    /// version's damage must not stop today's work (snapshot compares with it).
    /// - Parameter files: the version's files by repository path, when the caller has them: no tree is walked.
    /// - Parameter earlier: another version of the document, whose unchanged pieces of Markdown are not parsed again.
    package func document(_ node: BinderNode, at commit: GitOID, files: [String: GitOID]? = nil,
                          reusing earlier: MarkdownDocument? = nil) throws -> RichDocument? {
        try documentFiles(node, at: commit, files: files).map { Self.document($0, bases: project.bases, reusing: earlier) }
    }

    /// A document's Markdown and sidecar as they were at `commit`, read but not parsed (nil when its file was not
    /// there; a malformed sidecar counts as none, as `document(_:at:)` says): the repository is read on one thread,
    /// and `document(_:)` may then build the model on any.
    /// - Parameter files: the version's files by repository path, when the caller has them: no tree is walked.
    package func documentFiles(_ node: BinderNode, at commit: GitOID,
                               files: [String: GitOID]? = nil) throws -> (markdown: String, sidecar: Sidecar?)? {
        func file(_ path: String) throws -> Data? {
            guard let files else { return try repository.file(at: gitPath(path), in: commit) }
            return try files[gitPath(path)].map(repository.blob)
        }
        guard let md = try file(node.path) else { return nil }
        let text = try FileIO.decodeUTF8(md, displayPath: "\(node.path) at \(commit.short)")
        var sidecar: Sidecar?
        if let sidecarPath = node.sidecarPath, let data = try file(sidecarPath) {
            let file = "\(sidecarPath) at \(commit.short)"
            do {
                sidecar = try Sidecar(json: try FileIO.decodeUTF8(data, displayPath: file), file: file)
            } catch let error as MsxError where [.invalidJSON, .invalidUTF8].contains(error.code) {
                sidecar = nil
            }
        }
        return (text, sidecar)
    }

    /// The model of a document's files as `documentFiles` read them, a stale sidecar carried through the text in
    /// `bases` it was anchored to.
    /// - Parameter earlier: another version of the document, whose unchanged pieces of Markdown are not parsed again.
    package static func document(_ files: (markdown: String, sidecar: Sidecar?), bases: BaseTextStore,
                                 reusing earlier: MarkdownDocument? = nil) -> RichDocument {
        RichDocument(markdown: MarkdownDocument(files.markdown, sourceMap: false, reusing: earlier), sidecar: files.sidecar,
                     base: { files.sidecar?.base.flatMap(bases.paragraphs) })
    }

    /// A document's notes as they were at `commit` (nil when it had none then).
    public func notes(of node: BinderNode, at commit: GitOID) throws -> String? {
        guard let path = node.notesPath, let data = try repository.file(at: gitPath(path), in: commit) else { return nil }
        return try FileIO.decodeUTF8(data, displayPath: "\(path) at \(commit.short)")
    }

    /// The tags pointing at each commit, by commit, with the names writers typed.
    func milestones() throws -> [GitOID: [String]] {
        var result: [GitOID: [String]] = [:]
        for tag in try repository.tags() { result[tag.target, default: []].append(Milestone.displayName(of: tag)) }
        return result
    }
}
