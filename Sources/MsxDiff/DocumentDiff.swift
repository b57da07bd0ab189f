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
        /// The text the edit is about: the old paragraph's for `equal` and `delete`, the new one's for `insert`. The
        /// word-by-word edits of a document's diff look into the paragraphs' texts rather than copy them, so that a
        /// diff of two manuscripts does not hold their unchanged words twice.
        public var characters: Substring

        /// The edit's text as a string of its own.
        public var text: String {
            get { String(characters) }
            set { characters = newValue[...] }
        }

        public init(kind: Kind, old: Range<Int>, new: Range<Int>, text: String) {
            self.kind = kind
            self.old = old
            self.new = new
            self.characters = text[...]
        }

        /// An edit placed before its characters are cut from its paragraphs (the word diff places every edit, then
        /// cuts the characters of those it keeps).
        init(kind: Kind, old: Range<Int>, new: Range<Int>) {
            self.init(kind: kind, old: old, new: new, text: "")
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
        let oldTexts = old.map(\.text), newTexts = new.map(\.text)
        let pairs = ParagraphMatcher.match(oldTexts, newTexts)
        // Edited paragraphs are compared word by word on all cores, then assembled in order.
        let edited = pairs.compactMap { pair -> (Int, Int)? in
            if case .edited(let o, let n, _) = pair { return (o, n) } else { return nil }
        }
        var editLists = edited.concurrentMap { o, n in WordDiff.edits(oldTexts[o], newTexts[n], by: unit) }[...]
        operations = pairs.map { pair in
            switch pair {
            case .same(let o, let n): return .equal(old: o, new: n)
            case .edited(let o, let n, let moved):
                let edits = editLists.removeFirst()
                return moved ? .move(old: o, new: n, edits: edits) : .modify(old: o, new: n, edits: edits)
            case .added(let n): return .insert(new: n)
            case .removed(let o): return .delete(old: o)
            }
        }
        realignChangedStretches(oldTexts, newTexts, by: unit)
        var attributesCompared = Set<Int>()
        for operation in operations {
            switch operation {
            case .equal(let o, let n):
                compareFormatting(old[o], new[n], edits: nil, paragraphAttributes: true)
            case .modify(let o, let n, let edits), .move(let o, let n, let edits):
                if case .move = operation {
                    for edit in edits where edit.kind == .equal { wordsMoved += WordCount.count(edit.characters) }
                }
                // A joined paragraph takes the paragraph attributes of its first piece.
                compareFormatting(old[o], new[n], edits: edits, paragraphAttributes: attributesCompared.insert(n).inserted)
            case .insert, .delete:
                break
            }
        }
        recogniseSentenceMoves(old: oldTexts, new: newTexts)
        countWordsAddedAndRemoved(oldTexts, newTexts)
    }

    /// The words added and removed, counted by the one rule a snapshot records them by (and log and stats report):
    /// each word the texts hold more often on one side than the other. Paragraphs that stayed the same hold the same
    /// words on both sides and cancel out; each changed one is paired with what it became, so that only the stretch
    /// the two differ in is read (words never run across paragraphs, and `WordDelta` cuts a text only between words).
    private mutating func countWordsAddedAndRemoved(_ oldTexts: [String], _ newTexts: [String]) {
        var oldDone = Set<Int>(), newDone = Set<Int>()
        var pairs: [(old: String, new: String)] = []
        for operation in operations {
            switch operation {
            case .equal(let o, let n):
                oldDone.insert(o)
                newDone.insert(n)
            case .modify(let o, let n, _), .move(let o, let n, _):
                guard !oldDone.contains(o), !newDone.contains(n) else { continue }
                oldDone.insert(o)
                newDone.insert(n)
                pairs.append((oldTexts[o], newTexts[n]))
            case .insert, .delete:
                break
            }
        }
        pairs += oldTexts.indices.filter { !oldDone.contains($0) }.map { (oldTexts[$0], "") }
        pairs += newTexts.indices.filter { !newDone.contains($0) }.map { ("", newTexts[$0]) }
        (wordsAdded, wordsRemoved) = WordDelta.between(pairs)
    }

    // MARK: Splits and joins

    /// Each stretch of changed paragraphs (edited, inserted, deleted: not moved) is compared again as one text; where
    /// that finds fewer changed words, its operations are replaced by the realigned ones, and the splits and joins
    /// it found are named.
    private mutating func realignChangedStretches(_ old: [String], _ new: [String], by unit: DiffUnit) {
        // The stretches, each with the operation that ends it (an equal or moved paragraph; none for the last).
        var stretches: [(operations: [ParagraphOperation], end: ParagraphOperation?)] = []
        var stretch: [ParagraphOperation] = []
        for operation in operations {
            switch operation {
            case .modify, .insert, .delete: stretch.append(operation)
            case .equal, .move:
                stretches.append((stretch, operation))
                stretch = []
            }
        }
        stretches.append((stretch, nil))
        // Each stretch is read on its own, so all of them on all cores.
        let readings = stretches.map(\.operations).concurrentMap { Self.realigned($0, old, new, by: unit) }
        var result: [ParagraphOperation] = []
        for (stretch, reading) in zip(stretches, readings) {
            result += reading?.operations ?? stretch.operations
            structure += reading?.structure ?? []
            if let end = stretch.end { result.append(end) }
        }
        operations = result
    }

    /// A stretch's operations read again as one text, with the splits and joins found, when that finds fewer
    /// changed words (or as few, explained by a split or join); nil when the stretch stays as it is.
    private static func realigned(_ stretch: [ParagraphOperation], _ old: [String], _ new: [String],
                                  by unit: DiffUnit) -> (operations: [ParagraphOperation], structure: [StructureChange])? {
        guard stretch.count > 1 else { return nil }
        var olds: [Int] = [], news: [Int] = []
        var apart = 0
        for operation in stretch {
            switch operation {
            case .modify(let o, let n, let edits):
                olds.append(o)
                news.append(n)
                apart += edits.reduce(0) { $0 + ($1.kind == .equal ? 0 : WordCount.count($1.text)) }
            case .insert(let n):
                news.append(n)
                apart += WordCount.count(new[n])
            case .delete(let o):
                olds.append(o)
                apart += WordCount.count(old[o])
            case .equal, .move: break
            }
        }
        // Words in sentences moved within the stretch are not changed words, either way it is read.
        func moved(_ operations: [ParagraphOperation], _ structure: [StructureChange]) -> Int {
            sentenceMoves(operations, structure, old: old, new: new).reduce(0) { $0 + 2 * WordCount.count($1.text) }
        }
        var known: [Int: (new: Int, edits: [TextEdit])] = [:]
        for case .modify(let o, let n, let edits) in stretch { known[o] = (n, edits) }
        guard let realigned = StretchRealignment(old: olds.sorted(), new: news.sorted(), old, new, known: known, by: unit) else {
            return nil
        }
        let (together, separately) = (realigned.wordsAdded + realigned.wordsRemoved - moved(realigned.operations, realigned.structure),
                                      apart - moved(stretch, []))
        // (A split or join that explains the stretch as well as moved sentences do is what happened.)
        guard together < separately || (together == separately && !realigned.structure.isEmpty) else { return nil }
        return (realigned.operations, realigned.structure)
    }

    // MARK: Formatting

    static let characterAttributes: [AttributeKey] = [
        .bold, .italic, .underline, .strikethrough, .code, .link, .fontFamily, .fontSize, .foregroundColor,
        .backgroundColor, .verticalAlign, .smallCaps, .allCaps, .annotation,
    ]
    static let paragraphAttributes: [AttributeKey] = [
        .style, .headingLevel, .alignment, .firstLineHeadIndent, .headIndent, .tailIndent, .lineHeightMultiple,
        .lineSpacing, .paragraphSpacingBefore, .paragraphSpacing, .tabStops, .listFormat, .checklist, .quoteDepth,
    ]

    /// Compares attributes over the characters both paragraphs share (all of them when `edits` is nil). Formatting
    /// of inserted text is part of the insertion, not a separate change.
    private mutating func compareFormatting(_ old: ResolvedParagraph, _ new: ResolvedParagraph, edits: [TextEdit]?,
                                            paragraphAttributes: Bool) {
        // Paragraphs formatted alike share their attributes' storage (`SharedAttributes`): one comparison, no look-ups.
        if paragraphAttributes, old.attributes != new.attributes {
            for key in Self.paragraphAttributes {
                let before = old.attributes[key] ?? .null, after = new.attributes[key] ?? .null
                if before != after {
                    paragraphFormatting.append(ParagraphChange(attribute: key, before: before, after: after, oldParagraph: old.index, newParagraph: new.index))
                }
            }
        }
        // An unchanged paragraph whose runs are the same has nothing to report: most paragraphs stop here.
        if edits == nil, old.runs.count == new.runs.count,
            zip(old.runs, new.runs).allSatisfy({ $0.range == $1.range && $0.attributes == $1.attributes }) { return }
        let shared: [(old: Range<Int>, new: Range<Int>)] = edits.map { list in
            list.filter { $0.kind == .equal }.map { ($0.old, $0.new) }
        } ?? [(0..<UTF16Text.count(old.text), 0..<UTF16Text.count(new.text))]
        // The new text's units, read when the first change is closed (most edited paragraphs keep their formatting).
        var newUnits: [UInt16]?
        let firstNew = formatting.count
        var open: [AttributeKey: FormatChange] = [:]
        func close(_ key: AttributeKey) {
            if !open.isEmpty, var change = open.removeValue(forKey: key) {
                let units = newUnits ?? UTF16Text.units(new.text)
                newUnits = units
                change.text = Context.slice(units, change.new.lowerBound, change.new.upperBound)
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
                // Runs formatted alike (most often both plain) change nothing: only what is open ends here.
                if (oldRun?.attributes ?? [:]) == (newRun?.attributes ?? [:]) {
                    for key in Self.characterAttributes { close(key) }
                    o += length
                    n += length
                    continue
                }
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
