import MsxModel

/// Collects one paragraph's text (as UTF-8, counting UTF-16 offsets for the runs), with the character state each
/// stretch was written in. Footnotes go inline as `^[note text]`: their paragraphs joined by one space, leading
/// spaces dropped.
struct RTFParagraphBuilder {
    private var utf8: [UInt8] = []
    /// The text's length in UTF-16 code units, the unit of run offsets.
    private var length = 0
    /// Where each stretch starts (UTF-16 offset), and its state; a stretch ends where the next starts.
    private var runStarts: [Int] = []
    private var runStates: [RTFCharacterState] = []
    private var footnoteDepth = 0
    private var footnoteHasText = false
    private var footnoteSpacePending = false
    /// A footnote's "^[" waits for its first character, whose formatting it takes.
    private var footnoteOpeningPending = false

    var isInFootnote: Bool { footnoteDepth > 0 }

    /// How many states `finish` remembers the attributes of (a bound, so a paragraph of many styles stays linear).
    private static let statesRemembered = 16

    mutating func append(_ scalars: [Unicode.Scalar], as state: RTFCharacterState) {
        if runStates.last != state {
            runStarts.append(length)
            runStates.append(state)
        }
        for scalar in scalars {
            if footnoteDepth > 0 {
                let isSpace = scalar == " " || scalar == "\t"
                if isSpace, !footnoteHasText || footnoteSpacePending { continue }
                if footnoteOpeningPending { add("^"); add("["); footnoteOpeningPending = false }
                if footnoteSpacePending { add(" ") }
                footnoteHasText = true
                footnoteSpacePending = false
            }
            add(scalar)
        }
    }

    /// Adds one character; control characters other than tab have no place in a paragraph and are dropped.
    private mutating func add(_ scalar: Unicode.Scalar) {
        if scalar.value < 0x20, scalar != "\t" { return }
        if scalar.isASCII {
            utf8.append(UInt8(scalar.value))
        } else {
            UTF8.encode(scalar) { utf8.append($0) }
        }
        length += scalar.utf16.count
    }

    mutating func openFootnote(_ state: RTFCharacterState) {
        if footnoteDepth == 0 {
            (footnoteHasText, footnoteSpacePending, footnoteOpeningPending) = (false, false, true)
        }
        footnoteDepth += 1
    }

    mutating func closeFootnote(_ state: RTFCharacterState) {
        guard footnoteDepth > 0 else { return }
        footnoteDepth -= 1
        if footnoteDepth == 0 {
            footnoteSpacePending = false
            // An empty note leaves nothing behind.
            if footnoteOpeningPending { footnoteOpeningPending = false } else { append(["]"], as: state) }
        }
    }

    /// A paragraph end inside a footnote: the note's next paragraph follows after one space.
    mutating func breakFootnoteParagraph() {
        if footnoteHasText { footnoteSpacePending = true }
    }

    /// Removes a tab at the very end (the one the last `\cell` of a table row wrote).
    mutating func dropTrailingTab() {
        guard utf8.last == 0x09 else { return }
        utf8.removeLast()
        length -= 1
        while let start = runStarts.last, start >= length {
            runStarts.removeLast()
            runStates.removeLast()
        }
    }

    /// The paragraph's text and runs (adjacent runs with the same attributes merged), or nil when it has no text.
    /// `attributes` is asked once per state among the last few seen. The builder is empty afterwards.
    mutating func finish(_ attributes: (RTFCharacterState) -> Attributes) -> (text: String, runs: [ImportedRun])? {
        defer { self = RTFParagraphBuilder() }
        while footnoteDepth > 0, let state = runStates.last { closeFootnote(state) }
        guard length > 0 else { return nil }
        var known: [(state: RTFCharacterState, attributes: Attributes)] = []
        var runs: [ImportedRun] = []
        for (index, start) in runStarts.enumerated() {
            let end = index + 1 < runStarts.count ? runStarts[index + 1] : length
            guard start < end else { continue }
            let state = runStates[index]
            let runAttributes: Attributes
            if let cached = known.first(where: { $0.state == state }) {
                runAttributes = cached.attributes
            } else {
                runAttributes = attributes(state)
                known.append((state, runAttributes))
                if known.count > Self.statesRemembered { known.removeFirst() }
            }
            if let last = runs.last, last.range.upperBound == start, last.attributes == runAttributes {
                runs[runs.count - 1].range = last.range.lowerBound..<end
            } else {
                runs.append(ImportedRun(range: start..<end, attributes: runAttributes))
            }
        }
        return (String(decoding: utf8, as: UTF8.self), runs)
    }
}
