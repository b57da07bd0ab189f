/// Runs a side's formatting lost on the way to the merged text, placed by their words instead.
///
/// The character alignment that carries a version's formatting onto the merged text recognises moved text from 16
/// characters on; a word cut off its paragraph on one side and carried away by the other side's move is shorter,
/// so its run is lost though its words are there. Such a run goes on its exact words when they occur once in the
/// side's text and once in the merged text, else where its context shows it belongs (the quote selectors, as for a
/// sidecar without its base text); and only where the carried formatting says nothing of the attribute.
enum LostRunPlacement {
    /// `carried` with the runs of `document` named in `lost` placed on `texts` by their words; and those whose
    /// words stand once in the document and once in `texts` where `carried` lacks some of their attributes (carried
    /// elsewhere letter by letter, not reported lost).
    static func place(_ lost: [FormattingLoss], of document: RichDocument, on texts: [String],
                      over carried: DocumentFormatting) -> DocumentFormatting {
        var wanted: [Int: Set<String>] = [:]
        for case .run(let paragraph, let text) in lost + missing(of: document, on: texts, in: carried) {
            wanted[paragraph, default: []].insert(text)
        }
        guard !wanted.isEmpty else { return carried }
        let old = document.paragraphTexts.map { Array($0.utf16) }
        let new = texts.map { Array($0.utf16) }
        var result = carried
        var byContext = DocumentFormatting(paragraphCount: old.count)
        for (p, paragraph) in document.formatting.paragraphs.enumerated() where wanted[p] != nil && p < old.count {
            for run in paragraph.runs {
                let words = Array(old[p][run.range])
                guard wanted[p]!.contains(UTF16Text.string(words)) else { continue }
                if occurrences(of: words, in: old).count == 1, let only = occurrences(of: words, in: new).onlyElement {
                    fill(&result, paragraph: only.paragraph, range: only.start..<only.start + words.count, with: run)
                } else {
                    byContext.paragraphs[p].set(run.attributes, over: run.range, extra: run.extra, keepingNull: true)
                }
            }
        }
        let placed = Anchoring.anchor(byContext.sidecar(texts: document.paragraphTexts), to: texts).formatting
        for (k, paragraph) in placed.paragraphs.enumerated() where k < result.paragraphs.count {
            for run in paragraph.runs { fill(&result, paragraph: k, range: run.range, with: run) }
        }
        return result
    }

    /// The runs of `document` on whole words that stand once in it and once in `texts`, where `carried` lacks one
    /// of the run's attributes on those words.
    private static func missing(of document: RichDocument, on texts: [String], in carried: DocumentFormatting) -> [FormattingLoss] {
        let old = document.paragraphTexts.map { Array($0.utf16) }
        var runs: [(paragraph: Int, run: FormatRun)] = []
        for (p, paragraph) in document.formatting.paragraphs.enumerated() where p < old.count {
            for run in paragraph.runs where run.range.upperBound <= old[p].count && isWords(old[p], run.range) { runs.append((p, run)) }
        }
        guard !runs.isEmpty else { return [] }
        let oldIndex = WordIndex(old), new = texts.map { Array($0.utf16) }, newIndex = WordIndex(new)
        return runs.compactMap { p, run in
            let words = Array(old[p][run.range])
            guard oldIndex.occurrences(of: words, in: old).count == 1, let only = newIndex.occurrences(of: words, in: new).onlyElement,
                  only.paragraph < carried.paragraphs.count else { return nil }
            let pieces = carried.paragraphs[only.paragraph].pieces(in: only.start..<only.start + words.count)
            guard run.attributes.keys.contains(where: { key in pieces.contains { $0.1[key] == nil } }) else { return nil }
            return .run(paragraph: p, text: UTF16Text.string(words))
        }
    }

    /// Whether `range` of `units` starts and ends at a word's edges, with a word in it.
    private static func isWords(_ units: [UInt16], _ range: Range<Int>) -> Bool {
        guard !range.isEmpty, TextTokens.isWord(UInt32(units[range.lowerBound])), TextTokens.isWord(UInt32(units[range.upperBound - 1])) else { return false }
        return (range.lowerBound == 0 || !TextTokens.isWord(UInt32(units[range.lowerBound - 1])))
            && (range.upperBound == units.count || !TextTokens.isWord(UInt32(units[range.upperBound])))
    }

    /// Where each word starts in some paragraphs, so that a run's words are looked for only where its first word is.
    private struct WordIndex {
        private var starts: [ArraySlice<UInt16>: [(paragraph: Int, start: Int)]] = [:]

        init(_ paragraphs: [[UInt16]]) {
            for (k, units) in paragraphs.enumerated() {
                var i = 0
                while i < units.count {
                    guard TextTokens.isWord(UInt32(units[i])) else { i += 1; continue }
                    var j = i
                    while j < units.count, TextTokens.isWord(UInt32(units[j])) { j += 1 }
                    starts[units[i..<j], default: []].append((k, i))
                    i = j
                }
            }
        }

        /// Where `needle` (whole words) stands in `paragraphs`, the paragraphs this index was made of.
        func occurrences(of needle: [UInt16], in paragraphs: [[UInt16]]) -> [(paragraph: Int, start: Int)] {
            let first = needle.prefix { TextTokens.isWord(UInt32($0)) }
            return (starts[first] ?? []).filter { k, start in
                let units = paragraphs[k]
                return start + needle.count <= units.count && units[start..<start + needle.count].elementsEqual(needle)
                    && (start + needle.count == units.count || !TextTokens.isWord(UInt32(units[start + needle.count])))
            }
        }
    }

    /// Sets each attribute of `run` over `range` where `formatting` has no value for it.
    private static func fill(_ formatting: inout DocumentFormatting, paragraph k: Int, range: Range<Int>, with run: FormatRun) {
        for (key, value) in run.attributes {
            for (piece, attributes) in formatting.paragraphs[k].pieces(in: range) where attributes[key] == nil {
                formatting.paragraphs[k].set([key: value], over: piece, extra: run.extra, keepingNull: true)
            }
        }
    }

    /// Where `needle` occurs in `paragraphs`, as whole words (not inside a longer word).
    static func occurrences(of needle: [UInt16], in paragraphs: [[UInt16]]) -> [(paragraph: Int, start: Int)] {
        guard !needle.isEmpty else { return [] }
        var found: [(Int, Int)] = []
        for (k, units) in paragraphs.enumerated() where units.count >= needle.count {
            for start in 0...(units.count - needle.count) where units[start] == needle[0]
                && units[start..<start + needle.count].elementsEqual(needle)
                && (start == 0 || !TextTokens.isWord(UInt32(units[start - 1])))
                && (start + needle.count == units.count || !TextTokens.isWord(UInt32(units[start + needle.count]))) {
                found.append((k, start))
            }
        }
        return found
    }
}

private extension Array {
    var onlyElement: Element? { count == 1 ? first : nil }
}
