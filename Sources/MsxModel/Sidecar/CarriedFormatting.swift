extension Anchoring {
    /// Carries `formatting`, anchored to the paragraphs `base`, onto the paragraphs `texts` through the changes from
    /// one to the other (see `TextAlignment` and `ChangeMap` for the rules).
    ///
    /// Each attribute of a run follows its characters on its own, so a link is never stretched by the typing that
    /// stretches the bold around it. A run is dropped, and reported, when its words are gone: every letter and digit
    /// of it deleted (a run of spaces or punctuation only, when every character is).
    public static func carry(_ formatting: DocumentFormatting, from base: [String], to texts: [String])
        -> (formatting: DocumentFormatting, lost: [FormattingLoss])
    {
        if base == texts { return (formatting, []) }
        return carry(formatting, through: TextAlignment(old: base, new: texts), to: texts)
    }

    /// Restores `version`'s formatting (anchored to `versionTexts`) onto today's text: every character and paragraph
    /// that comes from the version takes the version's formatting (none, where it had none); text written since keeps
    /// `today`'s, under what it takes from the version's phrases it was typed in (by the rules of `carry`).
    public static func restore(_ version: DocumentFormatting, from versionTexts: [String], onto today: DocumentFormatting,
                               texts: [String]) -> (formatting: DocumentFormatting, lost: [FormattingLoss]) {
        let alignment = TextAlignment(old: versionTexts, new: texts)
        var (restored, lost) = carry(version, through: alignment, to: texts)
        let sources = alignment.paragraphSources()
        for (k, typed) in alignment.typedRanges().enumerated() where k < today.paragraphs.count {
            if sources[k] == nil {
                restored.paragraphs[k].attributes = today.paragraphs[k].attributes
                restored.paragraphs[k].extra = today.paragraphs[k].extra
            }
            for range in typed {
                // Typed since: today's formatting, under what typing inside the version's phrases takes from them.
                let carried = restored.paragraphs[k].pieces(in: range).filter { !$0.1.isEmpty }
                restored.paragraphs[k].replace(range, with: today.paragraphs[k])
                for (piece, attributes) in carried { restored.paragraphs[k].set(attributes, over: piece, extra: [:], keepingNull: true) }
            }
        }
        return (restored, lost)
    }

    /// `carry` through an alignment already made (a merge reads which characters each side typed from it too).
    package static func carry(_ formatting: DocumentFormatting, through alignment: TextAlignment, to texts: [String])
        -> (formatting: DocumentFormatting, lost: [FormattingLoss])
    {
        var carried = DocumentFormatting(paragraphCount: texts.count)
        var lost: [FormattingLoss] = []
        let sources = alignment.paragraphSources()
        for (k, source) in sources.enumerated() {
            guard let source, source < formatting.paragraphs.count else { continue }
            carried.paragraphs[k].attributes = formatting.paragraphs[source].attributes
            carried.paragraphs[k].extra = formatting.paragraphs[source].extra
        }
        let used = Set(sources.compactMap { $0 })
        let typed = alignment.typedRanges()
        let newUnits = alignment.newUnits
        for (p, paragraph) in formatting.paragraphs.enumerated() where p < alignment.oldUnits.count {
            if !paragraph.attributes.isEmpty, !used.contains(p) {
                lost.append(.paragraph(p, attributes: paragraph.attributes.keys.sorted()))
            }
            let units = alignment.oldUnits[p]
            // The runs whose words are kept, each with where its characters are now; the others are lost.
            var keptRuns: [(run: FormatRun, kept: [(paragraph: Int, range: Range<Int>)])] = []
            for run in paragraph.runs {
                let kept = alignment.map(paragraph: p, range: run.range, edges: .fixed)
                // Its words are gone when none of its letters or digits is left (a space between two retyped
                // stretches is no reason to keep a phrase's formatting).
                let hadWords = units[run.range].contains { TextTokens.isWord(UInt32($0)) }
                let keepsWords = kept.contains { piece in
                    piece.range.contains { i in
                        TextTokens.isWord(UInt32(newUnits[piece.paragraph][i])) && !typed[piece.paragraph].contains { $0.contains(i) }
                    }
                }
                guard !kept.isEmpty, keepsWords || !hadWords else {
                    lost.append(.run(paragraph: p, text: Context.slice(units, run.range.lowerBound, run.range.upperBound)))
                    continue
                }
                keptRuns.append((run, kept))
            }
            // Whether the attribute `key` goes on from one kept run into the next, with the same value.
            func continues(_ index: Int, _ key: AttributeKey) -> Bool {
                let (a, b) = (keptRuns[index].run, keptRuns[index + 1].run)
                return a.range.upperBound == b.range.lowerBound && a.attributes[key] == b.attributes[key]
            }
            for (index, entry) in keptRuns.enumerated() {
                for (key, value) in entry.run.attributes {
                    let pieces: [(paragraph: Int, range: Range<Int>)]
                    if key.expandsAtEnd {
                        pieces = alignment.map(paragraph: p, range: entry.run.range, edges: .expandsAtEnd)
                    } else {
                        // A stretch that does not grow at its ends (a link, a comment) is one stretch across the runs
                        // it spans (cut by other formatting): text typed where two of them meet is inside it.
                        if index > 0, continues(index - 1, key) { continue }
                        var last = index
                        while last + 1 < keptRuns.count, continues(last, key) { last += 1 }
                        pieces = last == index ? entry.kept
                            : alignment.map(paragraph: p, range: entry.run.range.lowerBound..<keptRuns[last].run.range.upperBound, edges: .fixed)
                    }
                    for piece in pieces {
                        carried.paragraphs[piece.paragraph].set([key: value], over: piece.range, extra: entry.run.extra, keepingNull: true)
                    }
                }
            }
        }
        return (carried, lost)
    }
}
