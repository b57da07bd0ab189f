extension Anchoring {
    /// Carries `formatting`, anchored to the paragraphs `base`, onto the paragraphs `texts` through the changes from
    /// one to the other (see `TextAlignment` and `ChangeMap` for the rules).
    ///
    /// Each attribute of a run follows its characters on its own, so a link is never stretched by the typing that
    /// stretches the bold around it. A run is dropped, and reported, only when every one of its characters is gone.
    public static func carry(_ formatting: DocumentFormatting, from base: [String], to texts: [String])
        -> (formatting: DocumentFormatting, lost: [FormattingLoss])
    {
        var carried = DocumentFormatting(paragraphCount: texts.count)
        var lost: [FormattingLoss] = []
        if base == texts { return (formatting, []) }
        let alignment = TextAlignment(old: base, new: texts)
        let sources = alignment.paragraphSources()
        for (k, source) in sources.enumerated() {
            guard let source, source < formatting.paragraphs.count else { continue }
            carried.paragraphs[k].attributes = formatting.paragraphs[source].attributes
            carried.paragraphs[k].extra = formatting.paragraphs[source].extra
        }
        let used = Set(sources.compactMap { $0 })
        for (p, paragraph) in formatting.paragraphs.enumerated() where p < base.count {
            if !paragraph.attributes.isEmpty, !used.contains(p) {
                lost.append(.paragraph(p, attributes: paragraph.attributes.keys.sorted()))
            }
            let units = Array(base[p].utf16)
            for run in paragraph.runs {
                let kept = alignment.map(paragraph: p, range: run.range, edges: .fixed)
                guard !kept.isEmpty else {
                    lost.append(.run(paragraph: p, text: Context.slice(units, run.range.lowerBound, run.range.upperBound)))
                    continue
                }
                for (key, value) in run.attributes {
                    let pieces = key.expandsAtEnd ? alignment.map(paragraph: p, range: run.range, edges: .expandsAtEnd) : kept
                    for piece in pieces {
                        carried.paragraphs[piece.paragraph].set([key: value], over: piece.range, extra: run.extra, keepingNull: true)
                    }
                }
            }
        }
        return (carried, lost)
    }
}
