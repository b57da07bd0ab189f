/// The three-way merge of one document: its Markdown text word by word (`TextMerge`), then its sidecar formatting,
/// each version's carried onto the merged text through the change mapping and merged attribute by attribute
/// (`FormattingMerge`).
public enum DocumentMerge {
    /// A version of the document: its Markdown and its sidecar (nil when it has none).
    public struct Version: Sendable, Equatable {
        public var markdown: String
        public var sidecar: Sidecar?

        public init(markdown: String, sidecar: Sidecar?) { (self.markdown, self.sidecar) = (markdown, sidecar) }
    }

    public struct Result: Sendable {
        /// The merged Markdown (this side's words where they conflict, or both between markers when asked).
        public var markdown: String
        /// The merged sidecar (nil when there is no formatting to keep).
        public var sidecar: Sidecar?
        /// Text conflicts first, in the order of the file, then formatting conflicts.
        public var conflicts: [MergeConflict]
    }

    /// Merges `ours` and `theirs`, both made from `base`.
    /// - Parameter markers: puts both sides of each text conflict in the file between these markers.
    public static func merge(base: Version, ours: Version, theirs: Version, markers: ConflictMarkers? = nil) -> Result {
        if theirs == base || theirs == ours { return Result(markdown: ours.markdown, sidecar: ours.sidecar, conflicts: []) }
        if ours == base { return Result(markdown: theirs.markdown, sidecar: theirs.sidecar, conflicts: []) }
        let text = TextMerge.merge(base: base.markdown, ours: ours.markdown, theirs: theirs.markdown, markers: markers)
        // Without sidecars all the formatting is the Markdown's own, merged with the text.
        if [base, ours, theirs].allSatisfy({ $0.sidecar?.isEmpty ?? true }) {
            return Result(markdown: text.text, sidecar: nil, conflicts: text.conflicts)
        }
        let documents = [base, ours, theirs].map { version in
            RichDocument(markdown: MarkdownDocument(version.markdown, sourceMap: false), sidecar: version.sidecar)
        }
        if documents.allSatisfy({ $0.formatting.paragraphs.allSatisfy(\.isEmpty) }) {
            return Result(markdown: text.text, sidecar: nil, conflicts: text.conflicts)
        }
        let merged = MarkdownDocument(text.text, sourceMap: false)
        let texts = merged.blocks.map(\.text)
        let alignments = documents.map { TextAlignment(old: $0.paragraphTexts, new: texts) }
        let typed = alignments.map { $0.typedRanges() }
        let carried = documents.indices.map { side in
            let carried = Anchoring.carry(documents[side].formatting, through: alignments[side], to: texts)
            let own = withoutLoansToOwnWords(carried.formatting, typed: typed[side], texts: texts, own: documents[side].paragraphTexts)
            return LostRunPlacement.place(carried.lost, of: documents[side], on: texts, over: own)
        }
        // Which version each word of the merge is from: what the alignments say, and words each version has once.
        let written = WordProvenance.typed(typed, versions: documents.map(\.paragraphTexts), texts: texts)
        let owned = WordProvenance.givingWordsToTheirWriters(carried, typed: written, texts: texts)
        let formatting = FormattingMerge.merge(base: owned[0], ours: owned[1], theirs: owned[2], texts: texts,
                                               typed: (base: written[0], ours: written[1], theirs: written[2]))
        var extra = documents[1].sidecarExtra.isEmpty ? documents[2].sidecarExtra : documents[1].sidecarExtra
        // Annotations either side wrote are kept; one both sides hold is resolved or open as the side that changed
        // that since the base left it (this side's choice when both did).
        let base = RichDocument.annotations(in: documents[0].sidecarExtra)
        var annotations = RichDocument.annotations(in: documents[2].sidecarExtra)
        for (id, annotation) in RichDocument.annotations(in: documents[1].sidecarExtra) {
            annotations[id] = annotations[id].map { theirs in
                var kept = annotation
                if annotation.resolved == (base[id]?.resolved ?? false) { kept.resolved = theirs.resolved }
                return kept
            } ?? annotation
        }
        if !annotations.isEmpty { extra[Annotation.tableKey] = .object(annotations.mapValues(\.json)) }
        let sidecar = formatting.formatting.sidecar(texts: texts, keeping: extra)
        return Result(markdown: text.text, sidecar: sidecar.isEmpty ? nil : sidecar,
                      conflicts: text.conflicts + formatting.conflicts)
    }

    /// A version's carried formatting without what its phrases lent (by expanding at their end) to merged text that
    /// does not come from that version but whose words it holds elsewhere: its own words, which the other side moved
    /// beside the phrase (a short paragraph joined to it, too short to be recognised as moved). Text the other side
    /// typed there keeps the loan.
    private static func withoutLoansToOwnWords(_ formatting: DocumentFormatting, typed: [[Range<Int>]], texts: [String],
                                               own: [String]) -> DocumentFormatting {
        let ownUnits = own.map { Array($0.utf16) }
        var result = formatting
        for (k, ranges) in typed.enumerated() where k < result.paragraphs.count {
            let units = Array(texts[k].utf16)
            for range in ranges {
                let keys = Set(result.paragraphs[k].pieces(in: range).flatMap(\.1.keys))
                guard !keys.isEmpty else { continue }
                var (lower, upper) = (range.lowerBound, range.upperBound)
                while lower < upper, !TextTokens.isWord(UInt32(units[lower])) { lower += 1 }
                while upper > lower, !TextTokens.isWord(UInt32(units[upper - 1])) { upper -= 1 }
                guard lower < upper, !LostRunPlacement.occurrences(of: Array(units[lower..<upper]), in: ownUnits).isEmpty else { continue }
                result.paragraphs[k].set(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.null) }), over: range)
            }
        }
        return result
    }
}
