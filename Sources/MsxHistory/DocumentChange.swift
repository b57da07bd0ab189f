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
    /// each paragraph that is more than plain body text, each counted as often as it occurs. Typing plain words
    /// changes nothing here; bolding a word, or changing a heading, does.
    var formattingSignature: [FormattingItem: Int] {
        var items: [FormattingItem: Int] = [:]
        for (i, block) in markdown.blocks.enumerated() {
            let own = formatting.paragraphs[i]
            if block.kind != .paragraph || block.quoteDepth > 0 || !own.attributes.isEmpty {
                let item = FormattingItem.paragraph(kind: block.kind, quoteDepth: block.quoteDepth,
                                                    taskChecked: block.list.map(\.taskChecked),
                                                    attributes: JSONWriter.string(.object(own.attributes.json), pretty: false))
                items[item, default: 0] += 1
            }
            // Most paragraphs carry no formatting: their text is not copied out.
            guard !block.spans.isEmpty || !own.runs.isEmpty else { continue }
            let units = Array(block.text.utf16)
            for span in block.spans {
                let text = Context.slice(units, span.range.lowerBound, span.range.upperBound)
                items[.span(text: text, attribute: span.attribute), default: 0] += 1
            }
            for run in own.runs {
                let item = FormattingItem.run(text: Context.slice(units, run.range.lowerBound, run.range.upperBound),
                                              attributes: JSONWriter.string(.object(run.attributes.json), pretty: false))
                items[item, default: 0] += 1
            }
        }
        return items
    }
}

/// One thing a reader sees as formatting, for `formattingSignature`: compared as values, never written out.
enum FormattingItem: Hashable {
    /// A paragraph that is more than plain body text: its kind, quote depth, task box (nil outside a list) and
    /// paragraph attributes (their canonical JSON).
    case paragraph(kind: BlockKind, quoteDepth: Int, taskChecked: Bool??, attributes: String)
    /// Words under a Markdown attribute.
    case span(text: String, attribute: InlineAttribute)
    /// Words under sidecar attributes (their canonical JSON).
    case run(text: String, attributes: String)
}
