/// The character changes from one text to another, as a writer made them: words first (a word is kept or
/// replaced), then letters inside changed words that are still recognisably the same word (letters added or taken
/// away, a small correction, a change of case).
enum CharacterChanges {
    /// Changed stretches larger than this (units, both sides) are not compared letter by letter.
    static let letterLimit = 4_000
    /// Stretches of at most this many tokens (both sides) are compared without looking for unique anchors first.
    static let directLimit = 1_000
    /// Changed stretches whose sides multiply to at most this are aligned by weight (letters before spaces).
    static let weightedLimit = 40_000
    /// The most text typed inside one word for its letters to be still seen as that word (units).
    static let maximumTypedInsideAWord = 24
    /// Spaces and paragraph breaks between two changes no larger than this (units) are compared with them.
    static let smallChange = 64

    /// The replacements that turn `old` into `new` (texts of UTF-16 units and separators).
    ///
    /// What the two share at either end, cut back to a word boundary, is kept without comparing: an edit costs
    /// what it touches, not the length of the paragraph (or chapter) around it.
    static func between(_ old: [UInt32], _ new: [UInt32]) -> ChangeMap {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        if prefix == old.count && prefix == new.count { return ChangeMap([]) }
        // Never inside a word: the letters of a changed word are compared together.
        while prefix > 0, TextTokens.isWord(old[prefix - 1]), prefix < old.count && TextTokens.isWord(old[prefix]) || prefix < new.count && TextTokens.isWord(new[prefix]) {
            prefix -= 1
        }
        while suffix > 0, TextTokens.isWord(old[old.count - suffix]),
              old.count - suffix - 1 >= prefix && TextTokens.isWord(old[old.count - suffix - 1])
                || new.count - suffix - 1 >= prefix && TextTokens.isWord(new[new.count - suffix - 1]) {
            suffix -= 1
        }
        let middle = compared(Array(old[prefix..<old.count - suffix]), Array(new[prefix..<new.count - suffix]))
        return ChangeMap(middle.replacements.map { .init(start: $0.start + prefix, oldLength: $0.oldLength, newLength: $0.newLength) })
    }

    /// `between` for two texts that differ from their first unit to their last.
    private static func compared(_ old: [UInt32], _ new: [UInt32]) -> ChangeMap {
        let oldKeys = old.map(TextTokens.folded)
        let newKeys = new.map(TextTokens.folded)
        let oldTokens = TextTokens(oldKeys).ranges
        let newTokens = TextTokens(newKeys).ranges
        // Tokens compared by a 64-bit hash of their folded units (two different words of one paragraph sharing one
        // is a chance of about one in 10^19).
        func hash(_ keys: [UInt32], _ range: Range<Int>) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for i in range { hash = (hash ^ UInt64(keys[i])) &* 0x100_0000_01b3 }
            return hash
        }
        let (a, b) = (oldTokens.map { hash(oldKeys, $0) }, newTokens.map { hash(newKeys, $0) })
        // A stretch of a paragraph or two is aligned keeping the most letters (of two ways to keep words, the one
        // keeping the longer ones: "Each sidecar", not "its words"); longer ones are compared directly, and longer
        // still anchored on their unique words first.
        let weights = oldTokens.map { range in Int32(range.reduce(0) { $0 + (TextTokens.isWord(oldKeys[$1]) ? 3 : 1) }) }
        let words = (oldTokens.map { TextTokens.isWord(oldKeys[$0.lowerBound]) }, newTokens.map { TextTokens.isWord(newKeys[$0.lowerBound]) })
        let steps = tokenAlignment(a, b, words: words) { weights[$0] }
        var pieces: [Piece] = []
        var pendingOld = 0, pendingNew = 0
        var oldPosition = 0, newPosition = 0
        func flush() {
            if pendingOld > 0 || pendingNew > 0 {
                pieces += refine(old: oldPosition..<oldPosition + pendingOld, new: newPosition..<newPosition + pendingNew, oldKeys, newKeys)
            }
            oldPosition += pendingOld
            newPosition += pendingNew
            pendingOld = 0
            pendingNew = 0
        }
        for (k, step) in steps.enumerated() {
            switch step {
            case .equal(let o, _):
                let length = oldTokens[o.upperBound - 1].upperBound - oldTokens[o.lowerBound].lowerBound
                // Spaces, punctuation and paragraph breaks between two changes are compared with them letter by
                // letter: which break a split word's halves sit on either side of is decided by their letters.
                let between = pendingOld + pendingNew > 0 && max(pendingOld, pendingNew) <= smallChange && k + 1 < steps.count
                    && Self.changeSize(after: k, steps, oldTokens, newTokens) <= smallChange
                if between, !oldKeys[oldPosition + pendingOld..<oldPosition + pendingOld + length].contains(where: TextTokens.isWord) {
                    pendingOld += length
                    pendingNew += length
                    continue
                }
                flush()
                pieces.append(Piece(old: length, new: length, isEqual: true))
                oldPosition += length
                newPosition += length
            case .delete(let o, _): pendingOld += oldTokens[o.upperBound - 1].upperBound - oldTokens[o.lowerBound].lowerBound
            case .insert(let n, _): pendingNew += newTokens[n.upperBound - 1].upperBound - newTokens[n.lowerBound].lowerBound
            }
        }
        flush()
        pieces = Piece.joiningEdits(Piece.merged(pieces), separatedOnlyByPunctuationIn: oldKeys, newKeys)
        var replacements: [ChangeMap.Replacement] = []
        var position = 0
        for piece in pieces {
            if !piece.isEqual { replacements.append(.init(start: position, oldLength: piece.old, newLength: piece.new)) }
            position += piece.old
        }
        return ChangeMap(replacements)
    }

    /// Words either side of a change that are aligned again with it by weight.
    static let weightedContext = 8

    /// The alignment of two token sequences: found by Myers' algorithm (anchored on unique tokens first for long
    /// ones), then each change with `weightedContext` tokens either side aligned again keeping the most weight
    /// when a word it deletes or types is found on the other side there (else there is no other way to keep words),
    /// so an edit costs what it touches, not the square of its paragraph. `words`: whether each token of `a` and
    /// of `b` is a word.
    private static func tokenAlignment(_ a: [UInt64], _ b: [UInt64], words: (old: [Bool], new: [Bool]), weight: (Int) -> Int32) -> [EditStep] {
        let coarse = a.count + b.count <= directLimit ? MyersDiff.diff(a, b) : PatienceDiff.diff(a, b)
        // The windows to align again: each change widened by the context, overlapping ones joined.
        var windows: [(old: Range<Int>, new: Range<Int>, changedWords: [UInt64])] = []
        for step in coarse {
            let (old, new): (Range<Int>, Range<Int>)
            switch step {
            case .equal: continue
            case .delete(let o, let at): (old, new) = (o, at..<at)
            case .insert(let r, let at): (old, new) = (at..<at, r)
            }
            let changedWords = old.filter { words.old[$0] }.map { a[$0] } + new.filter { words.new[$0] }.map { b[$0] }
            let context = min(weightedContext, old.lowerBound, new.lowerBound)
            let widened = (old: old.lowerBound - context..<min(a.count, old.upperBound + weightedContext),
                           new: new.lowerBound - context..<min(b.count, new.upperBound + weightedContext))
            if let last = windows.last, last.old.upperBound >= widened.old.lowerBound || last.new.upperBound >= widened.new.lowerBound {
                windows[windows.count - 1] = (last.old.lowerBound..<max(last.old.upperBound, widened.old.upperBound),
                                              last.new.lowerBound..<max(last.new.upperBound, widened.new.upperBound),
                                              last.changedWords + changedWords)
            } else {
                windows.append((widened.old, widened.new, changedWords))
            }
        }
        var steps: [EditStep] = []
        var (oldDone, newDone) = (0, 0)
        for window in windows {
            if window.old.lowerBound > oldDone {
                steps.append(.equal(old: oldDone..<window.old.lowerBound, new: newDone..<window.new.lowerBound))
            }
            let (x, y) = (Array(a[window.old]), Array(b[window.new]))
            // A changed word found twice in the window (deleted and still standing, or typed and already there).
            let ambiguous = window.changedWords.contains { word in x.count { $0 == word } + y.count { $0 == word } > 1 }
            let local = ambiguous && x.count * y.count <= weightedLimit
                ? weightedAlignment(x, y) { weight(window.old.lowerBound + $0) } : MyersDiff.diff(x, y)
            steps += local.map { $0.shifted(old: window.old.lowerBound, new: window.new.lowerBound) }
            (oldDone, newDone) = (window.old.upperBound, window.new.upperBound)
        }
        if oldDone < a.count { steps.append(.equal(old: oldDone..<a.count, new: newDone..<b.count)) }
        return MyersDiff.merge(steps)
    }

    /// The larger side of the change that follows step `k` (0 when an equal stretch follows).
    private static func changeSize(after k: Int, _ steps: [EditStep], _ oldTokens: [Range<Int>], _ newTokens: [Range<Int>]) -> Int {
        var old = 0, new = 0
        for step in steps[(k + 1)...] {
            switch step {
            case .equal: return max(old, new)
            case .delete(let o, _): old += oldTokens[o.upperBound - 1].upperBound - oldTokens[o.lowerBound].lowerBound
            case .insert(let n, _): new += newTokens[n.upperBound - 1].upperBound - newTokens[n.lowerBound].lowerBound
            }
        }
        return max(old, new)
    }

    /// One changed stretch: letter by letter when the two sides are the same words edited, else one change.
    private static func refine(old: Range<Int>, new: Range<Int>, _ oldKeys: [UInt32], _ newKeys: [UInt32]) -> [Piece] {
        let whole = [Piece(old: old.count, new: new.count, isEqual: false)]
        guard !old.isEmpty, !new.isEmpty, old.count + new.count <= letterLimit else { return whole }
        let (a, b) = (Array(oldKeys[old]), Array(newKeys[new]))
        let steps = a.count * b.count <= weightedLimit ? weightedAlignment(a, b) : MyersDiff.diff(a, b)
        return Piece.releasingStrayLetters(Piece.pieces(steps), a, b)
    }

    /// The alignment keeping the most letters, then the most other characters: of two equally long alignments,
    /// the one that keeps the "x" of a word rather than a space that a joined paragraph put back ("dusk\nx y" to
    /// "dusk xy" keeps the "x", not the space). Of the alignment matching as early as it can and the one matching as
    /// late as it can, the one keeping text in fewer pieces ("wind" in "whirlwind" is its last four letters, not
    /// "w", "i" and "nd"). Quadratic, so for small stretches only.
    private static func weightedAlignment(_ a: [UInt32], _ b: [UInt32]) -> [EditStep] {
        weightedAlignment(a.map(UInt64.init), b.map(UInt64.init)) { TextTokens.isWord(a[$0]) ? 3 : 1 }
    }

    /// The alignment of `a` and `b` keeping the most weight (`weight(i)`: what keeping `a[i]` is worth); of the
    /// one matching as early as it can and the one matching as late as it can, the one keeping fewer pieces.
    private static func weightedAlignment(_ a: [UInt64], _ b: [UInt64], weight: (Int) -> Int32) -> [EditStep] {
        let (n, m) = (a.count, b.count)
        let early = earliestWeightedAlignment(a, b, weight: weight)
        let late: [EditStep] = earliestWeightedAlignment(Array(a.reversed()), Array(b.reversed())) { weight(n - 1 - $0) }
            .reversed().map { step in
                switch step {
                case .equal(let o, let r): .equal(old: n - o.upperBound..<n - o.lowerBound, new: m - r.upperBound..<m - r.lowerBound)
                case .delete(let o, let at): .delete(old: n - o.upperBound..<n - o.lowerBound, at: m - at)
                case .insert(let r, let at): .insert(new: m - r.upperBound..<m - r.lowerBound, at: n - at)
                }
            }
        func pieces(_ steps: [EditStep]) -> Int { steps.count { if case .equal = $0 { true } else { false } } }
        return pieces(late) < pieces(early) ? late : early
    }

    /// Each match that follows a match is worth this much more: of alignments keeping as much, the one keeping
    /// whole stretches ("house" in "light, the old house", not its "h" from "the" and "o" from "old").
    static let continuationBonus: Int32 = 1

    private static func earliestWeightedAlignment(_ a: [UInt64], _ b: [UInt64], weight: (Int) -> Int32) -> [EditStep] {
        let (n, m) = (a.count, b.count)
        // best[i][j]: the most a[i...] and b[j...] can be worth; matched[i][j]: the most when a[i] and b[j] are kept
        // together (only where they are equal).
        var best = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        var matched = [Int32](repeating: .min, count: (n + 1) * (m + 1))
        func at(_ i: Int, _ j: Int) -> Int { i * (m + 1) + j }
        func continuing(_ i: Int, _ j: Int) -> Int32 {
            i < n && j < m && matched[at(i, j)] != .min ? matched[at(i, j)] + continuationBonus : .min
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            let w = weight(i)
            for j in stride(from: m - 1, through: 0, by: -1) {
                var value = max(best[at(i + 1, j)], best[at(i, j + 1)])
                if a[i] == b[j] {
                    let kept = w + max(best[at(i + 1, j + 1)], continuing(i + 1, j + 1))
                    matched[at(i, j)] = kept
                    value = max(value, kept)
                }
                best[at(i, j)] = value
            }
        }
        var steps: [EditStep] = []
        var (i, j) = (0, 0)
        var keeping = false  // the previous step kept a[i - 1] with b[j - 1], and the path goes on keeping
        while i < n || j < m {
            if keeping || (i < n && j < m && matched[at(i, j)] == best[at(i, j)]) {
                let rest = matched[at(i, j)] - weight(i)
                steps.append(.equal(old: i..<i + 1, new: j..<j + 1))
                i += 1
                j += 1
                keeping = rest != best[at(i, j)] && continuing(i, j) == rest
            } else if i < n, j == m || best[at(i, j)] == best[at(i + 1, j)] {
                steps.append(.delete(old: i..<i + 1, at: j))
                i += 1
            } else {
                steps.append(.insert(new: j..<j + 1, at: i))
                j += 1
            }
        }
        return MyersDiff.merge(steps)
    }

    /// A stretch of a letter-level comparison: equal (`old == new` units kept) or changed.
    private struct Piece {
        var old: Int
        var new: Int
        var isEqual: Bool

        static func pieces(_ steps: [EditStep]) -> [Piece] {
            merged(steps.map { step in
                switch step {
                case .equal(let o, _): Piece(old: o.count, new: o.count, isEqual: true)
                case .delete(let o, _): Piece(old: o.count, new: 0, isEqual: false)
                case .insert(let n, _): Piece(old: 0, new: n.count, isEqual: false)
                }
            })
        }

        /// Adjacent pieces of the same kind as one.
        static func merged(_ pieces: [Piece]) -> [Piece] {
            var result: [Piece] = []
            for piece in pieces where piece.old > 0 || piece.new > 0 {
                if let last = result.last, last.isEqual == piece.isEqual {
                    result[result.count - 1].old += piece.old
                    result[result.count - 1].new += piece.new
                } else {
                    result.append(piece)
                }
            }
            return result
        }

        /// Two changes separated only by spaces or punctuation are one change ("ee, sru" deleted from "hkzee, sru,
        /// x" is one deletion, not "ee" and "sru, " around a kept ", "): a writer deletes or retypes one stretch.
        /// What the joined change begins or ends with on both sides is then kept again, as a diff would.
        static func joiningEdits(_ pieces: [Piece], separatedOnlyByPunctuationIn oldKeys: [UInt32], _ newKeys: [UInt32]) -> [Piece] {
            var result: [Piece] = []
            var oldPosition = 0, newPosition = 0
            var i = 0
            while i < pieces.count {
                var piece = pieces[i]
                let start = (old: oldPosition, new: newPosition)
                /// Whether a change only adds or removes paragraph breaks (a split or a join: not a stretch retyped).
                func onlyBreaks(_ p: Piece, oldAt o: Int, newAt n: Int) -> Bool {
                    oldKeys[o..<o + p.old].allSatisfy { $0 == TextTokens.separator }
                        && newKeys[n..<n + p.new].allSatisfy { $0 == TextTokens.separator }
                }
                if !piece.isEqual, !onlyBreaks(piece, oldAt: oldPosition, newAt: newPosition) {
                    var keptInside = 0
                    var joinedAny = false
                    while i + 2 < pieces.count, pieces[i + 2].isEqual == false,
                        oldKeys[oldPosition + piece.old..<oldPosition + piece.old + pieces[i + 1].old].allSatisfy(isPunctuation),
                        !onlyBreaks(pieces[i + 2], oldAt: oldPosition + piece.old + pieces[i + 1].old,
                                    newAt: newPosition + piece.new + pieces[i + 1].new)
                    {
                        // Only when the joined change keeps as much at its ends as it swallowed in its middle (the
                        // kept punctuation moves to the edge of one deletion, none is lost), or when the punctuation
                        // is stranded beside a long change.
                        var joined = piece
                        joined.old += pieces[i + 1].old + pieces[i + 2].old
                        joined.new += pieces[i + 1].new + pieces[i + 2].new
                        let ends = trimmed(joined, oldAt: start.old, newAt: start.new, oldKeys, newKeys)
                        let next = pieces[i + 2]
                        // A space or comma alone beside a long stretch typed or deleted is a coincidence.
                        let stranded = max(piece.old, piece.new, next.old, next.new) >= maximumTypedInsideAWord
                        guard stranded || ends[0].old + ends[2].old >= keptInside + pieces[i + 1].old else { break }
                        keptInside += pieces[i + 1].old
                        joinedAny = true
                        piece = joined
                        i += 2
                    }
                    result += joinedAny ? trimmed(piece, oldAt: start.old, newAt: start.new, oldKeys, newKeys) : [piece]
                } else {
                    result.append(piece)
                }
                oldPosition = start.old + piece.old
                newPosition = start.new + piece.new
                i += 1
            }
            return merged(result)
        }

        private static func isPunctuation(_ unit: UInt32) -> Bool { unit != TextTokens.separator && !TextTokens.isWord(unit) }

        /// A change with what both sides share at its ends kept.
        private static func trimmed(_ piece: Piece, oldAt o: Int, newAt n: Int, _ oldKeys: [UInt32], _ newKeys: [UInt32]) -> [Piece] {
            var prefix = 0
            while prefix < min(piece.old, piece.new), oldKeys[o + prefix] == newKeys[n + prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(piece.old, piece.new) - prefix,
                oldKeys[o + piece.old - 1 - suffix] == newKeys[n + piece.new - 1 - suffix] { suffix += 1 }
            return [Piece(old: prefix, new: prefix, isEqual: true),
                    Piece(old: piece.old - prefix - suffix, new: piece.new - prefix - suffix, isEqual: false),
                    Piece(old: suffix, new: suffix, isEqual: true)]
        }

        /// Letters kept of an old word that kept less than half of them are a coincidence ("d" and "k" of "dusk"
        /// retyped as "dark"): they are changed, not kept, so formatting follows the word's fate, not stray letters.
        static func releasingStrayLetters(_ pieces: [Piece], _ oldKeys: [UInt32], _ newKeys: [UInt32]) -> [Piece] {
            var kept = [Bool](repeating: false, count: oldKeys.count)
            var newPosition = [Int](repeating: 0, count: oldKeys.count)
            var position = 0, target = 0
            for piece in pieces {
                if piece.isEqual {
                    for i in 0..<piece.old {
                        kept[position + i] = true
                        newPosition[position + i] = target + i
                    }
                }
                position += piece.old
                target += piece.new
            }
            let keptNew = Set(oldKeys.indices.filter { kept[$0] }.map { newPosition[$0] })
            // A stretch with more letters typed than kept is a rewrite: what it keeps of the old words is suspect.
            let newLetters = newKeys.indices.filter { TextTokens.isWord(newKeys[$0]) }
            let rewritten = 2 * newLetters.count { keptNew.contains($0) } < newLetters.count
            var newWord = [Range<Int>?](repeating: nil, count: newKeys.count)
            for word in TextTokens(newKeys).ranges where TextTokens.isWord(newKeys[word.lowerBound]) {
                for j in word { newWord[j] = word }
            }
            for word in TextTokens(oldKeys).ranges where TextTokens.isWord(oldKeys[word.lowerBound]) {
                let survivors = word.filter { kept[$0] }
                guard let first = survivors.first, let last = survivors.last else { continue }
                // Kept letters spread over much more than the word plus a few words typed inside it are letters of
                // other words that happen to match.
                let scattered = newPosition[last] - newPosition[first] + 1 > word.count + maximumTypedInsideAWord
                // A word that lost most of its letters was retyped when letters were typed among what is left of it
                // or on both sides of it ("storm" retyped "train"), or when the stretch was rewritten ("lamp burned
                // all night" rewritten "light went out" keeps no "l" of "lamp"); otherwise what is left is the end of
                // a deletion. Letters that are at most half of a new word (of four letters or more) with letters typed in it are that word's
                // by chance ("came in at dusk" rewritten "the wind rose" keeps no "in").
                func typed(_ j: Int) -> Bool { j >= 0 && j < newKeys.count && TextTokens.isWord(newKeys[j]) && !keptNew.contains(j) }
                let among = (newPosition[first]..<newPosition[last]).contains(where: typed)
                let around = typed(newPosition[first] - 1) && typed(newPosition[last] + 1)
                // (Not a word whose letters all went on around text typed inside it, nor a whole word that a new one
                // begins or ends with: "happy" made "unhappy".)
                let host = newWord[newPosition[first]]
                // Letters spread over several new words are that word split by text typed inside it when each new
                // word holds a stretch of them at its start or end ("lighthouse" made "light, the old house");
                // otherwise they are letters of other words ("each" found in "re-anchored", "dusk" in "wind rose").
                let hosts = survivors.compactMap { newWord[newPosition[$0]] }.reduce(into: [Range<Int>]()) { if $0.last != $1 { $0.append($1) } }
                let inStretches = hosts.allSatisfy { host in
                    let mine = survivors.map { newPosition[$0] }.filter(host.contains)
                    return mine.last! - mine.first! + 1 == mine.count && (mine.first! == host.lowerBound || mine.last! + 1 == host.upperBound)
                }
                let splitByTyping = hosts.count > 1 && inStretches
                let strewn = hosts.count > 1 && !inStretches
                let complete = survivors.count == word.count
                let swallowed = host.map { host in
                    let extended = complete && newPosition[last] - newPosition[first] + 1 == word.count
                        && (newPosition[first] == host.lowerBound || newPosition[last] + 1 == host.upperBound)
                    return !splitByTyping && !extended && host.count >= 4
                        && 2 * survivors.count { host.contains(newPosition[$0]) } <= host.count && host.contains(where: typed)
                } ?? false
                // What is left by a deletion is the word's start, its end, or both, side by side where it stands.
                let blocks = zip(survivors, survivors.dropFirst()).filter { $0.1 != $0.0 + 1 }.count + 1
                let remnant = newPosition[last] - newPosition[first] + 1 == survivors.count && (blocks == 1
                    ? first == word.lowerBound || last + 1 == word.upperBound
                    : blocks == 2 && first == word.lowerBound && last + 1 == word.upperBound)
                if scattered || strewn || (2 * survivors.count < word.count && (among || around || rewritten || !remnant)) || swallowed {
                    for i in word { kept[i] = false }
                }
            }
            var result: [Piece] = []
            position = 0
            for piece in pieces {
                guard piece.isEqual else { result.append(piece); position += piece.old; continue }
                var start = position
                while start < position + piece.old {
                    var end = start + 1
                    while end < position + piece.old, kept[end] == kept[start] { end += 1 }
                    result.append(Piece(old: end - start, new: end - start, isEqual: kept[start]))
                    start = end
                }
                position += piece.old
            }
            return merged(result)
        }

    }
}
