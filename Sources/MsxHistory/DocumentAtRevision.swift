import Foundation
import MsxGit
import MsxModel
import MsxProject

/// A document named the way writers name one on the command line: `REF` for today's text, or `REF@REV` for a
/// version of it (`Storm@~2`, `Storm@{2026-11-01}`, `Storm@"first draft"`).
public struct DocumentAtRevision: Sendable {
    public let node: BinderNode
    public let document: RichDocument
    /// The style sheet of the same moment (the project's today, or the version's).
    public let styleSheet: StyleSheet
    /// The version read, or nil for today's text.
    public let version: GitOID?

    /// Finds the document `text` names, relative to `workingDirectory`, at `revision` when one is given apart.
    ///
    /// A title may contain '@': only when the whole text names no document is its last '@' read as a revision.
    /// - Throws: a usage error when the version is named twice (`REF@REV` and `revision`).
    /// - Parameter readingText: read the document's text (false: only find it, for what lives beside it, its notes;
    ///   `document` is then empty, and a document whose Markdown is gone is found all the same).
    public init(_ text: String, at separateRevision: String? = nil, in project: Project, from workingDirectory: URL,
                readingText: Bool = true) throws {
        let empty = RichDocument(markdown: MarkdownDocument("", sourceMap: false), sidecar: nil)
        let resolver = project.references(from: workingDirectory)
        let whole = resolver.documentIfAny(text)
        let (reference, named) = whole == nil ? RevisionReference.split(text) : (text, nil)
        if named != nil && separateRevision != nil {
            throw MsxError(.usage, "give the version once: \(text) names one, and so does --at")
        }
        guard let revision = named ?? separateRevision else {
            node = try whole ?? resolver.document(text)
            document = readingText ? try project.loadDocument(node, sourceMap: false) : empty
            styleSheet = project.styleSheet
            version = nil
            return
        }
        let history = try ProjectHistory.existing(project)
        // Named once: today's document, else (deleted since) the one the version's binder names.
        let current = resolver.documentIfAny(reference)
        let version = try history.resolve(revision, for: current?.id)
        let id = try current?.id ?? history.documentID(for: reference, at: version, workingDirectory: workingDirectory)
        if !readingText, let manifest = try history.manifest(at: version), let found = manifest.node(id: id) {
            (node, document, styleSheet, self.version) = (found, empty, StyleSheet(manifest: manifest), version)
            return
        }
        let old = try history.document(id, at: version)
        (node, document, styleSheet, self.version) = (old.node, old.document, StyleSheet(manifest: old.manifest), version)
    }
}
