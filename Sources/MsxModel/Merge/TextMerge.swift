/// The three-way merge of a document's Markdown text (`docs/merge.md`).
///
/// 1. git's merge of whole lines (`ThreeWayMerge` over `MergeLines`): where it is clean and doubles no paragraph,
///    it is the result, as `git merge-file` gives it.
/// 2. Each clash of it merged word by word (`ThreeWayMerge` over `MergeTokens`: words, spaces, punctuation and line
///    breaks each a token): changes to different words merge, changes that overlap or touch are one conflict.
/// 3. Where words still clash, the paragraph merge: each side's blocks (`SourceBlocks`) traced to the base
///    paragraphs whose own words they hold (`ParagraphGroups`), paragraphs split, joined or moved merged as one
///    group, the groups and new paragraphs put in order by `ParagraphOrderMerge`. It is taken only when it doubles
///    no paragraph and each clash is a conflict there too or settled with every edit to its words kept.
///
/// Where a side deleted a passage the other changed, the changed passage stays (a conflict of kind `deleted`): no
/// word either side kept is lost.
enum TextMerge {
    struct Result {
        var text: String
        var conflicts: [MergeConflict]
    }

    /// One paragraph or group in the merged order.
    private enum Item: Hashable {
        case base(Int)
        case ours(Int)
        case theirs(Int)
    }

    /// A side of the merge: its blocks, and which item each of its blocks belongs to.
    private struct Side {
        let blocks: SourceBlocks
        /// For each block, its item.
        var items: [Item] = [] {
            didSet { blocksOf = Dictionary(grouping: items.indices) { items[$0] } }
        }
        /// Each item's blocks, in order.
        private var blocksOf: [Item: [Int]] = [:]
        /// Items in the side's order (a group's first block places it).
        var order: [Item] = []

        init(_ source: String) { blocks = SourceBlocks(source) }

        /// The text of an item's blocks in this side's order, joined by the blank lines between them.
        func text(of item: Item) -> String? {
            guard let indexes = blocksOf[item] else { return nil }
            var text = ""
            for (position, index) in indexes.enumerated() {
                text += blocks.blocks[index]
                if position + 1 < indexes.count { text += indexes[position + 1] == index + 1 ? blocks.separators[index] : "\n\n" }
            }
            return text
        }

        /// The blank lines after an item: its last block's, at least one blank line.
        func separator(after item: Item) -> String {
            guard let last = blocksOf[item]?.last else { return "\n\n" }
            let separator = blocks.separators[last]
            return separator.filter { $0 == "\n" }.count >= 2 ? separator : "\n\n"
        }
    }

    private enum Piece {
        case text(String)
        case conflict(MergeConflict)

        var conflict: MergeConflict? {
            if case .conflict(let conflict) = self { conflict } else { nil }
        }
    }

    static func merge(base baseSource: String, ours oursSource: String, theirs theirsSource: String,
                      markers: ConflictMarkers?) -> Result {
        if oursSource == theirsSource || theirsSource == baseSource { return Result(text: oursSource, conflicts: []) }
        if oursSource == baseSource { return Result(text: theirsSource, conflicts: []) }
        // git's line merge first; then each of its clashes merged word by word. Where either is clean, and holds no
        // line more often than a side, it is the answer. Changes that touch clash, as in git, and so do a change
        // that adds lines and a change with only blank lines between them (git's alignment of blank lines would
        // otherwise put two new paragraphs at one place one after the other).
        var lines = MergeLines()
        let baseLines = lines.lines(baseSource)
        var bothTookAwayLines = false
        let lineChunks = ThreeWayMerge.merge(base: baseLines, ours: lines.lines(oursSource),
                                             theirs: lines.lines(theirsSource), reachesAcross: { _ in false },
                                             insertionsReachAcross: lines.isBlank,
                                             alike: { region in bothTookAwayLines = bothTookAwayLines || !baseLines[region].allSatisfy(lines.isBlank) })
        let sides = LineCounts(base: baseSource, ours: oursSource, theirs: theirsSource)
        if lineChunks.allSatisfy(\.isAgreed) {
            let text = lines.text(ThreeWayMerge.resolved(lineChunks) { _, ours, _ in ours })
            // git's merge applies each side's changes once, a change both made once: it holds a word more often
            // than the sides give only where both changed lines alike (and one put them elsewhere); such a merge
            // goes on to the paragraph merge below, like one that doubles a paragraph.
            if !sides.doubled(in: text, allowingAlike: true), !(bothTookAwayLines && sides.doublesAWord(in: text)) {
                return Result(text: text, conflicts: [])
            }
        }
        let lineMerge = lineChunks.flatMap { chunk -> [Piece] in
            switch chunk {
            case .agreed(let agreed): [.text(lines.text(agreed))]
            case .conflict(let base, let ours, let theirs):
                clash(base: lines.text(base), ours: lines.text(ours), theirs: lines.text(theirs), markers: markers)
            }
        }
        let clashes = lineMerge.compactMap(\.conflict)
        let lineMergeText = text(of: lineMerge)
        let lineMergeDoublesAWord = clashes.isEmpty && sides.doublesAWord(in: lineMergeText)
        if clashes.isEmpty, !doublesALine(lineMerge, sides), !lineMergeDoublesAWord { return assemble(lineMerge) }
        // Where words still clash, paragraph by paragraph, following moves, splits and joins: taken when it holds no
        // line more often than a side, and each clash is a conflict there too, or is settled with every edit of both
        // sides to its words kept (a paragraph one side moved and the other edited; a new paragraph before words
        // the other side changed).
        let paragraphMerge = mergeParagraphs(base: baseSource, ours: oursSource, theirs: theirsSource, markers: markers)
        let paragraphMergeText = text(of: paragraphMerge)
        if !doublesALine(paragraphMerge, sides), !sides.doublesAWord(in: paragraphMergeText) {
            let counts = WordCounts(base: baseSource, ours: oursSource, theirs: theirsSource, merged: paragraphMergeText)
            if clashes.allSatisfy({ settled($0, by: paragraphMerge, counts) }) { return assemble(paragraphMerge) }
        }
        // Clean, but a passage twice (both sides moved it apart, one changed it): the whole document is one conflict.
        if clashes.isEmpty, sides.doubled(in: lineMergeText, allowingAlike: true) || lineMergeDoublesAWord {
            return assemble([conflict(base: baseSource, ours: oursSource, theirs: theirsSource, markers: markers)])
        }
        return assemble(lineMerge)
    }

    /// A clash of the line merge, merged word by word; lines one side deleted and the other changed stay, as a
    /// conflict of kind `deleted`.
    private static func clash(base: String, ours: String, theirs: String, markers: ConflictMarkers?) -> [Piece] {
        let (oursDeleted, theirsDeleted) = (words(ours).isEmpty, words(theirs).isEmpty)
        guard oursDeleted != theirsDeleted, !words(base).isEmpty else {
            return mergeWords(base: base, ours: ours, theirs: theirs, markers: markers)
        }
        // Beside a change of nothing but blank lines (a list's items drawn together), the deletion.
        let kept = oursDeleted ? theirs : ours
        if filledLines(kept) == filledLines(base) { return [.text(oursDeleted ? ours : theirs)] }
        return [.conflict(deleted(base: base, ours: ours, theirs: theirs))]
    }

    /// How often each word stands in the three versions and in a merge.
    private struct WordCounts {
        let base: [String: Int], ours: [String: Int], theirs: [String: Int], merged: [String: Int]

        init(base: String, ours: String, theirs: String, merged: String) {
            func count(_ text: String) -> [String: Int] { TextMerge.words(text).reduce(into: [:]) { $0[$1, default: 0] += 1 } }
            (self.base, self.ours, self.theirs, self.merged) = (count(base), count(ours), count(theirs), count(merged))
        }

        /// Whether the merge holds `word` as often as both sides' edits give: each side's additions and deletions
        /// applied, or, where both made the same, applied once.
        func keepsEveryEdit(of word: String) -> Bool {
            let kept = base[word, default: 0]
            let (ours, theirs) = (self.ours[word, default: 0] - kept, self.theirs[word, default: 0] - kept)
            let both = max(0, kept + ours + theirs), once = kept + (abs(ours) >= abs(theirs) ? ours : theirs)
            return (min(both, once)...max(both, once)).contains(merged[word, default: 0])
        }
    }

    /// Whether a clash of the line merge is one side deleting what the other changed, a conflict of `pieces` over
    /// some of the words the sides changed, or settled by `pieces` with every edit to those words kept.
    private static func settled(_ clash: MergeConflict, by pieces: [Piece], _ counts: WordCounts) -> Bool {
        let (base, ours, theirs) = (Set(words(clash.base)), Set(words(clash.ours)), Set(words(clash.theirs)))
        let changed = base.symmetricDifference(ours).union(base.symmetricDifference(theirs))
        let conflicted = pieces.contains { piece in
            guard let conflict = piece.conflict else { return false }
            return !changed.isDisjoint(with: words(conflict.base + " " + conflict.ours + " " + conflict.theirs))
        }
        if conflicted { return true }
        // One side took whole lines away, the other changed them: settled only where the first moved them (it holds
        // their words elsewhere as often as the base does), not where it deleted them.
        if clash.kind == .deleted {
            let taker = ours.isEmpty ? counts.ours : counts.theirs
            return base.allSatisfy { taker[$0, default: 0] >= counts.base[$0, default: 0] } && changed.allSatisfy(counts.keepsEveryEdit)
        }
        // Words taken away beside words added (the paragraph merge tells a paragraph added after them apart).
        return ours.isEmpty || theirs.isEmpty || changed.allSatisfy(counts.keepsEveryEdit)
    }

    /// A merge's text, with every conflict left as this side has it.
    private static func text(of pieces: [Piece]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .conflict(let conflict): conflict.ours
            }
        }.joined()
    }

    /// How often each non-blank line stands in the three versions.
    private struct LineCounts {
        let base: [ByteLine: Int], ours: [ByteLine: Int], theirs: [ByteLine: Int]

        init(base: String, ours: String, theirs: String) {
            (self.base, self.ours, self.theirs) = (Self.count(base), Self.count(ours), Self.count(theirs))
        }

        /// Whether `text` holds a line more often than either side does (a line neither side has is a paragraph
        /// both changed, merged: once): a paragraph doubled. When `alike` (git's merge of whole lines, which never
        /// joins two lines into one), also as often as the base and both sides' additions of it give, as two
        /// paragraphs each side made alike in different places (a one-word line, a scene break) are.
        func doubled(in text: String, allowingAlike alike: Bool = false) -> Bool {
            Self.count(text).contains { line, count in
                let (kept, mine, other) = (base[line, default: 0], ours[line, default: 0], theirs[line, default: 0])
                let additions = alike ? kept + max(0, mine - kept) + max(0, other - kept) : 0
                return count > max(mine, other, 1, additions)
            }
        }

        /// Whether `text` holds a word more often than the base and both sides' additions of it give (a passage
        /// doubled). Only lines whose count differs between the versions are counted: the others add alike to all.
        func doublesAWord(in text: String) -> Bool {
            let merged = Self.count(text)
            var (m, b, o, t) = (WordTally(), WordTally(), WordTally(), WordTally())
            for (line, count) in base {
                let (mine, other) = (ours[line, default: 0], theirs[line, default: 0])
                guard mine != count || other != count else { continue }
                b.add(line, count)
                o.add(line, mine)
                t.add(line, other)
                m.add(line, merged[line, default: 0])
            }
            for (line, count) in ours where base[line] == nil {
                o.add(line, count)
                t.add(line, theirs[line, default: 0])
                m.add(line, merged[line, default: 0])
            }
            for (line, count) in theirs where base[line] == nil && ours[line] == nil {
                t.add(line, count)
                m.add(line, merged[line, default: 0])
            }
            for (line, count) in merged where base[line] == nil && ours[line] == nil && theirs[line] == nil { m.add(line, count) }
            return WordTally.doubles(m, base: b, ours: o, theirs: t)
        }

        private static func count(_ text: String) -> [ByteLine: Int] {
            var counts: [ByteLine: Int] = [:]
            for line in Array(text.utf8).split(separator: 0x0A) where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                counts[ByteLine(line), default: 0] += 1
            }
            return counts
        }
    }

    /// Whether a merge, with every conflict left as this side has it, doubles a paragraph.
    private static func doublesALine(_ pieces: [Piece], _ sides: LineCounts) -> Bool {
        sides.doubled(in: text(of: pieces))
    }

    /// The merge of paragraphs and groups of paragraphs, each merged word by word.
    private static func mergeParagraphs(base baseSource: String, ours oursSource: String, theirs theirsSource: String,
                                        markers: ConflictMarkers?) -> [Piece] {
        var base = Side(baseSource), ours = Side(oursSource), theirs = Side(theirsSource)
        let ourAlignment = TextAlignment(old: base.blocks.blocks, new: ours.blocks.blocks)
        let theirAlignment = TextAlignment(old: base.blocks.blocks, new: theirs.blocks.blocks)
        var groups = ParagraphGroups(base: base.blocks.blocks, words: words)
        let ourSources = groups.sources(of: ours.blocks.blocks, alignment: ourAlignment, words: words)
        let theirSources = groups.sources(of: theirs.blocks.blocks, alignment: theirAlignment, words: words)
        base.items = base.blocks.blocks.indices.map { .base(groups.root($0)) }
        ours.items = ourSources.enumerated().map { k, source in source.map { .base(groups.root($0)) } ?? .ours(k) }
        theirs.items = sharingNewParagraphs(ours: ours, theirs: theirSources.enumerated().map { k, source in
            source.map { .base(groups.root($0)) } ?? .theirs(k)
        }, of: theirs)
        base.order = ordered(base.items)
        ours.order = ordered(ours.items)
        theirs.order = ordered(theirs.items)

        // A group one side deleted and the other changed stays.
        var kept = Set<Item>()
        for item in base.order {
            let (b, o, t) = (base.text(of: item), ours.text(of: item), theirs.text(of: item))
            if (o == nil && t != nil && t != b) || (t == nil && o != nil && o != b) { kept.insert(item) }
        }
        let order = ParagraphOrderMerge.merge(base: base.order, ours: ours.order, theirs: theirs.order, keep: kept) { a, b in
            (ours.text(of: a) ?? theirs.text(of: a) ?? "") < (ours.text(of: b) ?? theirs.text(of: b) ?? "")
        }

        var pieces: [Piece] = [.text(ours.blocks.prefix)]
        var position = 0
        while position < order.count {
            let item = order[position]
            if let run = newOnBothSides(from: position, of: order, ours: ours, theirs: theirs) {
                appendInsertionConflict(run, of: order, ours: ours, theirs: theirs, to: &pieces, markers: markers)
                position = run.upperBound
                continue
            }
            let (b, o, t) = (base.text(of: item), ours.text(of: item), theirs.text(of: item))
            switch (o, t) {
            case let (o?, t?):
                pieces += mergeWords(base: b ?? "", ours: o, theirs: t, markers: markers)
            case let (o?, nil):
                if kept.contains(item) { pieces.append(.conflict(deleted(base: b ?? "", ours: o, theirs: ""))) } else { pieces.append(.text(o)) }
            case let (nil, t?):
                if kept.contains(item) { pieces.append(.conflict(deleted(base: b ?? "", ours: "", theirs: t))) } else { pieces.append(.text(t)) }
            case (nil, nil):
                position += 1
                continue
            }
            position += 1
            pieces.append(.text(separator(after: item, last: position == order.count, ours: ours, theirs: theirs)))
        }
        return pieces
    }

    /// The other side's items, where a new paragraph of its own is one this side also added (the same text, not
    /// yet claimed): the same paragraph, added once.
    private static func sharingNewParagraphs(ours: Side, theirs items: [Item], of theirs: Side) -> [Item] {
        var ourNew: [String: [Int]] = [:]
        for (k, item) in ours.items.enumerated().reversed() {
            if case .ours = item { ourNew[ours.blocks.blocks[k], default: []].append(k) }
        }
        return items.enumerated().map { k, item in
            guard case .theirs = item, let k = ourNew[theirs.blocks.blocks[k]]?.popLast() else { return item }
            return .ours(k)
        }
    }

    /// The blank lines after an item: the end of the file after the last.
    private static func separator(after item: Item, last: Bool, ours: Side, theirs: Side) -> String {
        if last { return ours.blocks.separators.last ?? theirs.blocks.separators.last ?? "" }
        return ours.text(of: item) != nil ? ours.separator(after: item) : theirs.separator(after: item)
    }

    /// The stretch of the merged order from `start` of paragraphs only one side added, when both sides added
    /// some there (different paragraphs at one place: a conflict); nil otherwise.
    private static func newOnBothSides(from start: Int, of order: [Item], ours: Side, theirs: Side) -> Range<Int>? {
        var end = start, sides = Set<Bool>()
        while end < order.count {
            switch order[end] {
            case .ours where theirs.text(of: order[end]) == nil: sides.insert(true)
            case .theirs: sides.insert(false)
            default: return sides.count == 2 ? start..<end : nil
            }
            end += 1
        }
        return sides.count == 2 ? start..<end : nil
    }

    /// The conflict of two sides' different new paragraphs at one place. Each side's text carries the blank lines
    /// that part it from its neighbours, so that keeping either side, or both, leaves the paragraphs apart.
    private static func appendInsertionConflict(_ run: Range<Int>, of order: [Item], ours: Side, theirs: Side,
                                                to pieces: inout [Piece], markers: ConflictMarkers?) {
        func text(_ side: Side, ending: Bool) -> String {
            let items = order[run].filter { side.text(of: $0) != nil }
            return items.enumerated().map { position, item in
                side.text(of: item)! + (position + 1 < items.count || ending ? side.separator(after: item) : "")
            }.joined()
        }
        if run.upperBound < order.count {
            // Before what follows: each side's paragraphs end with their blank lines.
            pieces.append(conflict(base: "", ours: text(ours, ending: true), theirs: text(theirs, ending: true), markers: markers))
            return
        }
        // At the end of the file: each side's paragraphs start with the blank lines after what precedes them.
        var lead = "\n\n"
        if case .text(let previous)? = pieces.last, run.lowerBound > 0 { lead = previous; pieces.removeLast() }
        pieces.append(conflict(base: "", ours: lead + text(ours, ending: false), theirs: lead + text(theirs, ending: false), markers: markers))
        pieces.append(.text(separator(after: order[run].last!, last: true, ours: ours, theirs: theirs)))
    }

    private static func ordered(_ items: [Item]) -> [Item] {
        var seen = Set<Item>()
        return items.filter { seen.insert($0).inserted }
    }

    private static func deleted(base: String, ours: String, theirs: String) -> MergeConflict {
        MergeConflict(kind: .deleted, base: base, ours: ours, theirs: theirs, placed: words(ours).isEmpty ? theirs : ours)
    }

    /// Merges the words of one paragraph or group. When the word merge would drop a word both sides kept (a
    /// passage moved on one side and changed on the other), the group is one conflict instead: this side's text
    /// stays, and the other's is in the conflict.
    private static func mergeWords(base: String, ours: String, theirs: String, markers: ConflictMarkers?) -> [Piece] {
        if ours == theirs || theirs == base { return [.text(ours)] }
        if ours == base { return [.text(theirs)] }
        var table = MergeTokens()
        let tokens = (base: table.tokens(base), ours: table.tokens(ours), theirs: table.tokens(theirs))
        let chunks = ThreeWayMerge.merge(base: tokens.base, ours: tokens.ours, theirs: tokens.theirs,
                                         weight: { table.weights[$0] }, reachesAcross: { !table.isWord($0) })
        let kept = ThreeWayMerge.resolved(chunks) { _, ours, _ in ours }
        guard keepsCommonWords(kept, tokens.base, tokens.ours, tokens.theirs, table: table) else {
            return [conflict(base: base, ours: ours, theirs: theirs, markers: markers)]
        }
        return chunks.map { chunk in
            switch chunk {
            case .agreed(let tokens): .text(table.text(tokens))
            case .conflict(let base, let ours, let theirs):
                if let both = paragraphAfterText(base: base, ours: ours, theirs: theirs, lineBreak: table.lineBreak) {
                    .text(table.text(both))
                } else {
                    conflict(base: table.text(base), ours: table.text(ours), theirs: table.text(theirs), markers: markers)
                }
            }
        }
    }

    /// Text added at a paragraph's end and a paragraph added after it (or before its start): two places to a
    /// writer, though no word lies between them. Both are kept, in that order.
    private static func paragraphAfterText(base: [Int], ours: [Int], theirs: [Int], lineBreak: Int) -> [Int]? {
        guard base.isEmpty, ours.contains(lineBreak) != theirs.contains(lineBreak) else { return nil }
        let (text, paragraph) = ours.contains(lineBreak) ? (theirs, ours) : (ours, theirs)
        if paragraph.first == lineBreak { return text + paragraph }
        if paragraph.last == lineBreak { return paragraph + text }
        return nil
    }

    /// A conflict: the file holds this side's text, or both sides' when both only added text there (nothing of
    /// either is lost while the writer chooses; lines both added, once), or both between markers when asked.
    private static func conflict(base: String, ours: String, theirs: String, markers: ConflictMarkers?) -> Piece {
        let placed = markers.map { $0.block(ours: ours, theirs: theirs) } ?? (base.isEmpty ? MergeLines.together(ours, theirs) : ours)
        return .conflict(MergeConflict(kind: .text, base: base, ours: ours, theirs: theirs, placed: placed))
    }

    /// Whether `merged` holds every word as often as both sides kept it, and none more often than the base
    /// plus what each side added (a passage moved on one side and changed on the other would otherwise be lost, or
    /// be there twice).
    private static func keepsCommonWords(_ merged: [Int], _ base: [Int], _ ours: [Int], _ theirs: [Int],
                                         table: MergeTokens) -> Bool {
        func counts(_ tokens: [Int]) -> [Int: Int] {
            tokens.reduce(into: [:]) { counts, token in if table.isWord(token) { counts[token, default: 0] += 1 } }
        }
        let (b, m, o, t) = (counts(base), counts(merged), counts(ours), counts(theirs))
        // Of a word's base occurrences, at least (those ours kept) + (those theirs kept) - base are kept by both.
        return b.allSatisfy { word, count in
            m[word, default: 0] >= min(count, o[word, default: 0]) + min(count, t[word, default: 0]) - count
        }
            && m.allSatisfy { word, count in
                let kept = b[word, default: 0]
                return count <= kept + max(0, o[word, default: 0] - kept) + max(0, t[word, default: 0] - kept)
            }
    }

    /// The words of a text.
    private static func words(_ text: String) -> [String] {
        let units = Array(text.utf16)
        return MergeTokens.ranges(of: units).filter { TextTokens.isWord(UInt32(units[$0.lowerBound])) }
            .map { String(decoding: units[$0], as: UTF16.self) }
    }

    /// The lines of a text that are not blank.
    private static func filledLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// Words (letters, digits and their marks) and every other character on its own.
    static func tokens(_ text: String) -> [String] {
        let units = Array(text.utf16)
        return MergeTokens.ranges(of: units).map { String(decoding: units[$0], as: UTF16.self) }
    }

    /// Joins the pieces, giving each conflict its place and the text around it (up to its neighbours).
    private static func assemble(_ pieces: [Piece]) -> Result {
        // Merge neighbouring text pieces first, so contexts reach across them.
        var joined: [Piece] = []
        for piece in pieces {
            if case .text(let text) = piece, case .text(let previous)? = joined.last {
                joined[joined.count - 1] = .text(previous + text)
            } else {
                joined.append(piece)
            }
        }
        var text = "", offset = 0
        var conflicts: [MergeConflict] = []
        for (index, piece) in joined.enumerated() {
            switch piece {
            case .text(let part):
                text += part
                offset += part.utf16.count
            case .conflict(var conflict):
                if index > 0, case .text(let previous) = joined[index - 1] { conflict.before = String(previous.suffix(contextLength)) }
                if index + 1 < joined.count, case .text(let next) = joined[index + 1] { conflict.after = String(next.prefix(contextLength)) }
                conflict.offset = offset
                text += conflict.placed
                offset += conflict.placed.utf16.count
                conflicts.append(conflict)
            }
        }
        return Result(text: text, conflicts: conflicts)
    }

    /// Characters of context kept on each side of a conflict.
    static let contextLength = 40
}
