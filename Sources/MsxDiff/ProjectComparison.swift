import Foundation
import MsxHistory
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

    /// The files differ but read the same: no word, formatting or binder change (a re-wrap, other Markdown markers,
    /// a sidecar written differently). `status` calls this "modified (markup only)".
    public var isMarkupOnly: Bool { diff.isEmpty && binder.isEmpty }
}

/// A state of the project to compare: the working copy or a version.
public enum ProjectState: Sendable {
    case working
    case version(GitOID)
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

extension ProjectHistory {
    /// Compares documents between two states (default: the last snapshot and the working copy). Only documents
    /// whose files or binder entries differ are returned, in the newer state's binder order; those whose files differ
    /// but read the same say so (`isMarkupOnly`).
    /// - Parameter documentIDs: restricts the comparison (nil: every document).
    public func compare(from old: ProjectState, to new: ProjectState, documentIDs: Set<String>? = nil, by unit: DiffUnit = .word) throws -> [DocumentComparison] {
        let oldSide = try side(old), newSide = try side(new)
        var ids: [String] = newSide.binder.entries.filter { $0.node.kind == .document }.map(\.node.id)
        ids += oldSide.binder.entries.filter { $0.node.kind == .document && newSide.binder.node(id: $0.node.id) == nil }.map(\.node.id)
        let reordered = newSide.binder.reordered(since: oldSide.binder)
        var result: [DocumentComparison] = []
        for id in ids where documentIDs?.contains(id) ?? true {
            let before = oldSide.binder.node(id: id), after = newSide.binder.node(id: id)
            var binder = Self.binderChanges(before, after, oldSide.binder, newSide.binder)
            if let recorded = newSide.handRenamed(id) {
                binder.removeAll { if case .moved = $0 { true } else { false } }
                binder.append(.movedByHand(from: recorded.path))
            }
            if let next = reordered[id] { binder.append(.reordered(before: next?.title)) }
            if let before, let after, binder.isEmpty, try oldSide.fingerprint(before) == newSide.fingerprint(after) { continue }
            let oldNotes = try before.flatMap(oldSide.notes) ?? "", newNotes = try after.flatMap(newSide.notes) ?? ""
            if oldNotes != newNotes {
                let (added, removed) = WordDelta.between(oldNotes, newNotes)
                binder.append(.notes(wordsAdded: added, wordsRemoved: removed))
            }
            let oldParagraphs = try before.map { try oldSide.resolved($0) } ?? []
            let newParagraphs = try after.map { try newSide.resolved($0) } ?? []
            let diff = DocumentDiff(old: oldParagraphs, new: newParagraphs, by: unit)
            let node = after ?? before!
            result.append(DocumentComparison(id: id, title: node.title, path: node.path, binder: binder, diff: diff,
                                             oldTexts: oldParagraphs.map(\.text), newTexts: newParagraphs.map(\.text),
                                             newParagraphs: newParagraphs, oldParagraphs: oldParagraphs, oldKinds: oldParagraphs.map(\.kind),
                                             oldImages: oldParagraphs.map(\.imagePaths), newImages: newParagraphs.map(\.imagePaths)))
        }
        return result
    }

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

    /// One state's binder and documents.
    private struct Side {
        var binder: BinderIndex
        var sheet: StyleSheet
        var load: (BinderNode) throws -> RichDocument?
        var fingerprint: (BinderNode) throws -> String
        var notes: (BinderNode) throws -> String?
        /// A document read where its file was found after a rename outside msx: as the binder lists it.
        var handRenamed: (String) -> BinderNode? = { _ in nil }

        func resolved(_ node: BinderNode) throws -> [ResolvedParagraph] {
            try load(node)?.resolved(with: sheet) ?? []
        }
    }

    private func side(_ state: ProjectState) throws -> Side {
        switch state {
        case .working:
            return Side(
                binder: BinderIndex(project.manifest), sheet: project.styleSheet,
                load: { node in FileIO.exists(try project.url(node.path)) ? try project.loadDocument(node, sourceMap: false) : nil },
                fingerprint: { node in
                    try node.files.map { path -> String in
                        let url = try project.url(path)
                        return FileIO.exists(url) ? try repository.hash(FileIO.readData(url, displayPath: path)).description : "-"
                    }.joined(separator: "/")
                },
                notes: { node in try project.notes(of: node) },
                handRenamed: { id in project.handRenamed[id] })
        case .version(let id):
            guard let manifest = try manifest(at: id), let binder = try binder(at: id) else {
                throw MsxError(.notAtRevision, "the project did not exist at version \(id.short)")
            }
            return Side(
                binder: binder, sheet: StyleSheet(manifest: manifest),
                load: { node in try cachedDocument(node, at: id) },
                fingerprint: { node in
                    try node.files.map { path in
                        try repository.entry(at: gitPath(path), in: id)?.description ?? "-"
                    }.joined(separator: "/")
                },
                notes: { node in try notes(of: node, at: id) })
        }
    }
}

/// Comparing two documents outside any project (`msx diff --files`), each with its sidecar when present.
public enum FileComparison {
    public static func compare(old: URL, new: URL, oldName: String, newName: String, by unit: DiffUnit = .word) throws -> DocumentComparison {
        let sheet = StyleSheet(manifest: Manifest.empty)
        // The text's string is let go before it is parsed, and the file's bytes before the paragraphs are resolved:
        // a long document is then held about once at a time.
        @Sendable func parts(_ url: URL, _ name: String) throws -> (blocks: [MarkdownBlock], formatting: DocumentFormatting) {
            let bytes = Array(try FileIO.readText(url, displayPath: name).utf8)
            let sidecarURL = url.deletingPathExtension().appendingPathExtension("attrs.json")
            let sidecar = FileIO.exists(sidecarURL)
                ? try Sidecar(json: try FileIO.readText(sidecarURL, displayPath: sidecarURL.lastPathComponent), file: sidecarURL.lastPathComponent)
                : nil
            let document = RichDocument(markdown: MarkdownDocument(bytes: bytes, sourceMap: false), sidecar: sidecar)
            return (document.markdown.blocks, document.formatting)
        }
        @Sendable func load(_ url: URL, _ name: String) throws -> [ResolvedParagraph] {
            let (blocks, formatting) = try parts(url, name)
            return RichDocument.resolved(blocks, formatting, with: sheet)
        }
        // The two versions are read on two cores; long ones (over 4 MB together) one after the other, so that the
        // parser's working memory is needed once at a time (peak memory stays under 5x the input: `make bench`).
        let sides = [(old, oldName), (new, newName)]
        let size = sides.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.0.path)[.size] as? Int) ?? 0) }
        let loaded = size < 4_000_000 ? try sides.concurrentMap { try load($0.0, $0.1) } : try sides.map { try load($0.0, $0.1) }
        let before = loaded[0], after = loaded[1]
        return DocumentComparison(id: nil, title: "\(oldName) -> \(newName)", path: newName, binder: [], diff: DocumentDiff(old: before, new: after, by: unit),
                                  oldTexts: before.map(\.text), newTexts: after.map(\.text), newParagraphs: after, oldParagraphs: before, oldKinds: before.map(\.kind),
                                  oldImages: before.map(\.imagePaths), newImages: after.map(\.imagePaths))
    }
}
