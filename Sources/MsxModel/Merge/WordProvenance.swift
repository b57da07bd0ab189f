/// Formatting follows each side's own words: a word of the merge that one side wrote (it has the word whole, and
/// neither the other side nor the base does) is formatted as that side has it. What the other versions' alignments
/// lend such a word (the formatting of a word it replaced, matched letter by letter) is no edit of theirs, and
/// would otherwise read as one: a formatting conflict over part of a word nobody else wrote.
enum WordProvenance {
    /// `carried`: base, ours and theirs formatting carried onto the merged `texts`; `typed`: per version, per merged
    /// paragraph, the stretches that version does not have.
    static func givingWordsToTheirWriters(_ carried: [DocumentFormatting], typed: [[[Range<Int>]]], texts: [String]) -> [DocumentFormatting] {
        var result = carried
        for (k, text) in texts.enumerated() {
            let units = Array(text.utf16)
            for word in words(in: units) {
                let has = typed.map { ranges in k < ranges.count ? !ranges[k].contains { $0.overlaps(word) } : false }
                guard !has[0], has[1] != has[2] else { continue }
                let writer = has[1] ? 1 : 2
                guard k < result[writer].paragraphs.count else { continue }
                let own = result[writer].paragraphs[k]
                for other in [0, 3 - writer] where k < result[other].paragraphs.count {
                    result[other].paragraphs[k].replace(word, with: own)
                }
            }
        }
        return result
    }

    /// `typed` (per version, per merged paragraph, the stretches the version's alignment found no source for) less
    /// the words the version has all the same: a word that stands once in the version and once in the merge is that
    /// word, wherever the alignment lost it (cut off its paragraph on one side, carried away by the other's move).
    static func typed(_ typed: [[[Range<Int>]]], versions: [[String]], texts: [String]) -> [[[Range<Int>]]] {
        let merged = texts.map { Array($0.utf16) }
        let mergedCounts = counts(merged)
        return zip(typed, versions).map { ranges, version in
            let own = counts(version.map { Array($0.utf16) })
            return ranges.enumerated().map { k, stretches in
                guard k < merged.count, !stretches.isEmpty else { return stretches }
                let units = merged[k]
                var kept: [Range<Int>] = []
                for stretch in stretches {
                    var lower = stretch.lowerBound
                    for word in words(in: units) where word.overlaps(stretch) {
                        let key = units[word]
                        guard own[key] == 1, mergedCounts[key] == 1 else { continue }
                        if lower < word.lowerBound { kept.append(lower..<min(word.lowerBound, stretch.upperBound)) }
                        lower = max(lower, word.upperBound)
                    }
                    if lower < stretch.upperBound { kept.append(lower..<stretch.upperBound) }
                }
                return kept
            }
        }
    }

    /// How often each word stands in some paragraphs.
    private static func counts(_ paragraphs: [[UInt16]]) -> [ArraySlice<UInt16>: Int] {
        var counts: [ArraySlice<UInt16>: Int] = [:]
        for units in paragraphs {
            for word in words(in: units) { counts[units[word], default: 0] += 1 }
        }
        return counts
    }

    /// The stretches of letters and digits (with their marks) in UTF-16 units.
    private static func words(in units: [UInt16]) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        for (i, unit) in units.enumerated() {
            if TextTokens.isWord(UInt32(unit)) {
                if start == nil { start = i }
            } else if let s = start {
                words.append(s..<i)
                start = nil
            }
        }
        if let s = start { words.append(s..<units.count) }
        return words
    }
}
