import MsxGit
import MsxHistory
import MsxModel
import MsxWorkspace

/// Lists another draft's changes to the working copy, paragraph by paragraph (`msx review changes`).
public struct ReviewChangesAction: Action {
    /// The draft (`review/NAME`, or NAME for a review's draft).
    public var draft: String
    /// Only this document's changes (id, title or path); nil for every document the draft changes.
    public var reference: String?

    public init(draft: String, reference: String? = nil) { (self.draft, self.reference) = (draft, reference) }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ReviewChangesReport {
        let review = try ReviewDraft.open(draft, in: workspace)
        let documents = try reference.map { [try review.document(workspace.references.document($0))].filter { !$0.changes.changes.isEmpty } }
            ?? review.documents()
        return ReviewChangesReport(draft: review.draft, version: review.version, documents: documents)
    }
}

/// Accepts one change of another draft into the working copy, or rejects it from the draft
/// (`msx review accept`, `msx review reject`).
public struct ReviewDecisionAction: Action {
    public enum Decision: String, Sendable { case accept, reject }

    public var draft: String
    /// The document (id, title or path).
    public var reference: String
    /// The change: its number in the document's list (from 1) or its fingerprint.
    public var change: String
    public var decision: Decision

    public init(draft: String, reference: String, change: String, decision: Decision) {
        (self.draft, self.reference, self.change, self.decision) = (draft, reference, change, decision)
    }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ReviewDecisionReport {
        let review = try ReviewDraft.open(draft, in: workspace)
        let node = try workspace.references.document(reference)
        let fingerprint = try fingerprint(in: review.document(node))
        let made = decision == .accept ? try review.accept(fingerprint, of: node) : try review.reject(fingerprint, of: node)
        return ReviewDecisionReport(draft: review.draft, decision: decision, made: made)
    }

    private func fingerprint(in document: DraftReview.Document) throws -> String {
        let changes = document.changes.changes
        guard let number = Int(change) else { return change }
        guard changes.indices.contains(number - 1) else {
            throw MsxError(.unknownChange, "'\(document.node.title)' has \(changes.count) change\(changes.count == 1 ? "" : "s"), not \(number)")
        }
        return changes[number - 1].fingerprint
    }
}

/// A draft named as a writer names it: `review/NAME` may be given as NAME.
enum ReviewDraft {
    static func open(_ name: String, in workspace: Workspace) throws -> DraftReview {
        let history = try workspace.existingHistory()
        do {
            return try DraftReview(name, in: history)
        } catch let error as MsxError where error.code == .unknownDraft && !name.hasPrefix("review/") {
            guard let review = try? DraftReview("review/\(name)", in: history) else { throw error }
            return review
        }
    }
}

/// The documents another draft changes, each change numbered.
public struct ReviewChangesReport: ActionReport {
    public var draft: String
    public var version: GitOID
    public var documents: [DraftReview.Document]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(draft, forKey: .draft)
        try container.encode(version.description, forKey: .version)
        try container.encode(documents.map(DocumentEntry.init), forKey: .documents)
    }

    private enum Key: String, CodingKey { case draft, version, documents }

    private struct DocumentEntry: Encodable {
        var document: DraftReview.Document
        func encode(to encoder: any Encoder) throws {
            try BinderNodeReport(document.node).encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            let changes = document.changes
            try container.encode(changes.changes.enumerated().map { ChangeEntry(number: $0.offset + 1, change: $0.element, in: changes) },
                                 forKey: .changes)
        }
        private enum Key: String, CodingKey { case changes }
    }

    public static let commands = ["review-changes"]
    public static var schema: JSONSchema {
        .object(["draft": .string, "version": .string,
                 "documents": .array(BinderNodeReport.schema(adding: ["changes": .array(ChangeEntry.schema)]))])
    }
}

/// What `review accept` or `review reject` did.
public struct ReviewDecisionReport: ActionReport {
    public var draft: String
    public var decision: ReviewDecisionAction.Decision
    public var made: DraftReview.Decision

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(draft, forKey: .draft)
        try container.encode(decision.rawValue, forKey: .decision)
        try container.encode(BinderNodeReport(made.document), forKey: .document)
        try container.encode(made.change.fingerprint, forKey: .change)
        try container.encode(made.draftVersion?.description, forKey: .draftVersion)
        try container.encode(made.remaining, forKey: .remaining)
    }

    private enum Key: String, CodingKey { case draft, decision, document, change, draftVersion, remaining }

    public static let commands = ["review-accept", "review-reject"]
    public static var schema: JSONSchema {
        .object(["draft": .string, "decision": .oneOf(["accept", "reject"]), "document": BinderNodeReport.schema(),
                 "change": .string, "draftVersion": .nullable(.string), "remaining": .integer])
    }
}

/// One change as the review reports give it: the paragraphs on each side and the words it adds and removes.
struct ChangeEntry: Encodable {
    var number: Int
    var change: ParagraphChanges.Change
    var texts: (old: [String], new: [String], added: Int, removed: Int)

    init(number: Int, change: ParagraphChanges.Change, in changes: ParagraphChanges) {
        (self.number, self.change, texts) = (number, change, changes.texts(of: change))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(number, forKey: .number)
        try container.encode(change.fingerprint, forKey: .fingerprint)
        try container.encode(change.old.lowerBound, forKey: .oldParagraph)
        try container.encode(texts.old, forKey: .old)
        try container.encode(change.new.lowerBound, forKey: .newParagraph)
        try container.encode(texts.new, forKey: .new)
        try container.encode(texts.added, forKey: .wordsAdded)
        try container.encode(texts.removed, forKey: .wordsRemoved)
        try container.encode(texts.old == texts.new, forKey: .formattingOnly)
    }

    private enum Key: String, CodingKey { case number, fingerprint, oldParagraph, old, newParagraph, new, wordsAdded, wordsRemoved, formattingOnly }

    static var schema: JSONSchema {
        .named("change", .object(["number": .integer, "fingerprint": .string, "oldParagraph": .integer, "old": .array(.string),
                                  "newParagraph": .integer, "new": .array(.string), "wordsAdded": .integer,
                                  "wordsRemoved": .integer, "formattingOnly": .boolean]))
    }
}
