import Foundation
import MsxGit
import MsxHistory
import MsxModel
import MsxProject

/// Another draft's changes to the working copy (a reviewer's `review/NAME`, a co-writer's draft), document by
/// document and paragraph by paragraph, each accepted into the working files or rejected from the draft.
///
/// Accepting writes the draft's paragraphs into the working copy, as an edit would (the next snapshot records it).
/// Rejecting records a version on the draft with the working copy's paragraphs back in place, so the draft no
/// longer proposes that change and the decision is in its history. Each decision names the change by its
/// fingerprint: a page or a list read before the document or the draft changed cannot land on another change.
public struct DraftReview {
    /// One document the draft changes.
    public struct Document: Sendable {
        /// The document as the working copy's binder has it.
        public let node: BinderNode
        /// The document as the draft's binder has it (its path there).
        public let draftNode: BinderNode
        /// The working copy (older) against the draft (newer).
        public let changes: ParagraphChanges
    }

    /// What a decision did.
    public struct Decision: Sendable {
        public let document: BinderNode
        public let change: ParagraphChanges.Change
        /// The version recorded on the draft (a rejection), nil for an acceptance.
        public let draftVersion: GitOID?
        /// The changes left in that document.
        public let remaining: Int
    }

    public let draft: String
    public let version: GitOID
    private let history: ProjectHistory

    /// The review of draft `name` against the working copy.
    /// - Throws: `unknown-draft`, or `invalid-value` for the current draft (whose changes are the working files).
    public init(_ name: String, in history: ProjectHistory) throws {
        version = try history.draftVersion(name)
        if try history.currentDraft() == name {
            throw MsxError(.invalidValue, "'\(name)' is the current draft: its changes are the files you are working on")
        }
        draft = name
        self.history = history
    }

    /// Every document of the working binder (Trash left out) whose Markdown or sidecar differs in the draft, in binder
    /// order, with its changes. A document the draft does not have, or one it deleted, is left to `msx merge`.
    public func documents() throws -> [Document] {
        let working = history.workingCopy
        let drafted = try history.reader(at: version)
        let manifest = working.manifest
        var documents: [Document] = []
        for entry in manifest.entries where entry.node.kind == .document && !manifest.isTrashed(entry.node.id) {
            guard let draftNode = drafted.manifest.node(id: entry.node.id), !drafted.manifest.isTrashed(entry.node.id),
                  try working.contentIDs(of: entry.node) != drafted.contentIDs(of: draftNode),
                  let document = try self.document(entry.node, draftNode: draftNode, drafted: drafted), !document.changes.changes.isEmpty
            else { continue }
            documents.append(document)
        }
        return documents
    }

    /// One document's changes (none when the draft has it as the working copy does).
    /// - Throws: `unknown-reference` when the draft does not hold the document.
    public func document(_ node: BinderNode) throws -> Document {
        let drafted = try history.reader(at: version)
        guard let draftNode = drafted.manifest.node(id: node.id), !drafted.manifest.isTrashed(node.id),
              let document = try document(node, draftNode: draftNode, drafted: drafted) else {
            throw MsxError(.unknownReference, "the draft '\(draft)' does not have '\(node.title)'")
        }
        return document
    }

    /// Writes change `fingerprint` of `node` into the working copy.
    /// - Throws: `unknown-change` when the document no longer holds it, `cannot-take-alone` when it cannot be
    ///   written without its neighbours.
    public func accept(_ fingerprint: String, of node: BinderNode) throws -> Decision {
        let document = try document(node)
        let change = try Self.change(fingerprint, in: document)
        let result = try document.changes.taking(change)
        var project = history.project
        let rich = RichDocument(markdown: MarkdownDocument(result.markdown), sidecar: result.sidecar)
        var transaction = project.transaction()
        try project.stage(rich, markdown: result.markdown, for: node, into: &transaction)
        if let old = document.changes.older.sidecarBase, old != result.sidecar?.base {
            _ = project.bases.stageRemoval(old, into: &transaction)
        }
        try project.commit(transaction)
        let remaining = ParagraphChanges(older: result, newer: Self.version(of: document.changes.newer)).changes.count
        return Decision(document: node, change: change, draftVersion: nil, remaining: remaining)
    }

    /// Records a version on the draft without change `fingerprint` of `node`.
    /// - Throws: as `accept`.
    public func reject(_ fingerprint: String, of node: BinderNode) throws -> Decision {
        let document = try document(node)
        let change = try Self.change(fingerprint, in: document)
        let result = try document.changes.undoing(change)
        let recorded = try history.recordOnDraft(draft, documents: [(document.draftNode, result)],
                                                 message: "Rejected a change to '\(node.title)'")
        let remaining = ParagraphChanges(older: Self.version(of: document.changes.older), newer: result).changes.count
        return Decision(document: node, change: change, draftVersion: recorded, remaining: remaining)
    }

    private func document(_ node: BinderNode, draftNode: BinderNode, drafted: VersionReader) throws -> Document? {
        guard let theirs = try drafted.document(draftNode) else { return nil }
        let ours = try history.workingCopy.document(node).map(Self.version) ?? DocumentMerge.Version(markdown: "", sidecar: nil)
        let changes = ParagraphChanges(older: ours, newer: Self.version(of: theirs))
        return Document(node: node, draftNode: draftNode, changes: changes)
    }

    private static func change(_ fingerprint: String, in document: Document) throws -> ParagraphChanges.Change {
        guard let change = document.changes.change(named: fingerprint) else {
            throw MsxError(.unknownChange, "'\(document.node.title)' has no change \(fingerprint) any more: the document or "
                + "the draft changed since it was listed (list the changes again)")
        }
        return change
    }

    private static func version(of document: RichDocument) -> DocumentMerge.Version {
        let sidecar = document.sidecar
        return DocumentMerge.Version(markdown: document.markdown.sourceText, sidecar: sidecar.isEmpty ? nil : sidecar)
    }
}
