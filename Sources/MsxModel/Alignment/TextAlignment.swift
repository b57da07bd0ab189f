/// How the paragraphs of one text became those of another, down to the character: the base that formatting is
/// carried from, and the text it is carried to.
///
/// 1. Paragraphs with the same text are paired: in order (the pairs holding the most text), then as moves.
/// 2. Edited paragraphs are paired by their shingles, wherever they went, with the new paragraphs beside a partner
///    that hold more of its text (a split) and the old ones beside it whose text it holds too (a join).
/// 3. Each pair, and each stretch of paragraphs left between pairs, is compared as one joined text (see
///    `CharacterChanges`): one `ChangeMap` per segment, over its paragraphs joined by a separator.
/// 4. Text deleted in one place and typed in another (moved with its paragraph, split off or joined on the way) is
///    compared with where it went, so its formatting follows it there.
package struct TextAlignment: Sendable {
    /// Old paragraphs joined by a separator, the new paragraphs they became, and the changes between the two.
    package struct Segment: Sendable {
        /// Old paragraph indexes, in order.
        package var old: [Int]
        /// New paragraph indexes, in order.
        package var new: [Int]
        /// Where each old paragraph starts in the joined old text.
        var oldStarts: [Int]
        /// Where each new paragraph starts in the joined new text (and, last, the joined length plus one).
        var newStarts: [Int]
        package var changes: ChangeMap
        /// Positions in the joined new text where typing stops continuing formatting: paragraph breaks, and where
        /// moved text begins (sorted once the alignment is made).
        var stops: [Int] = []
        /// Typed text that contains paragraph breaks: the part before the first break (typed at a paragraph's end)
        /// and the part from it on (new paragraphs, or typed at a paragraph's start), in the joined new text.
        var typedBeforeBreaks: [Range<Int>] = []
        var typedFromBreaks: [Range<Int>] = []
        /// Typed text of more than `longestPhraseTyped` words: a passage written, which takes no formatting from the
        /// text around it (a phrase typed inside or after a formatted one does).
        var typedPassages: [Range<Int>] = []
        /// Old text moved here from elsewhere (in the joined new text): it keeps its own formatting and takes none
        /// from the text it landed in.
        var movedIn: [Range<Int>] = []
    }

    /// A stretch of a segment's joined old text (deleted) or joined new text (typed); it may hold paragraph breaks.
    struct Stretch: Sendable {
        var segment: Int
        var range: Range<Int>
    }

    /// Stretches of text deleted and typed.
    struct Edited {
        var typed: [Stretch] = []
        var deleted: [Stretch] = []
    }

    /// Old text that moved: deleted as `source`, typed again as (part of) `target`.
    struct MovedText: Sendable {
        var source: Stretch
        var target: Stretch
        /// From the deleted text to the typed text.
        var changes: ChangeMap
    }

    package internal(set) var segments: [Segment] = []
    var movedTexts: [MovedText] = []
    /// For each old paragraph: its segment and its position among the segment's paragraphs.
    private var home: [(segment: Int, position: Int)?]
    private let newCount: Int

    /// The old and the new paragraphs, as UTF-16 units.
    package let oldUnits: [[UInt16]]
    package let newUnits: [[UInt16]]

    /// Aligns `old` paragraphs with `new` ones.
    package init(old: [String], new: [String]) {
        // (Transcoding to UTF-16 and hashing is most of the fixed cost: on all cores.)
        let oldUnits = old.concurrentMap { Array($0.utf16) }
        let newUnits = new.concurrentMap { Array($0.utf16) }
        (self.oldUnits, self.newUnits) = (oldUnits, newUnits)
        home = Array(repeating: nil, count: old.count)
        newCount = new.count
        // Paragraphs compared by a 64-bit hash of their text (each read once); an equal hash is checked below.
        let oldKeys = oldUnits.concurrentMap { Self.fnv($0[...]) }, newKeys = newUnits.concurrentMap { Self.fnv($0[...]) }
        var lengths: [UInt64: Int] = [:]
        for (keys, units) in [(oldKeys, oldUnits), (newKeys, newUnits)] { for (key, text) in zip(keys, units) { lengths[key] = text.count } }
        let steps = PatienceDiff.diff(oldKeys, newKeys, weight: { lengths[$0] ?? 1 })
        var gaps: [(old: [Int], new: [Int])] = []
        var pendingOld: [Int] = [], pendingNew: [Int] = []
        func closeGap() {
            if !pendingOld.isEmpty || !pendingNew.isEmpty { gaps.append((pendingOld, pendingNew)) }
            pendingOld = []
            pendingNew = []
        }
        for step in steps {
            switch step {
            case .equal(let o, let n):
                closeGap()
                for (i, j) in zip(o, n) {
                    if oldUnits[i] == newUnits[j] {
                        add(old: [i], new: [j], oldUnits, newUnits, changes: ChangeMap([]))
                    } else {
                        closeGap()
                        gaps.append(([i], [j]))
                    }
                }
            case .delete(let o, _): pendingOld += Array(o)
            case .insert(let n, _): pendingNew += Array(n)
            }
        }
        closeGap()
        var edited = pairParagraphs(&gaps, oldUnits, newUnits, exact: true)
        let similar = pairParagraphs(&gaps, oldUnits, newUnits, exact: false)
        edited.typed += similar.typed
        edited.deleted += similar.deleted
        for gap in gaps where !gap.old.isEmpty || !gap.new.isEmpty {
            let result = Self.compare(gap.old, gap.new, oldUnits, newUnits)
            add(old: gap.old, new: gap.new, oldUnits, newUnits, changes: result.changes)
            edited.typed += result.typed.map { Stretch(segment: segments.count - 1, range: $0) }
            edited.deleted += result.deleted.map { Stretch(segment: segments.count - 1, range: $0) }
        }
        placeMovedText(edited.deleted, typed: edited.typed, oldUnits, newUnits)
        for moved in movedTexts {
            let start = moved.target.range.lowerBound
            segments[moved.target.segment].movedIn += moved.changes.keptStretches(in: 0..<moved.source.range.count)
                .map { start + $0.lowerBound..<start + $0.upperBound }
        }
        for s in segments.indices {
            segments[s].stops = (segments[s].newStarts.dropFirst().map { $0 - 1 } + segments[s].stops).sorted()
        }
    }
    /// Where old paragraph `paragraph`'s characters `range` are now: one range per new paragraph they reach (none
    /// when every character is gone). Text typed right after the range continues it when `edges` says so, up to the
    /// end of the paragraph it was typed in.
    package func map(paragraph: Int, range: Range<Int>, edges: ChangeMap.Edges) -> [(paragraph: Int, range: Range<Int>)] {
        trimmingSpaces(of: mapAndFollow(paragraph: paragraph, range: range, edges: edges), asIn: paragraph, range)
    }

    /// `pieces` of old paragraph `paragraph`'s `range` without the spaces at their edges, unless the range itself
    /// had one there: formatting is never left on a bare space at a phrase's edge by an edit beside it.
    private func trimmingSpaces(of pieces: [(paragraph: Int, range: Range<Int>)], asIn paragraph: Int, _ range: Range<Int>)
        -> [(paragraph: Int, range: Range<Int>)]
    {
        func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 || unit == 0xA0 }
        let old = oldUnits[paragraph]
        let keepsLeading = range.lowerBound < old.count && isSpace(old[range.lowerBound])
        let keepsTrailing = range.upperBound > 0 && range.upperBound <= old.count && isSpace(old[range.upperBound - 1])
        return pieces.compactMap { piece in
            let units = newUnits[piece.paragraph]
            var (lower, upper) = (piece.range.lowerBound, piece.range.upperBound)
            while !keepsLeading, lower < upper, isSpace(units[lower]) { lower += 1 }
            while !keepsTrailing, upper > lower, isSpace(units[upper - 1]) { upper -= 1 }
            return lower < upper ? (piece.paragraph, lower..<upper) : nil
        }
    }

    /// `map` before trimming: the range mapped in place, and into any text moved elsewhere.
    private func mapAndFollow(paragraph: Int, range: Range<Int>, edges: ChangeMap.Edges) -> [(paragraph: Int, range: Range<Int>)] {
        var pieces = mapInPlace(paragraph: paragraph, range: range, edges: edges)
        guard paragraph < home.count, let (s, position) = home[paragraph] else { return pieces }
        let start = segments[s].oldStarts[position]
        let joined = start + range.lowerBound..<start + range.upperBound
        for moved in movedTexts where moved.source.segment == s && moved.source.range.overlaps(joined) {
            let part = joined.clamped(to: moved.source.range)
            let local = part.lowerBound - moved.source.range.lowerBound..<part.upperBound - moved.source.range.lowerBound
            if let mapped = moved.changes.map(local, edges: .fixed) {
                let segment = segments[moved.target.segment]
                let offset = moved.target.range.lowerBound
                // A passage written inside the moved text splits the phrase there too.
                var left = [mapped.lowerBound + offset..<mapped.upperBound + offset]
                for typed in moved.changes.insertedStretches {
                    let passage = typed.lowerBound + offset..<typed.upperBound + offset
                    guard left.contains(where: { $0.overlaps(passage) }),
                          Self.words(in: passage, segment, newUnits) > Self.longestPhraseTyped else { continue }
                    left = left.flatMap { Self.subtracting(passage, from: $0) }
                }
                for range in left { pieces += Self.pieces(range, of: segment.new, starts: segment.newStarts) }
            }
        }
        return pieces
    }


    private func mapInPlace(paragraph: Int, range: Range<Int>, edges: ChangeMap.Edges) -> [(paragraph: Int, range: Range<Int>)] {
        guard paragraph < home.count, let (s, position) = home[paragraph] else { return [] }
        let segment = segments[s]
        let start = segment.oldStarts[position]
        guard let mapped = segment.changes.map(start + range.lowerBound..<start + range.upperBound,
                                               edges: edges, stoppingAt: segment.stops)
        else { return [] }
        // Text typed after a paragraph break starts a paragraph and takes nothing from before the break; text typed
        // just before one ends a paragraph and takes only what continues.
        // A passage typed inside the phrase splits it; one typed after it does not continue it. Nor does text
        // moved there from elsewhere.
        let excluded = segment.typedFromBreaks + (edges == .fixed ? segment.typedBeforeBreaks : []) + segment.typedPassages
            + segment.movedIn
        var pieces: [(paragraph: Int, range: Range<Int>)] = []
        for k in Self.paragraphs(overlapping: mapped, starts: segment.newStarts) {
            let newParagraph = segment.new[k]
            let lower = max(mapped.lowerBound, segment.newStarts[k])
            let upper = min(mapped.upperBound, segment.newStarts[k + 1] - 1)
            guard lower < upper else { continue }
            var left = [lower..<upper]
            for cut in excluded where cut.overlaps(lower..<upper) { left = left.flatMap { Self.subtracting(cut, from: $0) } }
            pieces += left.map { (newParagraph, $0.lowerBound - segment.newStarts[k]..<$0.upperBound - segment.newStarts[k]) }
        }
        return pieces
    }

    /// For each new paragraph, the stretches of it that come from no old text (typed since).
    package func typedRanges() -> [[Range<Int>]] {
        var typed = [[Range<Int>]](repeating: [], count: newCount)
        for segment in segments {
            for stretch in segment.changes.insertedStretches {
                for piece in Self.pieces(stretch, of: segment.new, starts: segment.newStarts) { typed[piece.paragraph].append(piece.range) }
            }
        }
        // Moved text is old text, typed or not where it landed.
        for moved in movedTexts {
            let target = segments[moved.target.segment]
            for kept in moved.changes.keptStretches(in: 0..<moved.source.range.count) {
                let start = moved.target.range.lowerBound
                for piece in Self.pieces(kept.lowerBound + start..<kept.upperBound + start, of: target.new, starts: target.newStarts) {
                    typed[piece.paragraph] = typed[piece.paragraph].flatMap { Self.subtracting(piece.range, from: $0) }
                }
            }
        }
        return typed
    }

    private static func subtracting(_ cut: Range<Int>, from range: Range<Int>) -> [Range<Int>] {
        guard cut.overlaps(range) else { return [range] }
        var pieces: [Range<Int>] = []
        if range.lowerBound < cut.lowerBound { pieces.append(range.lowerBound..<cut.lowerBound) }
        if cut.upperBound < range.upperBound { pieces.append(cut.upperBound..<range.upperBound) }
        return pieces
    }

    /// For each new paragraph, the old paragraph whose paragraph attributes it takes, or nil.
    ///
    /// A new paragraph takes the attributes of the first old paragraph with a character surviving in it (so both
    /// halves of a split keep them, and a join keeps the first's). One without surviving characters takes those of
    /// the paragraph it replaced (every word retyped), or of the paragraph it sits inside when that paragraph was
    /// split around it; otherwise it is new and takes none.
    package func paragraphSources() -> [Int?] {
        var earliest = [(offset: Int, old: Int)?](repeating: nil, count: newCount)
        var fallbacks: [(new: Int, old: Int)] = []
        for segment in segments {
            var survivorsOf = [Set<Int>](repeating: [], count: segment.old.count)
            for (position, oldParagraph) in segment.old.enumerated() {
                let paragraphRange = segment.oldStarts[position]..<segment.oldStarts[position + 1] - 1
                for kept in segment.changes.keptStretches(in: paragraphRange) {
                    for k in segment.new.indices where kept.lowerBound < segment.newStarts[k + 1] - 1 && segment.newStarts[k] < kept.upperBound {
                        survivorsOf[position].insert(k)
                        let offset = max(kept.lowerBound, segment.newStarts[k]) - segment.newStarts[k]
                        if earliest[segment.new[k]].map({ offset < $0.offset }) ?? true {
                            earliest[segment.new[k]] = (offset, oldParagraph)
                        }
                    }
                }
            }
            for k in segment.new.indices where survivorsOf.allSatisfy({ !$0.contains(k) }) {
                if let position = survivorsOf.firstIndex(where: { s in s.contains { $0 < k } && s.contains { $0 > k } }) {
                    fallbacks.append((segment.new[k], segment.old[position]))
                } else if segment.old.count == segment.new.count, survivorsOf.allSatisfy(\.isEmpty) {
                    fallbacks.append((segment.new[k], segment.old[k]))
                } else if segment.old.count == 1, segment.new.count == 1 {
                    fallbacks.append((segment.new[k], segment.old[0]))
                }
            }
        }
        for moved in movedTexts {
            let source = segments[moved.source.segment], target = segments[moved.target.segment]
            for oldPiece in Self.pieces(moved.source.range, of: source.old, starts: source.oldStarts) {
                let start = source.oldStarts[source.old.firstIndex(of: oldPiece.paragraph)!] + oldPiece.range.lowerBound
                let local = start - moved.source.range.lowerBound..<start - moved.source.range.lowerBound + oldPiece.range.count
                for kept in moved.changes.keptStretches(in: local) {
                    let offset = moved.target.range.lowerBound
                    for piece in Self.pieces(kept.lowerBound + offset..<kept.upperBound + offset, of: target.new, starts: target.newStarts)
                    where earliest[piece.paragraph].map({ piece.range.lowerBound < $0.offset }) ?? true {
                        earliest[piece.paragraph] = (piece.range.lowerBound, oldPiece.paragraph)
                    }
                }
            }
        }
        var sources = earliest.map { $0?.old }
        for (new, old) in fallbacks where sources[new] == nil { sources[new] = old }
        return sources
    }

    // MARK: Building

    mutating func add(old: [Int], new: [Int], _ oldUnits: [[UInt16]], _ newUnits: [[UInt16]], changes: ChangeMap) {
        for (position, paragraph) in old.enumerated() { home[paragraph] = (segments.count, position) }
        var segment = Segment(
            old: old, new: new, oldStarts: Self.starts(old.map { oldUnits[$0].count }),
            newStarts: Self.starts(new.map { newUnits[$0].count }), changes: changes)
        let breaks = segment.newStarts.dropFirst().dropLast().map { $0 - 1 }
        for typed in changes.insertedStretches {
            guard let first = breaks.first(where: typed.contains) else {
                if Self.words(in: typed, segment, newUnits) > Self.longestPhraseTyped { segment.typedPassages.append(typed) }
                continue
            }
            segment.typedBeforeBreaks.append(typed.lowerBound..<first)
            segment.typedFromBreaks.append(first..<typed.upperBound)
            if Self.words(in: typed.lowerBound..<first, segment, newUnits) > Self.longestPhraseTyped {
                segment.typedPassages.append(typed.lowerBound..<first)
            }
        }
        segments.append(segment)
    }

    /// The most words typed inside or right after a formatted phrase that still take its formatting.
    static let longestPhraseTyped = 12

    /// How many words (runs of letters and digits) a stretch of a segment's joined new text holds.
    private static func words(in stretch: Range<Int>, _ segment: Segment, _ newUnits: [[UInt16]]) -> Int {
        pieces(stretch, of: segment.new, starts: segment.newStarts).reduce(0) { count, piece in
            var words = 0, inWord = false
            for unit in newUnits[piece.paragraph][piece.range] {
                let letter = TextTokens.isWord(UInt32(unit))
                if letter && !inWord { words += 1 }
                inWord = letter
            }
            return count + words
        }
    }

    /// Each paragraph's start in the joined text (paragraphs separated by one unit), then the joined length plus one.
    static func starts(_ lengths: [Int]) -> [Int] {
        var starts: [Int] = []
        var position = 0
        for length in lengths {
            starts.append(position)
            position += length + 1
        }
        starts.append(position)
        return starts
    }

    /// Compares a stretch of old paragraphs with a stretch of new ones, joined by separators.
    static func compare(_ old: [Int], _ new: [Int], _ oldUnits: [[UInt16]], _ newUnits: [[UInt16]])
        -> (changes: ChangeMap, typed: [Range<Int>], deleted: [Range<Int>])
    {
        let changes = CharacterChanges.between(joined(old.map { oldUnits[$0] }), joined(new.map { newUnits[$0] }))
        let deleted = changes.replacements.filter { $0.oldLength > 0 }.map { $0.start..<$0.oldEnd }
        return (changes, changes.insertedStretches, deleted)
    }

    /// A stretch of a joined text as pieces of its paragraphs.
    static func pieces(_ stretch: Range<Int>, of paragraphs: [Int], starts: [Int]) -> [(paragraph: Int, range: Range<Int>)] {
        Self.paragraphs(overlapping: stretch, starts: starts).compactMap { k in
            let lower = max(stretch.lowerBound, starts[k]), upper = min(stretch.upperBound, starts[k + 1] - 1)
            return lower < upper ? (paragraphs[k], lower - starts[k]..<upper - starts[k]) : nil
        }
    }

    /// The positions (in `starts`) of the paragraphs a stretch of the joined text reaches (found by bisection).
    static func paragraphs(overlapping stretch: Range<Int>, starts: [Int]) -> Range<Int> {
        func firstStart(after position: Int) -> Int {
            var (low, high) = (0, starts.count - 1)
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] <= position { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let first = max(0, firstStart(after: stretch.lowerBound) - 1)
        let last = min(starts.count - 1, firstStart(after: max(stretch.lowerBound, stretch.upperBound - 1)))
        return first..<max(first, last)
    }

    /// FNV-1a 64 of a paragraph's units, remembering its length as its weight.
    static func joined(_ paragraphs: [[UInt16]]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(paragraphs.reduce(0) { $0 + $1.count + 1 })
        for (k, paragraph) in paragraphs.enumerated() {
            if k > 0 { result.append(TextTokens.separator) }
            result += paragraph.map(UInt32.init)
        }
        return result
    }
}
