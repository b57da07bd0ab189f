import Foundation
import MsxModel

/// One state of a project to read: the working copy (`WorkingCopy`), or a version its history holds. Comparing,
/// compiling and the document of tracked changes read a state through this, so that they need no git: the
/// history module gives its versions this shape.
public protocol ProjectReader: Sendable {
    /// The manifest of this state.
    var manifest: Manifest { get }
    /// Its binder, indexed.
    var binder: BinderIndex { get }
    /// Whether `document(_:)` may be called from several threads at once (files may; one libgit2 repository handle
    /// may not).
    var readsConcurrently: Bool { get }
    /// The version this state is and when it was recorded; nil for the working copy.
    var recorded: (version: String, date: Date)? { get }

    /// A document's text and formatting in this state, nil when its file is not there.
    func document(_ node: BinderNode) throws -> RichDocument?
    /// The same, given the document as another state holds it: the pieces of that version's Markdown its file still
    /// holds are not parsed again.
    func document(_ node: BinderNode, reusing earlier: MarkdownDocument?) throws -> RichDocument?
    /// A document's notes in this state, nil when it has none.
    func notes(of node: BinderNode) throws -> String?
    /// A file's bytes (a picture, a font), nil when it is missing, not a plain path inside the project, or larger
    /// than `limit` bytes.
    func fileData(_ path: String, limit: Int) throws -> Data?
    /// The project paths of the files below `folder`.
    func files(under folder: String) throws -> [String]
    /// An id of the bytes of each of `node`'s files, equal in two states exactly when their bytes are (git's blob
    /// ids, "-" for a file not there); nil when this state cannot tell without reading the documents.
    func contentIDs(of node: BinderNode) throws -> String?
    /// The binder's entry for a document whose file was found elsewhere after a rename by hand (nil when it was not).
    func handRenamed(_ id: String) -> BinderNode?
}

/// The working copy as a `ProjectReader`.
public struct WorkingCopy: ProjectReader {
    public let project: Project
    /// Names a file's bytes as the history does (git's blob id), so that a file can be told equal to a version's
    /// without reading either; nil without a history. It is given the file's project path, its path on disk and
    /// its stat(2) information: a history that recorded the file with the same size and time names it unread.
    private let contentID: (@Sendable (_ relative: String, _ path: String, _ info: stat) throws -> String)?

    public init(_ project: Project, contentID: (@Sendable (_ relative: String, _ path: String, _ info: stat) throws -> String)? = nil) {
        self.project = project
        self.contentID = contentID
    }

    public var manifest: Manifest { project.manifest }
    public var binder: BinderIndex { BinderIndex(project.manifest) }
    public var readsConcurrently: Bool { true }
    public var recorded: (version: String, date: Date)? { nil }

    public func document(_ node: BinderNode) throws -> RichDocument? { try document(node, reusing: nil) }

    public func document(_ node: BinderNode, reusing earlier: MarkdownDocument?) throws -> RichDocument? {
        FileIO.exists(try project.url(node.path)) ? try project.loadDocument(node, sourceMap: false, reusing: earlier) : nil
    }

    public func notes(of node: BinderNode) throws -> String? { try project.notes(of: node) }

    public func fileData(_ path: String, limit: Int) -> Data? { project.fileData(path, limit: limit) }

    public func files(under folder: String) -> [String] { project.regularFiles(under: folder) }

    public func contentIDs(of node: BinderNode) throws -> String? {
        guard let contentID else { return nil }
        return try node.files.map { relative -> String in
            let file = try project.fileStatus(relative)
            guard let info = file.info else { return "-" }
            return try contentID(relative, file.path, info)
        }.joined(separator: "/")
    }

    public func handRenamed(_ id: String) -> BinderNode? { project.handRenamed[id] }
}
