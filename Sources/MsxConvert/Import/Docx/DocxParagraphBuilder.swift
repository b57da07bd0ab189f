import MsxModel

/// Collects one paragraph's text with the attributes of each stretch (UTF-16 offsets, adjacent stretches of equal
/// attributes merged).
struct DocxParagraphBuilder {
    private(set) var text = ""
    private(set) var length = 0
    private(set) var runs: [ImportedRun] = []

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
        runs = runs.compactMap { run in
            let upper = max(run.range.upperBound - count, 0)
            let range = min(max(run.range.lowerBound - count, 0), upper)..<upper
            return range.isEmpty ? nil : ImportedRun(range: range, attributes: run.attributes)
        }
    }

    /// The text and stretches, leaving the builder empty.
    mutating func take() -> (text: String, runs: [ImportedRun]) {
        defer { self = DocxParagraphBuilder() }
        return (text, runs)
    }
}
