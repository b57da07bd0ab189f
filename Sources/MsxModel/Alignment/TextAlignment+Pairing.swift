extension TextAlignment {
    /// Pairs old and new paragraphs of the changed stretches (the same text in another stretch when `exact`, else
    /// the same paragraph edited, anywhere), compares each pair as its own segment, and takes both out of their
    /// stretches. The paragraphs around a pair that moved with it stay its neighbours.
    /// - Returns: the text deleted from and typed into the edited pairs.
    mutating func pairParagraphs(_ gaps: inout [(old: [Int], new: [Int])], _ oldUnits: [[UInt16]], _ newUnits: [[UInt16]],
                                  exact: Bool) -> Edited {
        var edited = Edited()
        var newOwner: [Int: Int] = [:]
        var oldOwner: [Int: Int] = [:]
        for (g, gap) in gaps.enumerated() {
            for j in gap.new { newOwner[j] = g }
            for i in gap.old { oldOwner[i] = g }
        }
        guard !newOwner.isEmpty else { return edited }
        // The paragraphs still in their stretches (sets: a stretch may hold thousands); the stretches are cut down
        // to them at the end.
        var freeOld = Set(oldOwner.keys), freeNew = Set(newOwner.keys)
        func holdsOld(_ g: Int, _ i: Int) -> Bool { oldOwner[i] == g && freeOld.contains(i) }
        func holdsNew(_ h: Int, _ j: Int) -> Bool { newOwner[j] == h && freeNew.contains(j) }
        var byText: [UInt64: [Int]] = [:]
        if exact { for j in newOwner.keys.sorted() { byText[Self.fnv(newUnits[j][...]), default: []].append(j) } }
        var taken = Set<Int>()
        // Paragraphs with partners of their own are never taken as a neighbour's split-off or joined part.
        var claimedOld = Set<Int>(), claimedNew = Set<Int>()
        var ready: [Int: (new: Int, result: (changes: ChangeMap, typed: [Range<Int>], deleted: [Range<Int>]))] = [:]
        func pair(_ i: Int, _ j: Int, from g: Int, to h: Int, identical: Bool) {
            guard holdsOld(g, i) else { return }
            taken.insert(j)
            freeOld.remove(i)
            freeNew.remove(j)
            if identical {
                add(old: [i], new: [j], oldUnits, newUnits, changes: ChangeMap([]))
            } else {
                // A paragraph split on its way: the new paragraphs beside its partner that hold more of its text.
                var new = [j]
                var result = ready[i].flatMap { $0.new == j ? $0.result : nil } ?? Self.compare([i], new, oldUnits, newUnits)
                for step in [-1, 1] {
                    while let next = Optional(step < 0 ? new.first! - 1 : new.last! + 1), holdsNew(h, next), !taken.contains(next),
                          !claimedNew.contains(next), Self.lacks(step < 0 ? .head : .tail, of: oldUnits[i].count, result.changes) {
                        let wider = step < 0 ? [next] + new : new + [next]
                        let widerResult = Self.compare([i], wider, oldUnits, newUnits)
                        let length = oldUnits[i].count
                        let letters = oldUnits[i].map(UInt32.init)
                        let gain = Self.keptLetters(widerResult.changes, of: letters) - Self.keptLetters(result.changes, of: letters)
                        // A few more characters kept, the very ones next to what its partner kept (where it was
                        // cut), a letter from beyond what its partner kept, or most of the neighbour.
                        let kept = result.changes.keptOldStretches(in: 0..<length)
                        let cut = step < 0 ? (kept.first?.lowerBound ?? 0) - 1 : kept.last?.upperBound ?? 0
                        let keepsCut = cut >= 0 && cut < length && TextTokens.isWord(letters[cut])
                            && !widerResult.changes.keptOldStretches(in: cut..<cut + 1).isEmpty
                        let beyond = step < 0 ? 0..<max(0, cut + 1) : min(length, max(0, cut))..<length
                        let keepsLetterBeyond = widerResult.changes.keptOldStretches(in: beyond).contains { stretch in
                            stretch.contains { TextTokens.isWord(UInt32(oldUnits[i][$0])) }
                        }
                        guard gain >= 3 || (gain > 0 && (keepsCut || keepsLetterBeyond || 2 * gain >= newUnits[next].count)) else { break }
                        taken.insert(next)
                        freeNew.remove(next)
                        (new, result) = (wider, widerResult)
                    }
                }
                // Paragraphs joined on their way: the old paragraphs beside it whose text the new ones hold too.
                var old = [i]
                for step in [-1, 1] {
                    while let next = Optional(step < 0 ? old.first! - 1 : old.last! + 1), holdsOld(g, next),
                          !claimedOld.contains(next), Self.typed(step < 0 ? .head : .tail, of: new.reduce(-1) { $0 + newUnits[$1].count + 1 }, result.changes) {
                        let wider = step < 0 ? [next] + old : old + [next]
                        let widerResult = Self.compare(wider, new, oldUnits, newUnits)
                        let gain = Self.keptLetters(widerResult.changes, of: Self.joined(wider.map { oldUnits[$0] }))
                            - Self.keptLetters(result.changes, of: Self.joined(old.map { oldUnits[$0] }))
                        guard gain >= 3 else { break }
                        freeOld.remove(next)
                        (old, result) = (wider, widerResult)
                    }
                }
                add(old: old, new: new, oldUnits, newUnits, changes: result.changes)
                edited.typed += result.typed.map { Stretch(segment: segments.count - 1, range: $0) }
                edited.deleted += result.deleted.map { Stretch(segment: segments.count - 1, range: $0) }
            }
        }
        var partners: [(old: Int, new: Int, gap: Int)] = []
        if exact {
            var oldCount: [UInt64: Int] = [:]
            for gap in gaps { for i in gap.old { oldCount[Self.fnv(oldUnits[i][...]), default: 0] += 1 } }
            for (g, gap) in gaps.enumerated() {
                for i in gap.old {
                    // In its own stretch only when its text is found once on each side: identical paragraphs there
                    // are a repeated paragraph, aligned in order by the stretch's comparison.
                    let key = Self.fnv(oldUnits[i][...])
                    let unique = oldCount[key] == 1 && byText[key]?.count == 1
                    if let j = byText[key]?.first(where: {
                        !taken.contains($0) && (newOwner[$0] != g || unique) && newUnits[$0] == oldUnits[i]
                    }) {
                        taken.insert(j)
                        partners.append((i, j, g))
                    }
                }
            }
            taken = []
        } else {
            partners = Self.similarPairs(gaps, oldUnits, newUnits)
        }
        claimedOld = Set(partners.map(\.old))
        claimedNew = Set(partners.map(\.new))
        // The pairs' comparisons, made on all cores before they are used in order.
        if !exact {
            let results = partners.concurrentMap { partner in Self.compare([partner.old], [partner.new], oldUnits, newUnits) }
            for (partner, result) in zip(partners, results) { ready[partner.old] = (partner.new, result) }
        }
        for (i, j, g) in partners where holdsOld(g, i) && !taken.contains(j) {
            if let h = newOwner[j] {
                pair(i, j, from: g, to: h, identical: exact)
                // Paragraphs around one that moved (to another stretch) moved with it, edited or not.
                for step in [-1, 1] where g != h {
                    var (a, b) = (i + step, j + step)
                    while holdsOld(g, a), holdsNew(h, b), !taken.contains(b) {
                        // (A neighbour with a partner of its own is that partner's, unless it is the same text.)
                        let identical = oldUnits[a] == newUnits[b]
                        guard identical || (!claimedOld.contains(a) && !claimedNew.contains(b)) else { break }
                        let (x, y) = (Self.shingles(oldUnits[a].map(UInt32.init)), Self.shingles(newUnits[b].map(UInt32.init)))
                        let shared = Double(x.intersection(y).count)
                        guard identical || min(shared / Double(max(1, x.count)), shared / Double(max(1, y.count))) >= 0.25
                        else { break }
                        pair(a, b, from: g, to: h, identical: identical)
                        a += step
                        b += step
                    }
                }
            }
        }
        for g in gaps.indices {
            gaps[g].old.removeAll { !freeOld.contains($0) }
            gaps[g].new.removeAll { !freeNew.contains($0) }
        }
        return edited
    }

    /// Old and new paragraphs of the changed stretches that are the same paragraph edited (40% of the shingles of
    /// each found in the other), best pairs first, each paragraph in one pair at most. Where several partners score
    /// alike for one paragraph, it is left alone.
    static func similarPairs(_ gaps: [(old: [Int], new: [Int])], _ oldUnits: [[UInt16]], _ newUnits: [[UInt16]])
        -> [(old: Int, new: Int, gap: Int)]
    {
        // In place: a paragraph whose first and last words are still the same as the one at its place (the usual
        // edit) is that paragraph, without looking further.
        var pairs: [(old: Int, new: Int, gap: Int)] = []
        var pairedOld = Set<Int>(), pairedNew = Set<Int>()
        let inPlace = gaps.enumerated().flatMap { g, gap in zip(gap.old, gap.new).map { (old: $0, new: $1, gap: g) } }
        let edited = inPlace.concurrentMap { Self.editedInPlace(oldUnits[$0.old], newUnits[$0.new]) }
        for (pair, isEdited) in zip(inPlace, edited) where isEdited {
            pairs.append(pair)
            pairedOld.insert(pair.old)
            pairedNew.insert(pair.new)
        }
        let olds = gaps.enumerated().flatMap { g, gap in gap.old.filter { !pairedOld.contains($0) }.map { ($0, g) } }
        let news = gaps.flatMap { $0.new.filter { !pairedNew.contains($0) } }
        guard !olds.isEmpty, !news.isEmpty else { return pairs }
        // Candidates through an index of the new paragraphs' shingles (those found in many paragraphs, like " th",
        // tell nothing and are left out), so the cost follows the text, not the number of pairs; a candidate is
        // then scored on all its shingles.
        let shinglesOf = news.concurrentMap { Self.shingles(newUnits[$0].map(UInt32.init)) }
        var postings: [UInt64: [Int]] = [:]
        for (k, set) in shinglesOf.enumerated() { for shingle in set { postings[shingle, default: []].append(k) } }
        let common = max(8, news.count / 10)
        var scored: [(old: Int, new: Int, gap: Int, score: Double)] = []
        for (i, g) in olds {
            let mine = shingles(oldUnits[i].map(UInt32.init))
            guard mine.count >= 4 else { continue }
            var hits: [Int: Int] = [:]
            var telling = 0
            for shingle in mine {
                let list = postings[shingle] ?? []
                guard list.count <= common else { continue }
                telling += 1
                for k in list { hits[k, default: 0] += 1 }
            }
            // Those sharing a fifth of the telling shingles are scored on all of them.
            var candidates: [(Int, Double)] = []
            for (k, hit) in hits where 5 * hit >= telling && shinglesOf[k].count >= 4 {
                let shared = Double(mine.intersection(shinglesOf[k]).count)
                let score = min(shared / Double(mine.count), shared / Double(shinglesOf[k].count))
                if score >= 0.4 { candidates.append((news[k], score)) }
            }
            let top = candidates.map(\.1).max()
            let leaders = candidates.filter { $0.1 == top }
            if leaders.count == 1 { scored.append((i, leaders[0].0, g, leaders[0].1)) }
        }
        var usedOld = pairedOld, usedNew = pairedNew
        for candidate in scored.sorted(by: { $0.score != $1.score ? $0.score > $1.score : $0.old < $1.old })
        where !usedOld.contains(candidate.old) && !usedNew.contains(candidate.new) {
            usedOld.insert(candidate.old)
            usedNew.insert(candidate.new)
            pairs.append((candidate.old, candidate.new, candidate.gap))
        }
        return pairs
    }

    enum End { case head, tail }

    /// Whether the old text of `length` units lost its head (tail) in `changes`: only then can a neighbour hold it.
    static func lacks(_ end: End, of length: Int, _ changes: ChangeMap) -> Bool {
        guard length > 0 else { return false }
        let kept = changes.keptOldStretches(in: 0..<length)
        return end == .head ? kept.first?.lowerBound != 0 : kept.last?.upperBound != length
    }

    /// Whether the new text of `length` units begins (ends) with typed text: only then can an old neighbour be in it.
    static func typed(_ end: End, of length: Int, _ changes: ChangeMap) -> Bool {
        guard length > 0 else { return false }
        let typed = changes.insertedStretches
        return end == .head ? typed.first?.lowerBound == 0 : typed.last?.upperBound == length
    }

    /// Whether `new` is `old` edited where it stands: what they share at the start and the end is at least half of
    /// each, or two thirds of their words are the same.
    static func editedInPlace(_ old: [UInt16], _ new: [UInt16]) -> Bool {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        if 2 * (prefix + suffix) >= max(old.count, new.count) && prefix + suffix >= 8 { return true }
        // Edited in several places: still most of the same words, and as many.
        let (a, b) = (words(old), words(new))
        guard a.count >= 4, b.count >= 4 else { return false }
        let shared = a.intersection(b).count
        return 3 * shared >= 2 * max(a.count, b.count)
    }

    /// A paragraph's words, hashed (to compare two paragraphs cheaply).
    private static func words(_ units: [UInt16]) -> Set<UInt64> {
        Set(units.split(separator: 0x20).map(fnv))
    }

    /// FNV-1a 64 of some units (fast; used to find equal texts, which are then compared).
    static func fnv(_ units: ArraySlice<UInt16>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units { hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3 }
        return hash
    }

    /// How many letters of the old text `units` (paragraphs joined) `changes` keeps: spaces and punctuation match
    /// anywhere, so they are no evidence.
    static func keptLetters(_ changes: ChangeMap, of units: [UInt32]) -> Int {
        changes.keptOldStretches(in: 0..<units.count).reduce(0) { sum, stretch in sum + stretch.count { TextTokens.isWord(units[$0]) } }
    }
}
