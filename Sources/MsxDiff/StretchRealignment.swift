import MsxModel

/// A changed stretch of paragraphs compared as one text, paragraph breaks included, as `git diff --word-diff` compares
/// a hunk: a paragraph split or joined and edited in the same revision is then its few changed words, where a
/// paragraph-by-paragraph comparison sees a paragraph deleted and another inserted.
///
/// Each new paragraph is given as the pieces of the old paragraphs that went into it (one `.modify` per piece, in
/// order: a split old paragraph appears in several operations, a joined new paragraph too), old paragraphs none of
/// whose words survive as deleted, new paragraphs none of whose words are old as inserted.
struct StretchRealignment {
    var operations: [DocumentDiff.ParagraphOperation] = []
    var structure: [DocumentDiff.StructureChange] = []
    var wordsAdded = 0
    var wordsRemoved = 0

    /// One word token of the joined texts: the paragraph it is in (position in the stretch), its place there, and
    /// the paragraph on the other side it was met beside.
    private struct Placed {
        var paragraph: Int
        var range: Range<Int>
        var beside: Int
    }

    /// Realigns old paragraphs `oldIndexes` and new paragraphs `newIndexes` (each in document order), or nil when
    /// no old and new paragraph share enough words to be pieces of one another. `known` holds the edits already
    /// worked out between whole paragraphs, by old paragraph: a piece that is the whole of both takes them.
    init?(old oldIndexes: [Int], new newIndexes: [Int], _ old: [String], _ new: [String],
          known: [Int: (new: Int, edits: [DocumentDiff.TextEdit])], by unit: DiffUnit) {
        // Joined token sequences; the empty key stands for a paragraph break (no token's key is empty).
        var ids = WordIDs()
        let oldRead = oldIndexes.map { ReadParagraph(old[$0], by: unit, ids: &ids) }
        // A new paragraph compared as a whole with an old one of the stretch (its whole partner, by the old one's
        // position) shares the tokens of the text both begin and end with: only the tokens between are read.
        var wholePartner: [Int: Int] = [:]
        for (position, o) in oldIndexes.enumerated() {
            if let n = known[o]?.new { wholePartner[n] = position }
        }
        let newRead = newIndexes.map { n in
            guard unit == .word, let position = wholePartner[n] else { return ReadParagraph(new[n], by: unit, ids: &ids) }
            return ReadParagraph(new[n], sharingEndsWith: oldRead[position], ids: &ids)
        }
        func joined(_ read: [ReadParagraph]) -> (keys: [Int], tokens: [(paragraph: Int, token: TokenSpan)?]) {
            var keys: [Int] = [], tokens: [(paragraph: Int, token: TokenSpan)?] = []
            let count = read.reduce(read.count) { $0 + $1.tokens.count }
            keys.reserveCapacity(count)
            tokens.reserveCapacity(count)
            let paragraphBreak = ids.id([])
            for (position, paragraph) in read.enumerated() {
                if position > 0 { keys.append(paragraphBreak); tokens.append(nil) }
                keys += paragraph.keys
                for token in paragraph.tokens { tokens.append((position, token)) }
            }
            return (keys, tokens)
        }
        let a = joined(oldRead), b = joined(newRead)
        var oldPlaced: [Placed] = [], newPlaced: [Placed] = []
        // Words shared by each pair of paragraphs, counted in runs: consecutive shared words are mostly of one pair.
        var shared: [PairKey: Int] = [:]
        var run: (pair: PairKey, count: Int)?
        func endRun() {
            if let run { shared[run.pair, default: 0] += run.count }
            run = nil
        }
        var (oldParagraph, newParagraph) = (0, 0)
        for step in MyersDiff.diff(ids: a.keys, b.keys) {
            switch step {
            case .equal(let o, let n):
                for (i, j) in zip(o, n) {
                    guard let x = a.tokens[i], let y = b.tokens[j] else { oldParagraph += 1; newParagraph += 1; continue }
                    oldPlaced.append(Placed(paragraph: x.paragraph, range: x.token.range, beside: y.paragraph))
                    newPlaced.append(Placed(paragraph: y.paragraph, range: y.token.range, beside: x.paragraph))
                    guard x.token.kind == .word else { continue }
                    let pair = PairKey(old: x.paragraph, new: y.paragraph)
                    if run?.pair == pair { run!.count += 1 } else { endRun(); run = (pair, 1) }
                }
            case .delete(let o, _):
                for i in o {
                    guard let x = a.tokens[i] else { oldParagraph += 1; continue }
                    oldPlaced.append(Placed(paragraph: x.paragraph, range: x.token.range, beside: newParagraph))
                }
            case .insert(let n, _):
                for j in n {
                    guard let y = b.tokens[j] else { newParagraph += 1; continue }
                    newPlaced.append(Placed(paragraph: y.paragraph, range: y.token.range, beside: oldParagraph))
                }
            }
        }
        endRun()
        // Pieces of one another: paragraphs sharing two words (one when either has no more), as git's word diff
        // would keep them. Paragraphs' words are counted only where needed (a stretch can be the whole document).
        var oldWords = WordCounts(old, oldIndexes), newWords = WordCounts(new, newIndexes)
        let pairs = Set(shared.filter { key, count in count >= 2 || count >= min(oldWords(key.old), newWords(key.new)) }.keys)
        guard !pairs.isEmpty else { return nil }
        let oldLengths = oldIndexes.map { UTF16Text.count(old[$0]) }, newLengths = newIndexes.map { UTF16Text.count(new[$0]) }
        let oldPieces = Self.pieces(oldPlaced, count: oldIndexes.count, lengths: oldLengths, pairs: pairs, side: .old)
        let newPieces = Self.pieces(newPlaced, count: newIndexes.count, lengths: newLengths, pairs: pairs, side: .new)
        // Operations in the new text's order; a deleted old paragraph where the old order puts it.
        var deleted = oldIndexes.indices.filter { oldPieces[$0].isEmpty }
        for position in newIndexes.indices {
            let n = newIndexes[position]
            guard !newPieces[position].isEmpty else {
                operations.append(.insert(new: n))
                wordsAdded += newWords(position)
                continue
            }
            for (pair, newRange) in newPieces[position] {
                while let first = deleted.first, first < pair.old {
                    operations.append(.delete(old: oldIndexes[first]))
                    wordsRemoved += oldWords(first)
                    deleted.removeFirst()
                }
                let oldRange = oldPieces[pair.old].first { $0.pair == pair }!.range
                let o = oldIndexes[pair.old]
                let edits: [DocumentDiff.TextEdit]
                if let whole = known[o], whole.new == n, oldRange == 0..<oldLengths[pair.old], newRange == 0..<newLengths[position] {
                    edits = whole.edits
                } else {
                    edits = Self.edits(old[o], oldRange, new[n], newRange, by: unit)
                }
                for edit in edits {
                    if edit.kind == .insert { wordsAdded += WordCount.count(edit.characters) }
                    if edit.kind == .delete { wordsRemoved += WordCount.count(edit.characters) }
                }
                operations.append(.modify(old: o, new: n, edits: edits))
            }
        }
        for first in deleted {
            operations.append(.delete(old: oldIndexes[first]))
            wordsRemoved += oldWords(first)
        }
        for (position, pieces) in oldPieces.enumerated() where pieces.count > 1 {
            structure.append(.init(kind: .split, oldParagraphs: [oldIndexes[position]], newParagraphs: pieces.map { newIndexes[$0.pair.new] }.sorted()))
        }
        for (position, pieces) in newPieces.enumerated() where pieces.count > 1 {
            structure.append(.init(kind: .join, oldParagraphs: pieces.map { oldIndexes[$0.pair.old] }.sorted(), newParagraphs: [newIndexes[position]]))
        }
    }

    /// A paragraph's tokens and the numbers of their keys (`WordDiff.key`), as the joined texts compare them.
    struct ReadParagraph {
        let units: [UInt16]
        let tokens: [TokenSpan]
        let keys: [Int]

        /// The paragraph read whole.
        init(_ text: String, by unit: DiffUnit, ids: inout WordIDs) {
            self.init(units: UTF16Text.units(text), by: unit, ids: &ids)
        }

        private init(units: [UInt16], by unit: DiffUnit, ids: inout WordIDs) {
            let tokens = Tokenizer.spans(units, 0..<units.count, by: unit)
            self.init(units: units, tokens: tokens, keys: Self.numbers(tokens[...], in: units, ids: &ids))
        }

        /// Another version of `old`, read by words: the tokens of the ends the two share (`WordDiff.SharedEnds`,
        /// cut where every token after a cut is the same whatever comes before it) are taken from `old`, moved to
        /// where they are in this text, and only the tokens between are read.
        init(_ text: String, sharingEndsWith old: ReadParagraph, ids: inout WordIDs) {
            let units = UTF16Text.units(text)
            guard let ends = WordDiff.SharedEnds(old.units, units) else {
                self.init(units: units, by: .word, ids: &ids)
                return
            }
            var before = 0, after = old.tokens.count
            while before < after, old.tokens[before].range.lowerBound < ends.prefix { before += 1 }
            while after > before, old.tokens[after - 1].range.lowerBound >= ends.oldEnd { after -= 1 }
            let shift = ends.newEnd - ends.oldEnd
            let middle = Tokenizer.spans(units, ends.prefix..<ends.newEnd, by: .word)
            var tokens = Array(old.tokens[..<before])
            tokens.reserveCapacity(before + middle.count + old.tokens.count - after)
            tokens += middle
            tokens += old.tokens[after...].lazy.map { TokenSpan(kind: $0.kind, range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift)) }
            var keys = Array(old.keys[..<before])
            keys.reserveCapacity(tokens.count)
            keys += Self.numbers(middle[...], in: units, ids: &ids)
            keys += old.keys[after...]
            self.init(units: units, tokens: tokens, keys: keys)
        }

        private init(units: [UInt16], tokens: [TokenSpan], keys: [Int]) {
            (self.units, self.tokens, self.keys) = (units, tokens, keys)
        }

        /// The numbers of the tokens' keys.
        private static func numbers(_ tokens: ArraySlice<TokenSpan>, in units: [UInt16], ids: inout WordIDs) -> [Int] {
            tokens.map { ids.id(WordDiff.key($0, in: units)) }
        }
    }

    /// The word counts of one side's paragraphs in the stretch (by position), each counted the first time it is
    /// asked for.
    private struct WordCounts {
        let texts: [String], indexes: [Int]
        var counts: [Int?]

        init(_ texts: [String], _ indexes: [Int]) {
            (self.texts, self.indexes, counts) = (texts, indexes, [Int?](repeating: nil, count: indexes.count))
        }

        mutating func callAsFunction(_ position: Int) -> Int {
            if let count = counts[position] { return count }
            let count = WordCount.count(texts[indexes[position]])
            counts[position] = count
            return count
        }
    }

    /// An old and a new paragraph (positions in the stretch) that are pieces of one another.
    private struct PairKey: Hashable {
        var old: Int
        var new: Int
    }

    /// The side of a pair a paragraph is on (a plain switch: a key path read for every token cost more than the
    /// rest of the reading).
    private enum Side {
        case old, new

        /// The pair's paragraph on this side.
        func own(_ pair: PairKey) -> Int { self == .old ? pair.old : pair.new }
        /// The pair's paragraph on the other side.
        func partner(_ pair: PairKey) -> Int { self == .old ? pair.new : pair.old }
    }

    /// For each paragraph of one side, the pairs it is a piece of and the stretch of it each takes: tokens go to the
    /// pair they were met in (or beside), and the paragraph is cut where the next pair's tokens begin.
    private static func pieces(_ placed: [Placed], count: Int, lengths: [Int], pairs: Set<PairKey>,
                               side: Side) -> [[(pair: PairKey, range: Range<Int>)]] {
        var partners = [[PairKey]](repeating: [], count: count)
        for pair in pairs { partners[side.own(pair)].append(pair) }
        for i in partners.indices { partners[i].sort { side.partner($0) < side.partner($1) } }
        // Where each paragraph's piece for each of its partners starts (by the partner's place in `partners`), in one
        // array: the starts of paragraph p's partners from `first[p]` on (most paragraphs have one partner, which
        // every token of theirs goes to).
        var first = [Int](repeating: 0, count: count + 1)
        for (paragraph, mine) in partners.enumerated() { first[paragraph + 1] = first[paragraph] + mine.count }
        var starts = [Int?](repeating: nil, count: first[count])
        for token in placed {
            let paragraph = token.paragraph
            let partnerCount = first[paragraph + 1] - first[paragraph]
            guard partnerCount > 0 else { continue }
            // The partner it was met beside, else the last one before it, else the first.
            let k = partnerCount == 1 ? 0 : partners[paragraph].lastIndex { side.partner($0) <= token.beside } ?? 0
            let start = starts[first[paragraph] + k]
            starts[first[paragraph] + k] = min(start ?? token.range.lowerBound, token.range.lowerBound)
        }
        return partners.enumerated().map { paragraph, mine in
            let ordered = mine.indices.compactMap { k in starts[first[paragraph] + k].map { (pair: mine[k], start: $0) } }.sorted { $0.start < $1.start }
            return ordered.enumerated().map { k, piece in
                let lower = k == 0 ? 0 : piece.start
                let upper = k + 1 < ordered.count ? ordered[k + 1].start : lengths[paragraph]
                return (piece.pair, lower..<upper)
            }
        }
    }

    /// The word edits from one old piece to one new piece, in the coordinates of their whole paragraphs.
    private static func edits(_ old: String, _ oldRange: Range<Int>, _ new: String, _ newRange: Range<Int>,
                              by unit: DiffUnit) -> [DocumentDiff.TextEdit] {
        let oldUnits = UTF16Text.units(old), newUnits = UTF16Text.units(new)
        let piece = WordDiff.edits(UTF16Text.string(oldUnits[oldRange]), UTF16Text.string(newUnits[newRange]), by: unit)
        return piece.map { edit in
            var edit = edit
            edit.old = (edit.old.lowerBound + oldRange.lowerBound)..<(edit.old.upperBound + oldRange.lowerBound)
            edit.new = (edit.new.lowerBound + newRange.lowerBound)..<(edit.new.upperBound + newRange.lowerBound)
            return edit
        }
    }
}
