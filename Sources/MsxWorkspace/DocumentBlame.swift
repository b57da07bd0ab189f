import Foundation
import MsxDiff
import MsxGit
import MsxHistory
import MsxModel
import MsxProject

/// Where one paragraph of a document comes from: the version that last changed its words and, apart, the version
/// that last changed its formatting.
public struct ParagraphBlame: Sendable {
    /// 0-based, in the document as blamed.
    public var index: Int
    public var text: String
    /// The version that last changed the paragraph's words; nil when they changed since the last snapshot.
    public var words: LogEntry?
    /// The version that last changed its formatting (its attributes, its style, the formatting of its words); nil
    /// when it changed since the last snapshot.
    public var formatting: LogEntry?
}

extension ProjectHistory {
    /// Each paragraph of the document `documentID` at `version` (nil: today's files, after the last version) with the
    /// versions that last changed its words and its formatting.
    ///
    /// The document's versions are followed by id (across renames, moves and the Trash), oldest first; between each
    /// two, paragraphs are matched as `diff` matches them: a paragraph that is the same, or moved unchanged, keeps its
    /// origin; an edited or new one gets the newer version for its words; one whose attributes or the formatting of
    /// its words changed (or a new one) gets it for its formatting. A version in which the document did not exist
    /// (deleted, then restored) is passed over: the words that come back keep their origin.
    ///
    /// Every version is read with one style sheet, the blamed state's: the document's own formatting is traced (its
    /// sidecar, its Markdown, its paragraphs' styles). A change to the project's defaults or to a style's definition
    /// is a change of the project, which `diff` reports on a line of its own; read with each version's own sheet, it
    /// was laid on whichever version of the document came next, or on today's files.
    public func blame(documentID: String, at version: GitOID? = nil) throws -> [ParagraphBlame] {
        let start = try version ?? head()
        let versions = try start.map { try log(of: documentID, withChanges: false, from: $0).reversed() } ?? []
        let sheet = try version.map { StyleSheet(manifest: try manifest(at: $0) ?? project.manifest) } ?? project.styleSheet
        var previous: [ResolvedParagraph]?
        var origins: [(words: LogEntry?, formatting: LogEntry?)] = []
        var lastFiles: [GitOID?]?
        // Versions wait here a batch at a time, their files read from the repository (on this thread): each is
        // parsed with what it keeps of the one before it, then resolved and compared with it on all cores, then
        // their comparisons are followed in order. (A batch, so that a long document's many versions are not all
        // held.)
        var pending: [(files: (markdown: String, sidecar: Sidecar?), entry: LogEntry)] = []
        var lastMarkdown: MarkdownDocument?
        let bases = project.bases
        func follow(_ diff: DocumentDiff, to paragraphs: [ResolvedParagraph], by entry: LogEntry?) {
            let reformatted = Set(diff.formatting.map(\.newParagraph) + diff.paragraphFormatting.map(\.newParagraph))
            var next = [(words: LogEntry?, formatting: LogEntry?)](repeating: (entry, entry), count: paragraphs.count)
            for operation in diff.operations {
                switch operation {
                case .equal(let o, let n):
                    next[n] = (origins[o].words, reformatted.contains(n) ? entry : origins[o].formatting)
                case .move(let o, let n, let edits), .modify(let o, let n, let edits):
                    let reworded = edits.contains { $0.kind != .equal }
                    next[n] = (reworded ? entry : origins[o].words, reformatted.contains(n) ? entry : origins[o].formatting)
                case .insert, .delete:
                    break
                }
            }
            origins = next
            previous = paragraphs
        }
        func flush() {
            let batch = pending
            pending = []
            let documents = batch.map { version in
                let document = Self.document(version.files, bases: bases, reusing: lastMarkdown)
                lastMarkdown = document.markdown
                return document
            }
            var states = Array(batch.indices).concurrentMap { index in
                (paragraphs: documents[index].resolved(with: sheet), entry: Optional(batch[index].entry))
            }[...]
            if previous == nil, let first = states.popFirst() {
                origins = first.paragraphs.map { _ in (first.entry, first.entry) }
                previous = first.paragraphs
            }
            guard let before = previous, !states.isEmpty else { return }
            let pairs = Array(zip([before] + states.dropLast().map(\.paragraphs), states.map(\.paragraphs)))
            let diffs = pairs.concurrentMap { old, new in DocumentDiff(old: old, new: new) }
            for (diff, state) in zip(diffs, states) { follow(diff, to: state.paragraphs, by: state.entry) }
        }
        for entry in versions {
            guard let manifest = try manifest(at: entry.version), let node = manifest.node(id: documentID), node.kind == .document
            else { continue }
            // A version that left the document's files as they were (a move, metadata, its notes) changes no paragraph.
            let files = try [node.path, node.sidecarPath].map { try $0.flatMap { try repository.entry(at: gitPath($0), in: entry.version) } }
            guard files[0] != nil else { continue }
            if files == lastFiles { continue }
            lastFiles = files
            guard let read = try documentFiles(node, at: entry.version) else { continue }
            pending.append((read, entry))
            if pending.count == 32 { flush() }
        }
        flush()
        if version == nil, let node = project.manifest.node(id: documentID), node.kind == .document {
            guard FileIO.exists(try project.url(node.path)) else {
                throw MsxError(.missingFile, "\(node.path): the file of '\(node.title)' is missing (msx check --repair finds or restores it)")
            }
            let today = try project.loadDocument(node, sourceMap: false, reusing: lastMarkdown).resolved(with: sheet)
            if let before = previous {
                follow(DocumentDiff(old: before, new: today), to: today, by: nil)
            } else {
                (origins, previous) = (today.map { _ in (nil, nil) }, today)
            }
        }
        guard let paragraphs = previous else {
            throw MsxError(.unknownReference, "the document \(documentID) has no text to blame")
        }
        return paragraphs.enumerated().map { i, paragraph in
            ParagraphBlame(index: i, text: paragraph.text, words: origins[i].words, formatting: origins[i].formatting)
        }
    }
}
