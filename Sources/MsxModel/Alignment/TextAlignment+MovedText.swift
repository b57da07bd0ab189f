extension TextAlignment {
    /// The shortest deleted stretch (units) looked for elsewhere as moved text.
    static let movedTextLength = 16

    /// Text deleted in one place and typed in another with mostly the same words (a sentence or a paragraph moved,
    /// perhaps joined to another or split on the way): its characters are compared with the typed text, and its
    /// formatting follows them there. Typing before it never runs on into it.
    mutating func placeMovedText(_ deleted: [Stretch], typed: [Stretch], _ oldUnits: [[UInt16]], _ newUnits: [[UInt16]]) {
        guard !deleted.isEmpty, !typed.isEmpty else { return }
        var joinedOld: [Int: [UInt32]] = [:], joinedNew: [Int: [UInt32]] = [:]
        func text(_ stretch: Stretch, new: Bool) -> [UInt32] {
            if new {
                if joinedNew[stretch.segment] == nil { joinedNew[stretch.segment] = joinedText(stretch.segment, new: true, oldUnits, newUnits) }
                return Array(joinedNew[stretch.segment]![stretch.range])
            }
            if joinedOld[stretch.segment] == nil { joinedOld[stretch.segment] = joinedText(stretch.segment, new: false, oldUnits, newUnits) }
            return Array(joinedOld[stretch.segment]![stretch.range])
        }
        let typedUnits = typed.map { text($0, new: true) }
        // Only stretches of a few words are looked for by their shingles (a word or two cut here and typed there
        // is an edit, not a move; what a split cuts off a paragraph's edge is found by `cutOffEnd`).
        let index = ShingleIndex(typedUnits.map { $0.count >= Self.movedTextLength / 2 ? Self.shingles($0) : [] })
        // The typed stretches of the segment holding each new paragraph, for `cutOffEnd`.
        var typedAround: [Int: [Int]] = [:]
        for (k, stretch) in typed.enumerated() {
            for paragraph in segments[stretch.segment].new { typedAround[paragraph, default: []].append(k) }
        }
        for source in deleted {
            // The whole deleted stretch first (paragraphs moved together), else each of its paragraphs alone.
            let segment = segments[source.segment]
            let candidates = [source] + Self.pieces(source.range, of: segment.old, starts: segment.oldStarts).map { piece in
                let start = segment.oldStarts[segment.old.firstIndex(of: piece.paragraph)!]
                return Stretch(segment: source.segment, range: start + piece.range.lowerBound..<start + piece.range.upperBound)
            }
            for candidate in candidates.count == 2 ? [source] : candidates {
                let slice = text(candidate, new: false)
                let found = (slice.count >= Self.movedTextLength ? index.mostSimilar(to: Self.shingles(slice)) : nil)
                    ?? cutOffEnd(candidate, slice, typed, typedUnits, typedAround: typedAround)
                guard let k = found else { continue }
                let changes = CharacterChanges.between(slice, typedUnits[k])
                movedTexts.append(MovedText(source: candidate, target: typed[k], changes: changes))
                placeRest(of: candidate, slice, besides: k, kept: changes, typed, typedUnits, index: index)
                if candidate.range == source.range { break }
            }
        }
        for moved in movedTexts {
            guard let first = moved.changes.keptStretches(in: 0..<moved.source.range.count).first?.lowerBound else { continue }
            let text = joinedText(moved.target.segment, new: true, oldUnits, newUnits)
            var stop = moved.target.range.lowerBound + first
            while stop > 0, Self.isSpace(text[stop - 1]) { stop -= 1 }
            segments[moved.target.segment].stops.append(stop)
        }
    }

    /// A few characters cut off the start or end of a paragraph by a split and found typed at the edge of a new
    /// paragraph next to where the rest of that paragraph went: exactly, or most of them with a few letters or
    /// words changed on the way (a word fixed as the paragraphs were rearranged).
    func cutOffEnd(_ source: Stretch, _ slice: [UInt32], _ typed: [Stretch], _ typedUnits: [[UInt32]],
                   typedAround: [Int: [Int]]) -> Int? {
        let segment = segments[source.segment]
        guard !slice.isEmpty, let first = segment.new.first, let last = segment.new.last else { return nil }
        let atStart = segment.oldStarts.contains(source.range.lowerBound)
        let atEnd = segment.oldStarts.contains(source.range.upperBound + 1)
        guard atStart || atEnd else { return nil }
        // Spaces and breaks around the words do not count: a join or a split moves them.
        func trimmed(_ units: [UInt32]) -> [UInt32] {
            let edge = { (unit: UInt32) in unit == 0x20 || unit == TextTokens.separator }
            return Array(units.drop(while: edge).reversed().drop(while: edge).reversed()).map(TextTokens.folded)
        }
        let folded = trimmed(slice)
        guard !folded.isEmpty else { return nil }
        let neighbours = Set((atEnd ? typedAround[last + 1] ?? [] : []) + (atStart ? typedAround[first - 1] ?? [] : []))
        let matches = neighbours.sorted().filter { k in
            let target = segments[typed[k].segment]
            let units = trimmed(typedUnits[k])
            // Compared from the old break: the start of text typed at a paragraph's end (words cut off the start
            // of the next), the end of text typed at a paragraph's start (words cut off the end of the one before).
            if atEnd, target.new.contains(last + 1), target.newStarts.contains(typed[k].range.lowerBound) {
                return Self.resembles(folded.reversed(), fromTheBreak: units.reversed())
            }
            if atStart, target.new.contains(first - 1), target.newStarts.contains(typed[k].range.upperBound + 1) {
                return Self.resembles(folded, fromTheBreak: units)
            }
            return false
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Whether typed text is `words` cut off a paragraph by a split or a join, both read from the old paragraph
    /// break: it is them, or begins with their first whole word (the rest retyped), or holds three quarters of
    /// them (in stretches of three or more units) with typing among them.
    static func resembles<W: Collection, T: Collection>(_ words: W, fromTheBreak typed: T) -> Bool
    where W.Element == UInt32, T.Element == UInt32 {
        let (words, typed) = (Array(words), Array(typed))
        if typed.starts(with: words) { return true }
        let firstWord = words.prefix { TextTokens.isWord($0) }
        if firstWord.count >= 3, typed.starts(with: firstWord), typed.count == firstWord.count || !TextTokens.isWord(typed[firstWord.count]) {
            return true
        }
        guard words.count >= 8 else { return false }
        // Room for a few words typed among them.
        let kept = MyersDiff.diff(words, Array(typed.prefix(2 * words.count))).compactMap { step -> Int? in
            if case .equal(let old, _) = step, old.count >= 3 { old.count } else { nil }
        }
        return 4 * kept.reduce(0, +) >= 3 * words.count
    }

    /// Moved text rarely lands in one piece: a paragraph moved and split, or moved and joined to another, leaves
    /// part of it typed elsewhere. Each stretch of `slice` that `kept` did not place is looked for, on its own, in
    /// the other typed stretches (exactly, when it is a word or two).
    mutating func placeRest(of source: Stretch, _ slice: [UInt32], besides used: Int, kept: ChangeMap,
                            _ typed: [Stretch], _ typedUnits: [[UInt32]], index: ShingleIndex) {
        var rests: [Range<Int>] = []
        var cursor = 0
        for replacement in kept.replacements where replacement.oldLength > 0 {
            let rest = max(cursor, replacement.start)..<replacement.oldEnd
            if rest.count >= 3 { rests.append(rest) }
            cursor = replacement.oldEnd
        }
        for rest in rests {
            let piece = Array(slice[rest])
            let shingles = Self.shingles(piece)
            var best: (index: Int, score: Double)?
            if shingles.count >= 4 {
                best = index.mostSimilar(to: shingles).flatMap { $0 == used ? nil : ($0, 1) }
            } else {
                // A word or two: found exactly, in one typed stretch only.
                let folded = piece.map(TextTokens.folded)
                let holders = typedUnits.indices.filter { k in
                    let hay = typedUnits[k].map(TextTokens.folded)
                    return k != used && hay.count >= folded.count
                        && (0...(hay.count - folded.count)).contains { Array(hay[$0..<$0 + folded.count]) == folded }
                }
                if holders.count == 1 { best = (holders[0], 1) }
            }
            guard let (k, _) = best else { continue }
            let sub = Stretch(segment: source.segment, range: source.range.lowerBound + rest.lowerBound..<source.range.lowerBound + rest.upperBound)
            movedTexts.append(MovedText(source: sub, target: typed[k], changes: CharacterChanges.between(piece, typedUnits[k])))
        }
    }

    /// A segment's old or new paragraphs joined by separators.
    func joinedText(_ segment: Int, new: Bool, _ oldUnits: [[UInt16]], _ newUnits: [[UInt16]]) -> [UInt32] {
        new ? Self.joined(segments[segment].new.map { newUnits[$0] }) : Self.joined(segments[segment].old.map { oldUnits[$0] })
    }

    static func isSpace(_ unit: UInt32) -> Bool { unit == 0x20 || unit == 0xA0 || unit == 0x09 }


    /// What a text is recognised by when it moved and changed: its three-letter shingles (case folded), which
    /// survive edits inside words better than whole words do.
    static func shingles(_ units: [UInt32]) -> Set<UInt64> {
        let keys = units.map { UInt64(TextTokens.folded($0)) }
        guard keys.count >= 3 else { return keys.isEmpty ? [] : [keys.reduce(0) { $0 << 17 | $1 }] }
        return Set((0..<keys.count - 2).map { keys[$0] << 34 | keys[$0 + 1] << 17 | keys[$0 + 2] })
    }
}

/// Typed stretches by their shingles, to find the one a deleted stretch moved to without comparing it with each.
struct ShingleIndex {
    private var postings: [UInt64: [Int]] = [:]

    init(_ sets: [Set<UInt64>]) {
        for (k, set) in sets.enumerated() { for shingle in set { postings[shingle, default: []].append(k) } }
    }

    /// The stretch holding at least 40% of `shingles` (a moved stretch may be part of what was typed: moved and
    /// joined to more), the best one only when it is the only one that good.
    func mostSimilar(to shingles: Set<UInt64>) -> Int? {
        guard shingles.count >= 4 else { return nil }
        var hits: [Int: Int] = [:]
        for shingle in shingles { for k in postings[shingle] ?? [] { hits[k, default: 0] += 1 } }
        let needed = (2 * shingles.count + 4) / 5
        let good = hits.filter { $0.value >= needed }
        guard let top = good.values.max() else { return nil }
        let leaders = good.filter { $0.value == top }
        return leaders.count == 1 ? leaders.first!.key : nil
    }
}
