import MsxModel

/// The differences between two versions of a document: text, word by word, and formatting, named attribute by
/// attribute. Built hierarchically: paragraphs first (equal ones skipped at once; changed ones paired by
/// similarity; moved ones recognised), then words inside each changed paragraph, then formatting over the words
/// both versions share.
public struct DocumentDiff: Sendable {
    /// A stretch of a changed paragraph's words.
    public struct TextEdit: Sendable, Equatable {
        public enum Kind: String, Sendable { case equal, insert, delete }
        public var kind: Kind
        /// UTF-16 ranges in the old and new paragraph (an insert has an empty old range at its place, a delete an
        /// empty new range).
        public var old: Range<Int>
        public var new: Range<Int>
        public var text: String

        public init(kind: Kind, old: Range<Int>, new: Range<Int>, text: String) {
            self.kind = kind
            self.old = old
            self.new = new
            self.text = text
        }
    }

    /// What happened to a paragraph.
    public enum ParagraphOperation: Sendable {
        case equal(old: Int, new: Int)
        case insert(new: Int)
        case delete(old: Int)
        /// The same paragraph, edited.
        case modify(old: Int, new: Int, edits: [TextEdit])
        /// A paragraph moved elsewhere (with its edits, if any).
        case move(old: Int, new: Int, edits: [TextEdit])
    }

    /// A character attribute changed over a stretch of words both versions share.
    public struct FormatChange: Sendable, Equatable {
        public var attribute: AttributeKey
        public var before: JSONValue
        public var after: JSONValue
        public var oldParagraph: Int
        public var newParagraph: Int
        public var old: Range<Int>
        public var new: Range<Int>
        public var text: String
    }

    /// A paragraph attribute changed (style, alignment, indents, spacing, list format, checklist, heading level).
    public struct ParagraphChange: Sendable, Equatable {
        public var attribute: AttributeKey
        public var before: JSONValue
        public var after: JSONValue
        public var oldParagraph: Int
        public var newParagraph: Int
    }

    /// A paragraph split in two, or two joined into one: the operations still say what happened to each paragraph
    /// (an edit and an insertion, an edit and a deletion); this names it, and its words are not counted as changed.
    public struct StructureChange: Sendable, Equatable {
        public enum Kind: String, Sendable { case split, join }
        public var kind: Kind
        public var oldParagraphs: [Int]
        public var newParagraphs: [Int]
    }

    public var operations: [ParagraphOperation] = []
    public var structure: [StructureChange] = []
    public var sentenceMoves: [SentenceMove] = []
    public var formatting: [FormatChange] = []
    public var paragraphFormatting: [ParagraphChange] = []
    public var wordsAdded = 0
    public var wordsRemoved = 0
    public var wordsMoved = 0

    /// Whether the two versions read the same and look the same.
    public var isEmpty: Bool {
        formatting.isEmpty && paragraphFormatting.isEmpty && operations.allSatisfy {
            if case .equal = $0 { return true }
            return false
        }
    }

    /// Compares two resolved documents; changed paragraphs are compared `by` words (default), sentences, whole
    /// paragraphs or characters.
    public init(old: [ResolvedParagraph], new: [ResolvedParagraph], by unit: DiffUnit = .word) {
        let pairs = ParagraphMatcher.match(old.map(\.text), new.map(\.text))
        // Edited paragraphs are compared word by word on all cores, then assembled in order.
        let edited = pairs.compactMap { pair -> (Int, Int)? in
            if case .edited(let o, let n, _) = pair { return (o, n) } else { return nil }
        }
        let editLists = edited.concurrentMap { o, n in WordDiff.edits(old[o].text, new[n].text, by: unit) }
        var nextEdits = 0
        for pair in pairs {
            switch pair {
            case .same(let o, let n):
                operations.append(.equal(old: o, new: n))
                compareFormatting(old[o], new[n], edits: nil)
            case .edited(let o, let n, let moved):
                let edits = editLists[nextEdits]
                nextEdits += 1
                operations.append(moved ? .move(old: o, new: n, edits: edits) : .modify(old: o, new: n, edits: edits))
                for edit in edits {
                    switch edit.kind {
                    case .insert: wordsAdded += WordCount.count(edit.text)
                    case .delete: wordsRemoved += WordCount.count(edit.text)
                    case .equal: if moved { wordsMoved += WordCount.count(edit.text) }
                    }
                }
                compareFormatting(old[o], new[n], edits: edits)
            case .added(let n):
                operations.append(.insert(new: n))
                wordsAdded += WordCount.count(new[n].text)
            case .removed(let o):
                operations.append(.delete(old: o))
                wordsRemoved += WordCount.count(old[o].text)
            }
        }
        recogniseSplitsAndJoins(old: old.map(\.text), new: new.map(\.text), by: unit)
        recogniseSentenceMoves(old: old.map(\.text), new: new.map(\.text))
    }

    // MARK: Splits and joins

    /// An edited paragraph next to an inserted one whose texts together are the old paragraph is a split; next to
    /// a deleted one whose texts together are the new paragraph, a join. Their words are counted again as one
    /// paragraph against the two (a split changes no word).
    private mutating func recogniseSplitsAndJoins(old: [String], new: [String], by unit: DiffUnit) {
        var i = 0
        while i + 1 < operations.count {
            defer { i += 1 }
            let change: StructureChange
            switch (operations[i], operations[i + 1]) {
            case (.modify(let o, let n, _), .insert(let m)) where m == n + 1,
                 (.insert(let m), .modify(let o, let n, _)) where n == m + 1:
                change = StructureChange(kind: .split, oldParagraphs: [o], newParagraphs: [min(n, m), max(n, m)])
            case (.modify(let o, let n, _), .delete(let p)) where p == o + 1,
                 (.delete(let p), .modify(let o, let n, _)) where o == p + 1:
                change = StructureChange(kind: .join, oldParagraphs: [min(o, p), max(o, p)], newParagraphs: [n])
            default:
                continue
            }
            let before = change.oldParagraphs.map { old[$0] }.joined(separator: " ")
            let after = change.newParagraphs.map { new[$0] }.joined(separator: " ")
            let together = WordDiff.edits(before, after, by: unit)
            let changedTogether = Self.changedWords(together)
            let first = Self.changedWords(operations[i], old: old, new: new)
            let second = Self.changedWords(operations[i + 1], old: old, new: new)
            let changedApart = (added: first.added + second.added, removed: first.removed + second.removed)
            // Only when the two read as one paragraph: few words differ, far fewer than counted apart.
            guard changedTogether.added + changedTogether.removed <= max(2, WordCount.count(before) / 10),
                changedTogether.added + changedTogether.removed < changedApart.added + changedApart.removed
            else { continue }
            wordsAdded += changedTogether.added - changedApart.added
            wordsRemoved += changedTogether.removed - changedApart.removed
            structure.append(change)
            i += 1
        }
    }

    private static func changedWords(_ edits: [TextEdit]) -> (added: Int, removed: Int) {
        edits.reduce((0, 0)) { total, edit in
            switch edit.kind {
            case .insert: return (total.0 + WordCount.count(edit.text), total.1)
            case .delete: return (total.0, total.1 + WordCount.count(edit.text))
            case .equal: return total
            }
        }
    }

    private static func changedWords(_ operation: ParagraphOperation, old: [String], new: [String]) -> (added: Int, removed: Int) {
        switch operation {
        case .modify(_, _, let edits), .move(_, _, let edits): return changedWords(edits)
        case .insert(let n): return (WordCount.count(new[n]), 0)
        case .delete(let o): return (0, WordCount.count(old[o]))
        case .equal: return (0, 0)
        }
    }

    // MARK: Formatting

    static let characterAttributes: [AttributeKey] = [
        .bold, .italic, .underline, .strikethrough, .code, .link, .fontFamily, .fontSize, .foregroundColor,
        .backgroundColor,
    ]
    static let paragraphAttributes: [AttributeKey] = [
        .style, .headingLevel, .alignment, .firstLineHeadIndent, .headIndent, .tailIndent, .lineHeightMultiple,
        .lineSpacing, .paragraphSpacingBefore, .paragraphSpacing, .tabStops, .listFormat, .checklist, .quoteDepth,
    ]

    /// Compares attributes over the characters both paragraphs share (all of them when `edits` is nil). Formatting
    /// of inserted text is part of the insertion, not a separate change.
    private mutating func compareFormatting(_ old: ResolvedParagraph, _ new: ResolvedParagraph, edits: [TextEdit]?) {
        for key in Self.paragraphAttributes {
            let before = old.attributes[key] ?? .null, after = new.attributes[key] ?? .null
            if before != after {
                paragraphFormatting.append(ParagraphChange(attribute: key, before: before, after: after, oldParagraph: old.index, newParagraph: new.index))
            }
        }
        let shared: [(old: Range<Int>, new: Range<Int>)] = edits.map { list in
            list.filter { $0.kind == .equal }.map { ($0.old, $0.new) }
        } ?? [(0..<old.text.utf16.count, 0..<new.text.utf16.count)]
        // An unchanged paragraph whose runs are the same has nothing to report: most paragraphs stop here.
        if edits == nil, old.runs.map(\.attributes) == new.runs.map(\.attributes), old.runs.map(\.range) == new.runs.map(\.range) { return }
        let newUnits = Array(new.text.utf16)
        let firstNew = formatting.count
        var open: [AttributeKey: FormatChange] = [:]
        func close(_ key: AttributeKey) {
            if var change = open.removeValue(forKey: key) {
                change.text = Context.slice(newUnits, change.new.lowerBound, change.new.upperBound)
                formatting.append(change)
            }
        }
        // Walk the shared stretches piece by piece, a piece being where neither version's run changes: memory and
        // time grow with the number of runs, not of characters.
        for (oldRange, newRange) in shared {
            var o = oldRange.lowerBound, n = newRange.lowerBound
            while n < newRange.upperBound {
                let oldRun = old.runs.first { $0.range.contains(o) }, newRun = new.runs.first { $0.range.contains(n) }
                let length = min((oldRun?.range.upperBound ?? oldRange.upperBound) - o, (newRun?.range.upperBound ?? newRange.upperBound) - n,
                                 newRange.upperBound - n)
                guard length > 0 else { break }
                for key in Self.characterAttributes {
                    let before = oldRun?.attributes[key] ?? .null, after = newRun?.attributes[key] ?? .null
                    if before == after { close(key); continue }
                    if let current = open[key], current.before == before, current.after == after,
                        current.new.upperBound == n, current.old.upperBound == o
                    {
                        open[key]!.new = current.new.lowerBound..<(n + length)
                        open[key]!.old = current.old.lowerBound..<(o + length)
                    } else {
                        close(key)
                        open[key] = FormatChange(attribute: key, before: before, after: after, oldParagraph: old.index,
                                                 newParagraph: new.index, old: o..<(o + length), new: n..<(n + length), text: "")
                    }
                }
                o += length
                n += length
            }
            for key in Self.characterAttributes { close(key) }
        }
        formatting[firstNew...].sort { (Self.characterAttributes.firstIndex(of: $0.attribute) ?? 0, $0.new.lowerBound)
            < (Self.characterAttributes.firstIndex(of: $1.attribute) ?? 0, $1.new.lowerBound) }
    }

}
