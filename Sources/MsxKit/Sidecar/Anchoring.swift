/// Places a sidecar's formatting on a document's current text.
///
/// A stale sidecar (the `.md` was edited elsewhere) is normal. Paragraphs whose text hash still matches keep their
/// formatting as is, wherever they moved. Otherwise each run is placed on its exact words, preferring the place whose
/// context matches and the one nearest its old place; words that are gone drop the run, which is reported and never
/// put on other words. Paragraph attributes follow their paragraph, recognised by its first or last words.
public enum Anchoring {
    /// The outcome of anchoring.
    public struct Result: Sendable {
        public var formatting: DocumentFormatting
        /// Whether the sidecar no longer matches the text (a writing command should save the re-anchored one).
        public var isStale: Bool
        /// One line per run or paragraph attribute set that could not be placed.
        public var warnings: [String]
    }

    /// Anchors `sidecar` to the paragraphs `texts`.
    public static func anchor(_ sidecar: Sidecar, to texts: [String]) -> Result {
        var placer = Placer(texts: texts)
        for paragraph in sidecar.paragraphs { placer.place(paragraph) }
        return Result(formatting: placer.formatting, isStale: placer.stale, warnings: placer.warnings)
    }
}

private struct Placer {
    let texts: [String]
    let units: [[UInt16]]
    let hashes: [String]
    var formatting: DocumentFormatting
    var stale = false
    var warnings: [String] = []
    private var claimed = Set<Int>()

    init(texts: [String]) {
        self.texts = texts
        units = texts.map { Array($0.utf16) }
        hashes = texts.map(TextHash.fnv1a64)
        formatting = DocumentFormatting(paragraphCount: texts.count)
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
                    formatting.paragraphs[exact].set(run.attributes, over: run.start..<run.end, extra: run.extra)
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
                warnings.append(
                    "paragraph \(paragraph.index + 1): its formatting (\(paragraph.attributes.keys.sorted().joined(separator: ", "))) was dropped: the paragraph is gone")
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
        if !candidates.contains(where: { $0.score >= 8 }) {
            candidates = occurrences(of: needle, in: Array(texts.indices))
        }
        let unique = candidates.count == 1
        let acceptable = candidates.filter { c in
            c.score >= 4 || c.bothEdgesMatch || (unique && needle.count >= 4)
        }
        guard
            let chosen = acceptable.min(by: { a, b in
                if a.score != b.score { return a.score > b.score }
                let da = abs(a.paragraph - guess), db = abs(b.paragraph - guess)
                if da != db { return da < db }
                return abs(a.offset - run.start) < abs(b.offset - run.start)
            })
        else {
            warnings.append(
                "paragraph \(oldParagraph + 1): formatting on '\(run.text)' was dropped: its words are gone")
            return
        }
        formatting.paragraphs[chosen.paragraph].set(
            run.attributes, over: chosen.offset..<chosen.offset + needle.count, extra: run.extra)

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
                        let edges = (b == before.count && before.count == newBefore.count)
                            && (a == after.count && after.count == newAfter.count)
                        found.append(Candidate(paragraph: p, offset: i, score: b + a, bothEdgesMatch: edges))
                    }
                    i += 1
                }
            }
            return found
        }
    }

    private struct Candidate {
        var paragraph: Int
        var offset: Int
        var score: Int
        var bothEdgesMatch: Bool
    }
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
