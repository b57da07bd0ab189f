/// Adds or removes bold, italic, strikethrough, code spans and links as Markdown markup in one paragraph, keeping
/// the writer's delimiter style (`*`/`_`) and touching only the bytes around the words.
struct InlineMarkupEditor {
    let document: MarkdownDocument
    let paragraph: Int

    /// The document with `attribute` set to `on` over `range`, or nil when Markdown cannot express it there.
    func set(_ attribute: InlineAttribute, _ on: Bool, over range: Range<Int>) -> MarkdownDocument? {
        let block = document.blocks[paragraph]
        guard let sourceRanges = block.sourceRanges, block.kind != .codeBlock, block.kind != .htmlBlock, !range.isEmpty else { return nil }
        let current = merged(block.spans.filter { $0.attribute == attribute }.map(\.range))
        // Emphasis cannot start or end on a space; a code span or a link can.
        let trims = attribute == .bold || attribute == .italic || attribute == .strikethrough
        let desired = merged((on ? current + [range] : subtract(range, from: current)).compactMap { trims ? trimmed($0, in: block.text) : $0 })
        if desired == current { return document }
        let touched = block.delimiters.filter { d in
            d.attribute == attribute && (d.textRange.overlaps(range) || d.textRange.upperBound == range.lowerBound
                || d.textRange.lowerBound == range.upperBound)
        }
        let region = touched.reduce(range) { min($0.lowerBound, $1.textRange.lowerBound)..<max($0.upperBound, $1.textRange.upperBound) }
        let removals = touched.flatMap { [ByteEdit.delete($0.open), ByteEdit.delete($0.close)] }
        let fresh = desired.filter { $0.overlaps(region) }
        let untouched = block.spans.filter { $0.attribute != attribute }
        var candidates: [[ByteEdit]] = []
        for (opening, closing) in markers(for: attribute) {
            for outerOpen in [false, true] {
                for outerClose in [false, true] {
                    let insertions = fresh.flatMap { r -> [ByteEdit] in
                        let open = outerOpen ? outerStart(of: r.lowerBound, block, sourceRanges) : sourceRanges[r.lowerBound].lowerBound
                        let close = outerClose ? outerEnd(of: r.upperBound, block, sourceRanges) : sourceRanges[r.upperBound - 1].upperBound
                        return [.insert(opening, at: open), .insert(closing, at: close)]
                    }
                    candidates.append(removals + insertions)
                }
            }
        }
        return firstAccepted(candidates, on: document) { result in
            let after = result.blocks[paragraph]
            return merged(after.spans.filter { $0.attribute == attribute }.map(\.range)) == desired
                && Set(after.spans.filter { $0.attribute != attribute }) == Set(untouched)
                && result.blocks.indices.allSatisfy { $0 == paragraph || result.blocks[$0].spans == document.blocks[$0].spans }
        }
    }

    /// Opening and closing markup to try, the writer's habit first: `__`/`_` if the file already uses them, then
    /// `**`/`*`.
    private func markers(for attribute: InlineAttribute) -> [(String, String)] {
        let uses = document.blocks.flatMap(\.delimiters).filter { $0.attribute == attribute && !$0.open.isEmpty }
        let underscore = uses.filter { document.source[$0.open.lowerBound] == UInt8(ascii: "_") }.count
        let prefersUnderscore = underscore * 2 > uses.count && !uses.isEmpty
        func paired(_ markers: [String]) -> [(String, String)] { markers.map { ($0, $0) } }
        switch attribute {
        case .bold: return paired(prefersUnderscore ? ["__", "**"] : ["**", "__"])
        case .italic: return paired(prefersUnderscore ? ["_", "*"] : ["*", "_"])
        case .strikethrough: return paired(["~~"])
        // A space inside double backticks lets the code start or end with a backtick; CommonMark strips it.
        case .code: return [("`", "`"), ("`` ", " ``")]
        case .link(let url): return [("[", "](\(url))"), ("[", "](<\(url)>)")]
        case .image, .footnote: return []
        }
    }

    /// The byte before any opening delimiters that sit right before text position `offset`.
    private func outerStart(of offset: Int, _ block: MarkdownBlock, _ sourceRanges: [Range<Int>]) -> Int {
        outward(from: sourceRanges[offset].lowerBound, block) { d, byte in
            d.open.upperBound == byte && d.textRange.lowerBound == offset ? d.open.lowerBound : nil
        }
    }

    /// The byte after any closing delimiters that sit right after text position `offset`.
    private func outerEnd(of offset: Int, _ block: MarkdownBlock, _ sourceRanges: [Range<Int>]) -> Int {
        outward(from: sourceRanges[offset - 1].upperBound, block) { d, byte in
            d.close.lowerBound == byte && d.textRange.upperBound == offset ? d.close.upperBound : nil
        }
    }

    /// Steps over adjacent delimiters for as long as `step` finds one at the current byte.
    private func outward(from byte: Int, _ block: MarkdownBlock, step: (DelimiterMarkup, Int) -> Int?) -> Int {
        var byte = byte
        while let next = block.delimiters.compactMap({ step($0, byte) }).first(where: { $0 != byte }) { byte = next }
        return byte
    }
}

/// Sorted, non-overlapping, non-touching ranges covering the same positions.
package func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for r in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
        if let last = result.last, r.lowerBound <= last.upperBound {
            result[result.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
        } else {
            result.append(r)
        }
    }
    return result
}

/// `ranges` without the positions in `cut`.
func subtract(_ cut: Range<Int>, from ranges: [Range<Int>]) -> [Range<Int>] {
    ranges.flatMap { r -> [Range<Int>] in
        guard r.overlaps(cut) else { return [r] }
        var pieces: [Range<Int>] = []
        if r.lowerBound < cut.lowerBound { pieces.append(r.lowerBound..<cut.lowerBound) }
        if cut.upperBound < r.upperBound { pieces.append(cut.upperBound..<r.upperBound) }
        return pieces
    }
}

/// A range without white space at its ends (emphasis cannot start or end with a space); nil if nothing is left.
package func trimmed(_ range: Range<Int>, in text: String) -> Range<Int>? {
    trimmed(range, inUnits: Array(text.utf16))
}

/// `trimmed(_:in:)` over a paragraph's UTF-16 code units.
package func trimmed(_ range: Range<Int>, inUnits units: [UInt16]) -> Range<Int>? {
    func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x09 || u == 0x0A || u == 0x2028 || u == 0xA0 }
    var lower = range.lowerBound
    var upper = min(range.upperBound, units.count)
    while lower < upper, isSpace(units[lower]) { lower += 1 }
    while upper > lower, isSpace(units[upper - 1]) { upper -= 1 }
    return lower < upper ? lower..<upper : nil
}
