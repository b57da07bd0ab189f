import MsxModel

/// Collects one paragraph's text with the attributes of each stretch (UTF-16 offsets, adjacent stretches of equal
/// attributes merged).
struct DocxParagraphBuilder {
    private(set) var text = ""
    private(set) var length = 0
    private(set) var runs: [ImportedRun] = []
    /// Comments anchored at a point (on no words of their own): each comment's id and where it stands.
    private var points: [(offset: Int, id: String)] = []

    var isEmpty: Bool { length == 0 }

    /// Adds `string` with `attributes`. Line ends inside a text element are spaces (Word never writes them; XML
    /// allows them), and other control characters but the tab have no place in a paragraph.
    mutating func append(_ string: String, _ attributes: Attributes) {
        var clean = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                clean.append(" ")
            } else if scalar.value >= 0x20 || scalar == "\t" {
                clean.append(scalar)
            }
        }
        guard !clean.isEmpty else { return }
        let added = String(clean)
        let count = added.utf16.count
        if let last = runs.last, last.attributes == attributes, last.range.upperBound == length {
            runs[runs.count - 1].range = last.range.lowerBound..<(length + count)
        } else {
            runs.append(ImportedRun(range: length..<(length + count), attributes: attributes))
        }
        text += added
        length += count
    }

    /// Adds another builder's text and stretches, each with `extra` laid over its attributes.
    mutating func append(_ other: DocxParagraphBuilder, adding extra: Attributes) {
        let units = Array(other.text.utf16)
        for run in other.runs {
            let piece = String(decoding: units[run.range], as: UTF16.self)
            append(piece, run.attributes.merging(extra) { _, new in new })
        }
    }

    /// Removes the first `count` UTF-16 units (a checklist box the compiler wrote before the text).
    mutating func dropPrefix(_ count: Int) {
        let units = Array(text.utf16)
        guard count <= units.count else { return }
        text = String(decoding: units[count...], as: UTF16.self)
        length -= count
        points = points.map { (max($0.offset - count, 0), $0.id) }
        runs = runs.compactMap { run in
            let upper = max(run.range.upperBound - count, 0)
            let range = min(max(run.range.lowerBound - count, 0), upper)..<upper
            return range.isEmpty ? nil : ImportedRun(range: range, attributes: run.attributes)
        }
    }

    /// Notes comment `id` at the point reached: it will annotate the word there.
    mutating func notePoint(_ id: String) { points.append((length, id)) }

    /// The text and stretches, leaving the builder empty. A comment anchored at a point annotates the word it
    /// follows (the word after it at the start of the paragraph), as msx's annotations cover words.
    mutating func take() -> (text: String, runs: [ImportedRun]) {
        defer { self = DocxParagraphBuilder() }
        let units = Array(text.utf16)
        for point in points {
            guard let word = Self.word(in: units, at: point.offset) else { continue }
            runs = runs.flatMap { run -> [ImportedRun] in
                let cuts = [run.range.lowerBound, max(run.range.lowerBound, min(word.lowerBound, run.range.upperBound)),
                            max(run.range.lowerBound, min(word.upperBound, run.range.upperBound)), run.range.upperBound]
                return zip(cuts, cuts.dropFirst()).compactMap { lower, upper -> ImportedRun? in
                    guard lower < upper else { return nil }
                    var piece = ImportedRun(range: lower..<upper, attributes: run.attributes)
                    if word.contains(lower) {
                        let ids = piece.attributes[.annotation]?.arrayValue ?? []
                        piece.attributes[.annotation] = .array(ids + [.string(point.id)])
                    }
                    return piece
                }
            }
        }
        return (text, runs)
    }

    /// The word that ends at or before `offset` (spaces skipped), else the first one after it.
    private static func word(in units: [UInt16], at offset: Int) -> Range<Int>? {
        let isSpace: (UInt16) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x2028 || $0 == 0xA0 }
        var end = min(offset, units.count)
        while end > 0, isSpace(units[end - 1]) { end -= 1 }
        var start = end
        while start > 0, !isSpace(units[start - 1]) { start -= 1 }
        if start < end { return start..<end }
        start = min(offset, units.count)
        while start < units.count, isSpace(units[start]) { start += 1 }
        end = start
        while end < units.count, !isSpace(units[end]) { end += 1 }
        return start < end ? start..<end : nil
    }
}
