/// Formatting that could not be placed on a document's current text (it is dropped, and reported).
public enum FormattingLoss: Sendable, Equatable {
    /// A paragraph that is gone took its paragraph attributes with it (paragraph numbered from 0, as it was).
    case paragraph(Int, attributes: [AttributeKey])
    /// A run whose words are gone (paragraph numbered from 0, as it was).
    case run(paragraph: Int, text: String)
    /// Block markup (a heading level, block quote, list item or task box: `attribute`) that the paragraph's Markdown
    /// could not be made to hold (paragraph numbered from 0, as it is now).
    case markup(paragraph: Int, attribute: AttributeKey)
    /// A code span or link (`attribute`) on `text` that the paragraph's Markdown could not be made to hold (paragraph
    /// numbered from 0, as it is now).
    case inline(paragraph: Int, text: String, attribute: AttributeKey)
}

/// Places a sidecar's formatting on a document's current text.
///
/// A stale sidecar (the `.md` was edited elsewhere) is normal. When the text it was anchored to is known, its
/// formatting is carried through the changes from that text (`carry`). Without it (a sidecar written by another tool
/// or an older msx, or its base lost with `.msx/`), paragraphs whose text hash still matches keep their formatting as
/// is, wherever they moved; otherwise each run is placed on its exact words, preferring the place whose context
/// matches and the one nearest its old place; words that are gone drop the run, which is reported and never put on
/// other words. Paragraph attributes follow their paragraph, recognised by its first or last words.
public enum Anchoring {
    /// The outcome of anchoring.
    public struct Result: Sendable {
        public var formatting: DocumentFormatting
        /// Whether the sidecar no longer matches the text (a writing command should save the re-anchored one).
        public var isStale: Bool
        /// The runs and paragraph attributes that could not be placed.
        public var lost: [FormattingLoss]
    }

    /// Anchors `sidecar` to the paragraphs `texts`: as it stands when every paragraph it formats still has its text
    /// there, else through the changes from its base (the text it was anchored to, when known and consistent with
    /// it), else by its quote selectors.
    /// - Parameter base: reads the paragraphs the sidecar names as its base (asked only when the sidecar is stale).
    public static func anchor(_ sidecar: Sidecar, to texts: [String], base: () -> [String]? = { nil }) -> Result {
        if let fresh = sidecar.formatting(on: texts) { return Result(formatting: fresh, isStale: false, lost: []) }
        if let base = base(), let formatting = sidecar.formatting(on: base, checkingHashes: false) {
            let carried = carry(formatting, from: base, to: texts)
            return Result(formatting: carried.formatting, isStale: true, lost: carried.lost)
        }
        var placer = Placer(texts: texts)
        // Paragraphs whose text is unchanged first, so formatting searched for by its words never lands on them.
        let unchanged = sidecar.paragraphs.filter(placer.isUnchanged)
        for paragraph in unchanged { placer.place(paragraph) }
        for paragraph in sidecar.paragraphs where !placer.isUnchanged(paragraph) { placer.place(paragraph) }
        return Result(formatting: placer.formatting, isStale: placer.stale, lost: placer.lost)
    }
}

private struct Placer {
    let texts: [String]
    let units: [[UInt16]]
    let hashes: [String]
    var formatting: DocumentFormatting
    var stale = false
    var lost: [FormattingLoss] = []
    private var claimed = Set<Int>()

    init(texts: [String]) {
        self.texts = texts
        units = texts.map { Array($0.utf16) }
        hashes = texts.map(TextHash.fnv1a64)
        formatting = DocumentFormatting(paragraphCount: texts.count)
    }

    /// Whether the paragraph at the sidecar entry's index still has the text it was anchored to.
    func isUnchanged(_ paragraph: Sidecar.Paragraph) -> Bool {
        paragraph.index < hashes.count && hashes[paragraph.index] == paragraph.textHash
    }

    mutating func place(_ paragraph: Sidecar.Paragraph) {
        if let exact = exactMatch(for: paragraph) {
            if exact != paragraph.index { stale = true }
            claimed.insert(exact)
            apply(paragraph.attributes, extra: paragraph.extra, to: exact)
            for run in paragraph.runs {
                if run.end <= units[exact].count,
                    Context.slice(units[exact], run.start, run.end) == run.text, run.start < run.end
                {
                    formatting.paragraphs[exact].set(run.attributes, over: run.start..<run.end, extra: run.extra, keepingNull: true)
                } else {
                    stale = true
                    placeByWords(run, near: exact, oldParagraph: paragraph.index)
                }
            }
            return
        }
        stale = true
        let home = similarParagraph(to: paragraph)
        if !paragraph.attributes.isEmpty || !paragraph.extra.isEmpty {
            if let home {
                apply(paragraph.attributes, extra: paragraph.extra, to: home)
            } else {
                lost.append(.paragraph(paragraph.index, attributes: paragraph.attributes.keys.sorted()))
            }
        }
        for run in paragraph.runs {
            placeByWords(run, near: home ?? min(paragraph.index, max(0, texts.count - 1)), oldParagraph: paragraph.index)
        }
    }

    private mutating func apply(_ attributes: Attributes, extra: [String: JSONValue], to index: Int) {
        formatting.paragraphs[index].attributes = formatting.paragraphs[index].attributes.overlaid(with: attributes)
        formatting.paragraphs[index].extra.merge(extra) { _, new in new }
    }

    /// The paragraph with the same text: at the old index, else the nearest unclaimed one.
    private func exactMatch(for paragraph: Sidecar.Paragraph) -> Int? {
        if paragraph.index < hashes.count, hashes[paragraph.index] == paragraph.textHash, !claimed.contains(paragraph.index) {
            return paragraph.index
        }
        var best: Int?
        for (i, hash) in hashes.enumerated() where hash == paragraph.textHash && !claimed.contains(i) {
            if best == nil || abs(i - paragraph.index) < abs(best! - paragraph.index) { best = i }
        }
        return best
    }

    /// An edited paragraph: the nearest one that still begins or ends with the same words.
    private func similarParagraph(to paragraph: Sidecar.Paragraph) -> Int? {
        let head = Array(paragraph.head.utf16)
        let tail = Array(paragraph.tail.utf16)
        guard !head.isEmpty || !tail.isEmpty else { return nil }
        var best: Int?
        for (i, text) in units.enumerated() where !claimed.contains(i) {
            let headMatches = head.count >= 4 && text.starts(with: head)
            let tailMatches = tail.count >= 4 && text.count >= tail.count && Array(text.suffix(tail.count)) == tail
            guard headMatches || tailMatches else { continue }
            if best == nil || abs(i - paragraph.index) < abs(best! - paragraph.index) { best = i }
        }
        return best
    }

    /// Places a run on its exact words: nearby paragraphs first, then the whole document.
    private mutating func placeByWords(_ run: Sidecar.Run, near guess: Int, oldParagraph: Int) {
        let needle = Array(run.text.utf16)
        guard !needle.isEmpty, !texts.isEmpty else { return }
        let nearby = max(0, guess - 2)...min(texts.count - 1, guess + 2)
        var candidates = occurrences(of: needle, in: Array(nearby))
        if !candidates.contains(where: { $0.beforeIntact || $0.afterIntact }) {
            candidates = occurrences(of: needle, in: Array(texts.indices))
        }
        candidates.removeAll { c in
            formatting.paragraphs[c.paragraph].runs.contains { $0.range.overlaps(c.offset..<c.offset + needle.count) }
        }
        guard let chosen = Self.choose(among: candidates, for: run, guess: guess) else {
            lost.append(.run(paragraph: oldParagraph, text: run.text))
            return
        }
        formatting.paragraphs[chosen.paragraph].set(
            run.attributes, over: chosen.offset..<chosen.offset + needle.count, extra: run.extra, keepingNull: true)

        func occurrences(of needle: [UInt16], in paragraphs: [Int]) -> [Candidate] {
            var found: [Candidate] = []
            let before = Array(run.before.utf16)
            let after = Array(run.after.utf16)
            for p in paragraphs {
                let hay = units[p]
                guard hay.count >= needle.count else { continue }
                var i = 0
                while i <= hay.count - needle.count {
                    if hay[i] == needle[0], hay[i..<i + needle.count].elementsEqual(needle) {
                        let newBefore = Array(Context.before(hay, i).utf16)
                        let newAfter = Array(Context.after(hay, i + needle.count).utf16)
                        let b = commonSuffix(before, newBefore)
                        let a = commonPrefix(after, newAfter)
                        // Intact: all the remembered context is there, and it is either full length or reaches the
                        // paragraph's edge in both the old and the new text.
                        let beforeIntact = b == before.count && (before.count == Context.length || newBefore.count == before.count)
                        let afterIntact = a == after.count && (after.count == Context.length || newAfter.count == after.count)
                        found.append(Candidate(
                            paragraph: p, offset: i, beforeMatched: b, afterMatched: a, beforeIntact: beforeIntact,
                            afterIntact: afterIntact,
                            beforeIsBoundary: i == 0 || !isWordUnit(hay[i - 1]),
                            afterIsBoundary: i + needle.count == hay.count || !isWordUnit(hay[i + needle.count])))
                    }
                    i += 1
                }
            }
            return found
        }
    }

    /// The one place whose surroundings show it is where the run was, or nil when none does or several do.
    ///
    /// A side of the context is *intact* when all of it is still there: a full 16 units is strong evidence, a side
    /// cut short by the paragraph's edge needs some of the other side too (the shorter, the more). A run that began
    /// or ended at a word boundary must still do so, so a run is never put on part of another word. A long run text
    /// found only once needs little context. Two places with the same best evidence (a phrase typed again next to
    /// itself) cannot be told apart, so the run is dropped rather than guessed.
    private static func choose(among candidates: [Candidate], for run: Sidecar.Run, guess: Int) -> Candidate? {
        let oldBeforeIsBoundary = run.before.unicodeScalars.last.map { !isWordScalar($0) } ?? true
        let oldAfterIsBoundary = run.after.unicodeScalars.first.map { !isWordScalar($0) } ?? true
        let unique = candidates.count == 1
        let tiny = run.text.utf16.count <= 3
        let distinctive = run.text.utf16.count >= 12 && unique
        func evidence(_ c: Candidate) -> Int? {
            if (oldBeforeIsBoundary && !c.beforeIsBoundary) || (oldAfterIsBoundary && !c.afterIsBoundary) { return nil }
            if c.beforeIntact && c.afterIntact { return 2 }
            for (intact, length, other) in [(c.beforeIntact, run.before.utf16.count, c.afterMatched),
                                            (c.afterIntact, run.after.utf16.count, c.beforeMatched)] where intact {
                let needed = length >= 8 ? 0 : length >= 4 ? 1 : (unique && run.text.utf16.count >= 5 ? 3 : 6)
                if other >= needed + (tiny && length < Context.length ? 2 : 0) { return 1 }
            }
            if distinctive && c.beforeMatched + c.afterMatched >= 6 { return 1 }
            return min(c.beforeMatched, c.afterMatched) >= 4 && c.beforeMatched + c.afterMatched >= 12 ? 0 : nil
        }
        let graded = candidates.compactMap { c in evidence(c).map { (c, $0) } }
        guard let top = graded.map(\.1).max() else { return nil }
        let best = graded.filter { $0.1 == top }.map(\.0)
        if top < 2 {
            let most = best.map { $0.beforeMatched + $0.afterMatched }.max()!
            let leaders = best.filter { $0.beforeMatched + $0.afterMatched == most }
            return best.count == 1 || (top == 0 && leaders.count == 1) ? leaders[0] : nil
        }
        return best.min { a, b in
            let (da, db) = (abs(a.paragraph - guess), abs(b.paragraph - guess))
            return da != db ? da < db : abs(a.offset - run.start) < abs(b.offset - run.start)
        }
    }

    private struct Candidate {
        var paragraph: Int
        var offset: Int
        var beforeMatched: Int
        var afterMatched: Int
        var beforeIntact: Bool
        var afterIntact: Bool
        /// Whether the new position starts (ends) at a word boundary.
        var beforeIsBoundary: Bool
        var afterIsBoundary: Bool
    }
}

/// Letters, digits and marks make words; anything else is a boundary.
private func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark
}

/// The same for a UTF-16 unit (surrogates belong to words: emoji and rare letters sit inside them).
private func isWordUnit(_ unit: UInt16) -> Bool {
    guard let scalar = Unicode.Scalar(unit) else { return true }
    return isWordScalar(scalar)
}

private func commonSuffix(_ a: [UInt16], _ b: [UInt16]) -> Int {
    var n = 0
    while n < a.count, n < b.count, a[a.count - 1 - n] == b[b.count - 1 - n] { n += 1 }
    return n
}

private func commonPrefix(_ a: [UInt16], _ b: [UInt16]) -> Int {
    var n = 0
    while n < a.count, n < b.count, a[n] == b[n] { n += 1 }
    return n
}
