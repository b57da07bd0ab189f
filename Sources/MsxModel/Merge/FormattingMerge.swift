/// The three-way merge of sidecar formatting, once each version's formatting has been carried onto the merged text
/// (`Anchoring.carry`): each attribute of each character (and of each paragraph) is merged on its own.
///
/// A value only one side changed takes that change; both sides setting the same value agree; one side removing
/// what the other changed keeps the change (set beats unset, as in Peritext); two different values are a conflict,
/// and this side's value stays until it is resolved.
///
/// Characters one side typed carry that side's formatting alone: the other side's phrases, which would stretch over
/// text typed at their edge, never held those words (formatting follows each side's own words).
enum FormattingMerge {
    /// For each version, the stretches of each merged paragraph that do not come from it.
    typealias Typed = (base: [[Range<Int>]], ours: [[Range<Int>]], theirs: [[Range<Int>]])

    static func merge(base: DocumentFormatting, ours: DocumentFormatting, theirs: DocumentFormatting, texts: [String],
                      typed: Typed) -> (formatting: DocumentFormatting, conflicts: [MergeConflict])
    {
        var merged = DocumentFormatting(paragraphCount: texts.count)
        var conflicts: [MergeConflict] = []
        for k in texts.indices {
            let (b, o, t) = (base.paragraphs[k], ours.paragraphs[k], theirs.paragraphs[k])
            let units = Array(texts[k].utf16)
            var paragraphClashes: [(AttributeKey, JSONValue?, JSONValue?)] = []
            merged.paragraphs[k].attributes = mergeAttributes(b.attributes, o.attributes, t.attributes) { paragraphClashes.append(($0, $1, $2)) }
            merged.paragraphs[k].extra = o.extra.isEmpty ? t.extra : o.extra
            for (key, oursValue, theirsValue) in paragraphClashes {
                conflicts.append(conflict(paragraph: k, range: 0..<units.count, units, key, oursValue, theirsValue))
            }
            // Pieces bounded by every run edge of the three.
            var bounds = Set([0, units.count])
            for run in b.runs + o.runs + t.runs { bounds.formUnion([run.range.lowerBound, run.range.upperBound]) }
            for range in typed.base[k] + typed.ours[k] + typed.theirs[k] { bounds.formUnion([range.lowerBound, range.upperBound]) }
            let points = bounds.filter { $0 <= units.count }.sorted()
            var open: [AttributeKey: (range: Range<Int>, ours: JSONValue?, theirs: JSONValue?)] = [:]
            for (start, end) in zip(points, points.dropFirst()) where start < end {
                let piece = start..<end
                var clashes: [AttributeKey: (JSONValue?, JSONValue?)] = [:]
                let (fromBase, fromOurs, fromTheirs) = (!covers(typed.base[k], piece), !covers(typed.ours[k], piece),
                                                        !covers(typed.theirs[k], piece))
                let values: Attributes
                if !fromBase && fromOurs != fromTheirs {
                    values = fromOurs ? attributes(o, piece) : attributes(t, piece)
                } else {
                    values = mergeAttributes(attributes(b, piece), attributes(o, piece), attributes(t, piece)) { clashes[$0] = ($1, $2) }
                }
                if !values.isEmpty { merged.paragraphs[k].set(values, over: piece, extra: [:], keepingNull: true) }
                // A clash over neighbouring pieces, with the same two values, is one conflict.
                for (key, pending) in open where clashes[key].map({ $0 != pending.ours || $1 != pending.theirs }) ?? true
                    || pending.range.upperBound != start {
                    conflicts.append(conflict(paragraph: k, range: pending.range, units, key, pending.ours, pending.theirs))
                    open[key] = nil
                }
                for (key, (oursValue, theirsValue)) in clashes {
                    if let pending = open[key] {
                        open[key] = (pending.range.lowerBound..<end, oursValue, theirsValue)
                    } else {
                        open[key] = (piece, oursValue, theirsValue)
                    }
                }
            }
            for (key, pending) in open.sorted(by: { $0.key < $1.key }) {
                conflicts.append(conflict(paragraph: k, range: pending.range, units, key, pending.ours, pending.theirs))
            }
        }
        return (merged, conflicts)
    }

    /// Merges one set of attributes, key by key; `clash` hears of each key both sides set to different values.
    private static func mergeAttributes(_ base: Attributes, _ ours: Attributes, _ theirs: Attributes,
                                        clash: (AttributeKey, JSONValue?, JSONValue?) -> Void) -> Attributes {
        var merged: Attributes = [:]
        for key in Set(base.keys).union(ours.keys).union(theirs.keys).sorted() {
            let (b, o, t) = (base[key], ours[key], theirs[key])
            let value: JSONValue?
            if o == t || t == b { value = o } else if o == b { value = t } else if o == nil { value = t } else if t == nil { value = o } else {
                clash(key, o, t)
                value = o
            }
            if let value { merged[key] = value }
        }
        return merged
    }

    private static func covers(_ ranges: [Range<Int>], _ piece: Range<Int>) -> Bool {
        ranges.contains { $0.lowerBound <= piece.lowerBound && piece.upperBound <= $0.upperBound }
    }

    private static func attributes(_ paragraph: ParagraphFormatting, _ piece: Range<Int>) -> Attributes {
        paragraph.runs.first { $0.range.lowerBound <= piece.lowerBound && piece.upperBound <= $0.range.upperBound }?.attributes ?? [:]
    }

    private static func conflict(paragraph: Int, range: Range<Int>, _ units: [UInt16], _ key: AttributeKey,
                                 _ ours: JSONValue?, _ theirs: JSONValue?) -> MergeConflict {
        let text = Context.slice(units, range.lowerBound, range.upperBound)
        return MergeConflict(kind: .formatting, base: text, ours: text, theirs: text, placed: text,
                             before: Context.before(units, range.lowerBound), after: Context.after(units, range.upperBound),
                             offset: range.lowerBound, paragraph: paragraph, attribute: key,
                             oursValue: ours ?? .null, theirsValue: theirs ?? .null)
    }
}
