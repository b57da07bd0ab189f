import Foundation
import MsxModel

/// An open Manuscript project: its root folder and binder manifest.
public struct Project: Sendable {
    public let root: URL
    public internal(set) var manifest: Manifest
    /// The manifest file as this project was opened, with its parse: a version whose manifest is the same file
    /// (most are) needs no parse of its own.
    package let openedManifest: (text: String, manifest: Manifest)
    /// The manifest file's stamp when it was read (the same just before and just after; nil when it changed
    /// meanwhile): a later change gives another stamp.
    package let openedManifestStamp: FileStamp?
    let paths: ProjectPaths
    /// What recovery did with a journal an interrupted command left behind, if anything.
    public let recovery: Recovery?
    /// Finds the text a sidecar was anchored to (its paragraphs) when `.msx/base/` does not have it: opening a
    /// `Workspace` sets it to look in the history, so that a sidecar git brought (a branch checked out, a pull by
    /// plain git) carries its formatting through later edits as one msx wrote does.
    package var lookUpBase: (@Sendable (_ id: String, _ node: BinderNode) -> [String]?)?
    /// Documents viewed at the path where their file was found after a rename outside msx (see `viewing(_:)`), by
    /// id, as the binder lists them: their sidecar and notes are still read from there until they are moved too.
    public internal(set) var handRenamed: [String: BinderNode] = [:]
    /// The project lock, held from opening until the last copy of this project is gone: exclusive when opened for
    /// writing, shared when opened for reading (so a reader sees no write half done).
    private let heldLock: ProjectLock

    /// Finds the project containing `directory` (walking up like git) and opens it.
    /// - Parameter forWriting: take the project's write lock first, so the manifest read is the one this command
    ///   will change (another msx command writing meanwhile makes this one wait, then fail with exit 75).
    /// - Parameter reusing: the manifest as an earlier open read it: taken as it is, unparsed again, when the file's
    ///   stamp says it has not changed since.
    public static func open(from directory: URL, forWriting: Bool = false, repairing: Bool = false,
                            reusing reading: ManifestReading? = nil) throws -> Project {
        try Project(root: try locate(from: directory), forWriting: forWriting, repairing: repairing, reusing: reading)
    }

    /// The nearest folder at or above `directory` that holds `manuscript.json`.
    public static func locate(from directory: URL) throws -> URL {
        var current = try directory.requiringFullPath()
        while true {
            if FileIO.exists(current.appendingPathComponent(Manifest.fileName)) { return current }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path {
                throw MsxError(.notAProject, "not a Manuscript project (no \(Manifest.fileName) here or in any parent folder of \(directory.path))")
            }
            current = parent
        }
    }

    /// Opens the project at `root`, finishing or undoing any command a crash interrupted.
    /// - Parameter repairing: opened by `msx check --repair`: the journal of an interrupted command that cannot be
    ///   finished or undone is moved aside rather than failing, and a binder with two nodes of one id or two
    ///   documents of one file is accepted for writing (other commands only read such a binder).
    public init(root: URL, forWriting: Bool = false, repairing: Bool = false, reusing reading: ManifestReading? = nil) throws {
        self.root = root.standardizedFileURL
        paths = ProjectPaths(root: self.root)
        try paths.checkOwnFilesStayInside()
        if forWriting {
            heldLock = try ProjectLock(folder: paths.privateFolder, mode: .exclusive)
            recovery = try FileTransaction.recover(paths: paths, settingAside: repairing)
        } else {
            (heldLock, recovery) = try Self.lockForReading(paths, repairing: repairing)
        }
        // Stamped before and after the read: a file replaced or edited meanwhile has no stamp for what was read.
        let stamp = FileStamp(path: paths.manifest.path)
        if let reading, stamp != nil, reading.stamp == stamp, reading.root == self.root {
            openedManifestStamp = stamp
            manifest = reading.manifest
            openedManifest = (reading.text, reading.manifest)
        } else {
            let text = try FileIO.readText(paths.manifest, displayPath: Manifest.fileName)
            openedManifestStamp = stamp == FileStamp(path: paths.manifest.path) ? stamp : nil
            manifest = try Manifest(json: text)
            openedManifest = (text, manifest)
        }
        if !forWriting { FaultInjection.point("read-manifest") }
        if forWriting, !repairing, let conflict = manifest.conflict {
            throw MsxError(.conflictingBinder, "\(Manifest.fileName): \(conflict); msx writes nothing until it is fixed"
                + (conflict.hasPrefix("id ") ? " (msx check --repair gives the second a new id)" : " (give each document its own file)"))
        }
    }

    /// The shared lock, taken when no journal is left: a journal a reader sees belongs to a command still running (the
    /// lock waits for it) or to one a crash interrupted, which is finished or undone first, under the write lock.
    private static func lockForReading(_ paths: ProjectPaths, repairing: Bool) throws -> (ProjectLock, Recovery?) {
        var recovery: Recovery?
        for _ in 0..<3 {
            if FileTransaction.hasJournal(paths: paths) {
                let lock = try ProjectLock(folder: paths.privateFolder, mode: .exclusive)
                recovery = try FileTransaction.recover(paths: paths, settingAside: repairing) ?? recovery
                withExtendedLifetime(lock) {}
            }
            let lock = try ProjectLock(folder: paths.privateFolder, mode: .shared)
            if !FileTransaction.hasJournal(paths: paths) { return (lock, recovery) }
        }
        throw MsxError(.locked, "another msx command keeps interrupting this one; try again when it has finished")
    }

    /// The manifest file as this project read it, for the next open to reuse (nil when the file changed while it was
    /// read: its stamp says nothing then).
    public var manifestReading: ManifestReading? {
        openedManifestStamp.map { ManifestReading(root: root, text: openedManifest.text, manifest: openedManifest.manifest, stamp: $0) }
    }

    /// The style sheet (defaults and named styles) of the project.
    public var styleSheet: StyleSheet { StyleSheet(manifest: manifest) }

    /// The URL of a project-relative path, checked to stay inside the project.
    public func url(_ relative: String) throws -> URL { try paths.url(relative) }

    /// A project-relative file's path and stat(2) information (nil when missing), checked as `url` checks it.
    package func fileStatus(_ relative: String) throws -> ProjectFileStatus { try paths.fileStatus(relative) }

    /// The project's write lock: the one held since opening for writing, or (upgrading this process's shared lock)
    /// a new one for the caller's lifetime.
    func lock() throws -> ProjectLock {
        heldLock.mode == .exclusive ? heldLock : try ProjectLock(folder: paths.privateFolder, mode: .exclusive)
    }

    /// Starts a transaction on this project's files.
    package func transaction() -> FileTransaction { FileTransaction(paths: paths) }

    /// Whether landing `transaction` (with `newManifest`) would change a file of the project: what a dry run says.
    package func wouldChange(_ transaction: FileTransaction, manifest newManifest: Manifest? = nil) -> Bool {
        var transaction = transaction
        if let newManifest, newManifest != manifest { transaction.write(newManifest.json, to: Manifest.fileName) }
        return transaction.changesProjectFiles
    }

    /// Lands `transaction`, replacing the manifest with `newManifest` when given (in the same transaction).
    /// - Parameter check: given the paths the transaction replaces, runs once everything is staged and right before
    ///   anything is replaced; throwing from it cancels the transaction with nothing written.
    package mutating func commit(_ transaction: FileTransaction, manifest newManifest: Manifest? = nil,
                                 checking check: ([String]) throws -> Void = { _ in }) throws {
        var transaction = transaction
        if let newManifest, newManifest != manifest { transaction.write(newManifest.json, to: Manifest.fileName) }
        let replaced = transaction.replacedPaths
        try transaction.commit { try check(replaced) }
        if let newManifest { manifest = newManifest }
        transaction.removeEmptiedFolders()
    }

    // MARK: Documents

    /// Reads a document's Markdown and sidecar into the rich model (re-anchoring in memory, writing nothing).
    /// - Parameter sourceMap: keep each character's byte range (needed to splice formatting into the Markdown).
    /// - Parameter earlier: another version of the document, read the same way: the pieces of its Markdown the file
    ///   still holds are not parsed again (`MarkdownDocument(_:sourceMap:reusing:)`).
    public func loadDocument(_ node: BinderNode, sourceMap: Bool = true, reusing earlier: MarkdownDocument? = nil) throws -> RichDocument {
        guard node.kind == .document else {
            throw MsxError(.notADocument, "'\(node.title)' is a folder, not a document")
        }
        let text = try FileIO.readDocument(try paths.url(node.path), displayPath: node.path)
        return document(node, markdown: text, sidecar: try loadSidecar(node), sourceMap: sourceMap, reusing: earlier)
    }

    /// The document `node` as it would be with `text` for its Markdown: its sidecar re-anchored onto `text` (in
    /// memory, through the text it was anchored to).
    package func document(_ node: BinderNode, markdown text: String, sourceMap: Bool = true) throws -> RichDocument {
        document(node, markdown: text, sidecar: try loadSidecar(node), sourceMap: sourceMap)
    }

    /// The same with `node`'s sidecar already read (`loadSidecar`), for a reader that looked at it first.
    package func document(_ node: BinderNode, markdown text: String, sidecar: Sidecar?, sourceMap: Bool,
                          reusing earlier: MarkdownDocument? = nil) -> RichDocument {
        let markdown = MarkdownDocument(text, sourceMap: sourceMap, reusing: earlier)
        return RichDocument(markdown: markdown, sidecar: sidecar, base: {
            sidecar?.base.flatMap { id in bases.paragraphs(for: id) ?? lookUpBase?(id, node) }
        })
    }

    /// The texts this project's sidecars were anchored to.
    package var bases: BaseTextStore { BaseTextStore(paths: paths) }

    /// Reads a document's sidecar, or nil when it has none.
    func loadSidecar(_ node: BinderNode) throws -> Sidecar? {
        guard let sidecarPath = try companion(\.sidecarPath, of: node) else { return nil }
        return try Sidecar(json: try FileIO.readSidecar(try paths.url(sidecarPath), displayPath: sidecarPath), file: sidecarPath)
    }

    /// The path of `node`'s companion file (its sidecar or notes) that exists: at `node`'s path, or where it was
    /// before a rename outside msx; nil when there is none.
    package func companion(_ path: KeyPath<BinderNode, String?>, of node: BinderNode) throws -> String? {
        guard let own = node[keyPath: path] else { return nil }
        if FileIO.exists(try paths.url(own)) { return own }
        guard let recorded = handRenamed[node.id]?[keyPath: path], FileIO.exists(try paths.url(recorded)) else { return nil }
        return recorded
    }

    /// Writes a document's Markdown and sidecar as `document` holds them, with `files` (by plain name) beside it, in
    /// one transaction: a version of it brought in from elsewhere.
    package mutating func replace(_ node: BinderNode, with document: RichDocument, files: [String: Data] = [:]) throws {
        var transaction = transaction()
        try stage(document, markdown: document.markdown.sourceText, for: node, into: &transaction)
        let folder = node.path.split(separator: "/").dropLast().joined(separator: "/")
        for (name, data) in files.sorted(by: { $0.key < $1.key }) where RelativePath.isPlain(name) && !name.contains("/") {
            transaction.write(data, to: folder + "/" + name)
        }
        try commit(transaction)
    }

    /// Saves each sidecar that names no base text (a template's, one another tool wrote) with one, in one transaction.
    package mutating func giveSidecarsTheirBase() throws {
        var transaction = transaction()
        for node in manifest.entries.map(\.node) where node.kind == .document {
            guard let sidecar = try loadSidecar(node), sidecar.base == nil, FileIO.exists(try paths.url(node.path)) else { continue }
            try stage(try loadDocument(node), markdown: nil, for: node, into: &transaction)
        }
        try commit(transaction)
    }

    /// Stages a document's new Markdown (when changed) and its sidecar (written, or removed when empty).
    package func stage(_ document: RichDocument, markdown: String?, for node: BinderNode, into transaction: inout FileTransaction) throws {
        if let markdown { transaction.write(markdown, to: node.path) }
        guard let sidecarPath = node.sidecarPath else { return }
        let sidecar = document.sidecar
        if sidecar.isEmpty {
            if FileIO.exists(try paths.url(sidecarPath)) { transaction.delete(sidecarPath) }
        } else {
            let json = try sidecar.jsonToWrite(file: sidecarPath)
            let url = try paths.url(sidecarPath)
            let current = FileIO.exists(url) ? try? String(contentsOf: url, encoding: .utf8) : nil
            if current != json { transaction.write(json, to: sidecarPath) }
            if let base = sidecar.baseText { try bases.stage(base, into: &transaction) }
        }
        // The base the replaced sidecar named goes with it (in the same transaction, so a crash keeps the pair).
        if let old = document.sidecarBase, old != sidecar.base { bases.stageRemoval(old, into: &transaction) }
    }
}

extension Project {
    /// Saves a document's sidecar re-anchored to its current text (after an outside edit).
    /// - Returns: whether the sidecar changed, and the formatting that could not be placed.
    public func reanchor(_ node: BinderNode) throws -> (saved: Bool, lost: [FormattingLoss]) {
        let lock = try lock()
        defer { withExtendedLifetime(lock) {} }
        let document = try loadDocument(node)
        var transaction = transaction()
        try stage(document, markdown: nil, for: node, into: &transaction)
        let saved = !transaction.isEmpty
        var project = self
        try project.commit(transaction)
        return (saved, document.lostFormatting)
    }
}
