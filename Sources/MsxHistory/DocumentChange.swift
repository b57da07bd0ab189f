import MsxModel

/// How one document differs from its last snapshot.
public struct DocumentChange: Sendable {
    /// The document now (for a deleted document: as it was in the last snapshot).
    public var node: BinderNode
    /// The document in the last snapshot, nil when it is new.
    public var snapshotNode: BinderNode?
    public var isNew = false
    public var isDeleted = false
    public var text = false
    public var formatting = false
    public var metadata = false
    /// Its notes (`NAME.notes.md`) changed.
    public var notes = false
    public var moved = false
    /// Its file was renamed or moved outside msx from this path (the binder's), found again by its words.
    public var handRenamedFrom: String?
    public var renamed = false
    public var trashed = false
    public var untrashed = false
    /// Its place among its siblings changed (the folder is the same).
    public var reordered = false
    /// When reordered: the sibling it now comes before (nil: it is now last).
    public var nowBefore: BinderNode?
    /// Words added and removed since the snapshot (filled in when the document's files changed).
    public var wordsAdded = 0
    public var wordsRemoved = 0
    /// The document's files differ from the snapshot (even where the model reads the same, e.g. a re-wrap).
    public package(set) var filesChanged = false

    public var hasChanges: Bool {
        isNew || isDeleted || text || formatting || metadata || notes || moved || renamed || trashed || untrashed || reordered
            || filesChanged
    }
}

extension BinderNode {
    /// Whether the writer-set metadata (not title or place) differs.
    func metadataDiffers(from other: BinderNode) -> Bool {
        synopsis != other.synopsis || label != other.label || status != other.status || keywords != other.keywords
            || includeInCompile != other.includeInCompile || compileAs != other.compileAs || target != other.target
            || custom != other.custom
    }
}

extension RichDocument {
    /// What a reader sees as formatting, wherever it sits: each formatted stretch's words with its attribute, and
    /// each paragraph that is more than plain body text. Typing plain words changes nothing here; bolding a word,
    /// or changing a heading, does.
    var formattingSignature: [String] {
        var items: [String] = []
        for (i, block) in markdown.blocks.enumerated() {
            let units = Array(block.text.utf16)
            let own = formatting.paragraphs[i]
            if block.kind != .paragraph || block.quoteDepth > 0 || !own.attributes.isEmpty {
                items.append("P|\(block.kind)|\(block.quoteDepth)|\(String(describing: block.list?.taskChecked))|" + JSONWriter.string(.object(own.attributes.json), pretty: false))
            }
            for span in block.spans {
                items.append("S|\(Context.slice(units, span.range.lowerBound, span.range.upperBound))|\(span.attribute)")
            }
            for run in own.runs {
                items.append("R|\(Context.slice(units, run.range.lowerBound, run.range.upperBound))|" + JSONWriter.string(.object(run.attributes.json), pretty: false))
            }
        }
        return items.sorted()
    }
}
