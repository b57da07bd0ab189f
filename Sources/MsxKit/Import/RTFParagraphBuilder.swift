/// Collects one paragraph's text as UTF-16, with the character state each stretch was written in. Footnotes go
/// inline as `^[note text]`: their paragraphs joined by one space, leading spaces dropped.
struct RTFParagraphBuilder {
    private var units: [UInt16] = []
    /// Where each stretch starts, and its state; a stretch ends where the next starts.
    private var runStarts: [Int] = []
    private var runStates: [RTFCharacterState] = []
    private var footnoteDepth = 0
    private var footnoteHasText = false
    private var footnoteSpacePending = false

    var isInFootnote: Bool { footnoteDepth > 0 }
    var count: Int { units.count }

    mutating func append(_ scalars: [Unicode.Scalar], as state: RTFCharacterState) {
        if runStates.last != state {
            runStarts.append(units.count)
            runStates.append(state)
        }
        for scalar in scalars {
            if footnoteDepth > 0 {
                let isSpace = scalar == " " || scalar == "\t"
                if isSpace, !footnoteHasText || footnoteSpacePending { continue }
                if footnoteSpacePending { units.append(0x20) }
                footnoteHasText = true
                footnoteSpacePending = false
            }
            UTF16.encode(scalar) { units.append($0) }
        }
    }

    mutating func openFootnote(_ state: RTFCharacterState) {
        if footnoteDepth == 0 {
            append(["^", "["], as: state)
            (footnoteHasText, footnoteSpacePending) = (false, false)
        }
        footnoteDepth += 1
    }

    mutating func closeFootnote(_ state: RTFCharacterState) {
        guard footnoteDepth > 0 else { return }
        footnoteDepth -= 1
        if footnoteDepth == 0 {
            footnoteSpacePending = false
            append(["]"], as: state)
        }
    }

    /// A paragraph end inside a footnote: the note's next paragraph follows after one space.
    mutating func breakFootnoteParagraph() {
        if footnoteHasText { footnoteSpacePending = true }
    }

    /// Removes a tab at the very end (the one the last `\cell` of a table row wrote).
    mutating func dropTrailingTab() {
        guard units.last == 0x09 else { return }
        units.removeLast()
        while let start = runStarts.last, start >= units.count {
            runStarts.removeLast()
            runStates.removeLast()
        }
    }

    /// The paragraph's text and runs (adjacent runs with the same attributes merged), or nil when it has no text.
    /// The builder is empty afterwards.
    mutating func finish(_ attributes: (RTFCharacterState) -> Attributes) -> (text: String, runs: [ImportedRun])? {
        defer { self = RTFParagraphBuilder() }
        while footnoteDepth > 0, let state = runStates.last { closeFootnote(state) }
        guard !units.isEmpty else { return nil }
        var runs: [ImportedRun] = []
        for (index, start) in runStarts.enumerated() {
            let end = index + 1 < runStarts.count ? runStarts[index + 1] : units.count
            guard start < end else { continue }
            let runAttributes = attributes(runStates[index])
            if let last = runs.last, last.attributes == runAttributes, last.range.upperBound == start {
                runs[runs.count - 1].range = last.range.lowerBound..<end
            } else {
                runs.append(ImportedRun(range: start..<end, attributes: runAttributes))
            }
        }
        return (String(decoding: units, as: UTF16.self), runs)
    }
}
