import Foundation
import MsxModel
import MsxProject

/// One document compared between two states of a project (or two files).
public struct DocumentComparison: Sendable {
    public var id: String?
    public var title: String
    public var path: String
    /// How its place and metadata changed.
    public var binder: [BinderDifference]
    public var diff: DocumentDiff
    public var oldTexts: [String]
    public var newTexts: [String]
    /// The newer version's paragraphs with their formatting (for the review page).
    public var newParagraphs: [ResolvedParagraph] = []
    /// The older version's paragraphs with their formatting (for a document of tracked changes).
    public var oldParagraphs: [ResolvedParagraph] = []
    /// The older version's paragraph kinds (to name what was deleted).
    public var oldKinds: [BlockKind] = []
    /// Each version's images by paragraph: the offset of each U+FFFC and the path it shows (to show paths, not
    /// placeholders).
    public var oldImages: [[Int: String]] = []
    public var newImages: [[Int: String]] = []

    /// Two versions of one document compared (`diff` holds the comparison of their paragraphs).
    package init(id: String?, title: String, path: String, binder: [BinderDifference], diff: DocumentDiff, oldTexts: [String],
                 newTexts: [String], newParagraphs: [ResolvedParagraph] = [], oldParagraphs: [ResolvedParagraph] = [],
                 oldKinds: [BlockKind] = [], oldImages: [[Int: String]] = [], newImages: [[Int: String]] = []) {
        (self.id, self.title, self.path, self.binder, self.diff, self.oldTexts, self.newTexts) = (id, title, path, binder, diff, oldTexts, newTexts)
        (self.newParagraphs, self.oldParagraphs, self.oldKinds, self.oldImages, self.newImages) = (newParagraphs, oldParagraphs, oldKinds, oldImages, newImages)
    }

    /// The files differ but read the same: no word, formatting or binder change (a re-wrap, other Markdown markers,
    /// a sidecar written differently). `status` calls this "modified (markup only)".
    public var isMarkupOnly: Bool { diff.isEmpty && binder.isEmpty }
}

/// How a document's place or metadata differs between two states of the binder, as data; front ends word it.
public enum BinderDifference: Sendable, Equatable {
    case added, deleted, trashed, untrashed
    case renamed(from: String)
    case moved(from: String)
    /// Its file was renamed or moved outside msx from the path the binder gave it (found again by its words).
    case movedByHand(from: String)
    /// Its place among its siblings changed: it now comes before that sibling (nil: it is now last).
    case reordered(before: String?)
    /// Synopsis, label, status or target (nil: unset).
    case metadata(BinderEvent.Field, before: String?, after: String?)
    case keywords(before: [String], after: [String])
    case includedInCompile(Bool)
    /// Custom metadata keys or values changed.
    case customKeys
    /// Its notes changed, by so many words added and removed.
    case notes(wordsAdded: Int, wordsRemoved: Int)
}

/// Compares the documents of two states of a project.
public enum ProjectComparison {
    /// Compares documents between two states. Only documents whose files or binder entries differ are returned, in
    /// the newer state's binder order; those whose files differ but read the same say so (`isMarkupOnly`).
    /// - Parameter documentIDs: restricts the comparison (nil: every document).
    public static func compare(from oldSide: any ProjectReader, to newSide: any ProjectReader, documentIDs: Set<String>? = nil,
                               by unit: DiffUnit = .word) throws -> [DocumentComparison] {
        let oldBinder = oldSide.binder, newBinder = newSide.binder
        let sheets = (old: StyleSheet(manifest: oldSide.manifest), new: StyleSheet(manifest: newSide.manifest))
        var ids: [String] = newBinder.entries.filter { $0.node.kind == .document }.map(\.node.id)
        ids += oldBinder.entries.filter { $0.node.kind == .document && newBinder.node(id: $0.node.id) == nil }.map(\.node.id)
        let reordered = newBinder.reordered(since: oldBinder)
        // Which documents differ is decided in binder order, and what a side reads from one thread at a time (a
        // version's files, through one repository handle) is read then too; the documents are then read from the
        // other side, resolved and compared on all cores, a batch at a time, so that only a batch is held at once.
        var result: [DocumentComparison] = []
        var batch: [PendingComparison] = []
        func compareBatch() throws {
            result += try batch.concurrentMap { try $0.compared(oldSide, newSide, sheets, by: unit) }
            batch = []
        }
        for id in ids where documentIDs?.contains(id) ?? true {
            let before = oldBinder.node(id: id), after = newBinder.node(id: id)
            var binder = binderChanges(before, after, oldBinder, newBinder)
            if let recorded = newSide.handRenamed(id) {
                binder.removeAll { if case .moved = $0 { true } else { false } }
                binder.append(.movedByHand(from: recorded.path))
            }
            if let next = reordered[id] { binder.append(.reordered(before: next?.title)) }
            if let before, let after, binder.isEmpty, let old = try oldSide.contentIDs(of: before), try newSide.contentIDs(of: after) == old {
                continue
            }
            let oldNotes = try before.flatMap(oldSide.notes) ?? "", newNotes = try after.flatMap(newSide.notes) ?? ""
            if oldNotes != newNotes {
                let (added, removed) = WordDelta.between(oldNotes, newNotes)
                binder.append(.notes(wordsAdded: added, wordsRemoved: removed))
            }
            var pending = PendingComparison(id: id, before: before, after: after, binder: binder)
            if !oldSide.readsConcurrently { pending.oldDocument = .read(try before.flatMap(oldSide.document)) }
            if !newSide.readsConcurrently {
                let earlier: MarkdownDocument? = if case .read(let old) = pending.oldDocument { old?.markdown } else { nil }
                pending.newDocument = .read(try after.flatMap { try newSide.document($0, reusing: earlier) })
            }
            batch.append(pending)
            if batch.count == Self.batchSize { try compareBatch() }
        }
        try compareBatch()
        return result
    }

    /// How many documents are compared at once: enough to keep every core busy, few enough that a long manuscript's
    /// documents are not all held at once.
    private static let batchSize = 32

    /// What changed about a document in the binder.
    static func binderChanges(_ before: BinderNode?, _ after: BinderNode?, _ old: BinderIndex, _ new: BinderIndex) -> [BinderDifference] {
        guard let after else { return [.deleted] }
        guard let before else { return [.added] }
        var changes: [BinderDifference] = []
        if before.title != after.title { changes.append(.renamed(from: before.title)) }
        if new.isTrashed(after.id) && !old.isTrashed(before.id) {
            changes.append(.trashed)
        } else if !new.isTrashed(after.id) && old.isTrashed(before.id) {
            changes.append(.untrashed)
        } else if before.path.split(separator: "/").dropLast() != after.path.split(separator: "/").dropLast() {
            changes.append(.moved(from: before.path))
        }
        for (field, was, now): (BinderEvent.Field, String?, String?) in [
            (.synopsis, before.synopsis, after.synopsis), (.label, before.label, after.label), (.status, before.status, after.status),
            (.compileAs, before.compileAs, after.compileAs),
        ] where was != now {
            changes.append(.metadata(field, before: was, after: now))
        }
        if before.keywords != after.keywords { changes.append(.keywords(before: before.keywords, after: after.keywords)) }
        if before.target != after.target {
            changes.append(.metadata(.target, before: before.target.map(String.init), after: after.target.map(String.init)))
        }
        if before.includeInCompile != after.includeInCompile { changes.append(.includedInCompile(after.includeInCompile)) }
        if before.custom != after.custom { changes.append(.customKeys) }
        return changes
    }
}

/// Comparing two documents outside any project (`msx diff --files`), each with its sidecar when present.
public enum FileComparison {
    public static func compare(old: URL, new: URL, oldName: String, newName: String, by unit: DiffUnit = .word) throws -> DocumentComparison {
        let sheet = StyleSheet(manifest: Manifest.empty)
        // The text's string is let go before it is parsed, and the file's bytes before the paragraphs are resolved:
        // a long document is then held about once at a time. The newer file takes the pieces of the older one's
        // Markdown it still holds.
        func read(_ url: URL, _ name: String, reusing earlier: MarkdownDocument?) throws -> RichDocument {
            let bytes = Array(try FileIO.readText(url, displayPath: name).utf8)
            let sidecarURL = url.deletingPathExtension().appendingPathExtension("attrs.json")
            let sidecar = FileIO.exists(sidecarURL)
                ? try Sidecar(json: try FileIO.readText(sidecarURL, displayPath: sidecarURL.lastPathComponent), file: sidecarURL.lastPathComponent)
                : nil
            return RichDocument(markdown: MarkdownDocument(bytes: bytes, sourceMap: false, reusing: earlier), sidecar: sidecar)
        }
        let older = try read(old, oldName, reusing: nil)
        let sides = [older, try read(new, newName, reusing: older.markdown)].map { ($0.markdown.blocks, $0.formatting) }
        // The two versions are resolved on two cores; long ones (over 4 MB together) one after the other, so that
        // the working memory is needed once at a time (`make bench` measures the peak memory).
        let size = sides.reduce(0) { $0 + $1.0.reduce(0) { $0 + $1.text.utf8.count } }
        let resolve = { @Sendable (side: ([MarkdownBlock], DocumentFormatting)) in RichDocument.resolved(side.0, side.1, with: sheet) }
        let loaded = size < 4_000_000 ? sides.concurrentMap(resolve) : sides.map(resolve)
        let before = loaded[0], after = loaded[1]
        return DocumentComparison(id: nil, title: "\(oldName) -> \(newName)", path: newName, binder: [], diff: DocumentDiff(old: before, new: after, by: unit),
                                  oldTexts: before.map(\.text), newTexts: after.map(\.text), newParagraphs: after, oldParagraphs: before, oldKinds: before.map(\.kind),
                                  oldImages: before.map(\.imagePaths), newImages: after.map(\.imagePaths))
    }
}

/// A document found to differ, waiting to be compared: its binder entries in both states, how its place and
/// metadata changed, and each side's document when that side was read in binder order.
private struct PendingComparison: Sendable {
    /// A side's document: read already (nil inside when its file is not there), or to be read when compared.
    enum Side: Sendable {
        case toRead
        case read(RichDocument?)
    }

    let id: String
    let before: BinderNode?, after: BinderNode?
    let binder: [BinderDifference]
    var oldDocument = Side.toRead, newDocument = Side.toRead

    init(id: String, before: BinderNode?, after: BinderNode?, binder: [BinderDifference]) {
        (self.id, self.before, self.after, self.binder) = (id, before, after, binder)
    }

    /// The two versions' paragraphs compared, each side's document read now when it was not.
    func compared(_ oldSide: any ProjectReader, _ newSide: any ProjectReader, _ sheets: (old: StyleSheet, new: StyleSheet),
                  by unit: DiffUnit) throws -> DocumentComparison {
        // The newer side takes the pieces of the older one's Markdown its file still holds.
        func document(_ side: Side, _ node: BinderNode?, _ reader: any ProjectReader, reusing earlier: MarkdownDocument?) throws -> RichDocument? {
            switch side {
            case .read(let document): document
            case .toRead: try node.flatMap { try reader.document($0, reusing: earlier) }
            }
        }
        let old = try document(oldDocument, before, oldSide, reusing: nil)
        let new = try document(newDocument, after, newSide, reusing: old?.markdown)
        let oldParagraphs = old?.resolved(with: sheets.old) ?? []
        let newParagraphs = new?.resolved(with: sheets.new) ?? []
        let diff = DocumentDiff(old: oldParagraphs, new: newParagraphs, by: unit)
        let node = after ?? before!
        return DocumentComparison(id: id, title: node.title, path: node.path, binder: binder, diff: diff,
                                  oldTexts: oldParagraphs.map(\.text), newTexts: newParagraphs.map(\.text),
                                  newParagraphs: newParagraphs, oldParagraphs: oldParagraphs, oldKinds: oldParagraphs.map(\.kind),
                                  oldImages: oldParagraphs.map(\.imagePaths), newImages: newParagraphs.map(\.imagePaths))
    }
}
