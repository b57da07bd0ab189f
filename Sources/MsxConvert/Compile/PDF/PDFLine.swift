/// Text set in one face, size and colour, placed on a line.
struct PDFFragment {
    var scalars: [Unicode.Scalar]
    var face: PDFFace
    var size: Double
    /// From the line's start, in points.
    var x: Double = 0
    var width: Double
    /// Above the baseline (superscript) or below (negative), in points.
    var rise: Double = 0
    /// Red, green and blue from 0 to 1; nil for black.
    var color: [Double]?
    var highlight: [Double]?
    var underline: String?
    var strikethrough = false
    /// A picture drawn instead of text: its number among the file's pictures (its size is `width` by `size`).
    var picture: Int? = nil
    /// Spaces in it, which justification widens.
    var spaces: Int { scalars.reduce(0) { $0 + ($1 == " " ? 1 : 0) } }
}

/// One line of a paragraph, ready to draw: its fragments, how far it is indented, and its height.
struct PDFLine {
    var fragments: [PDFFragment]
    /// From the text area's left edge to the line's start.
    var indent: Double
    /// Baseline to baseline above this line (the line's height).
    var height: Double
    /// Extra width each space gets when the line is justified.
    var spaceStretch: Double = 0
}

/// A paragraph set into lines, with what pagination needs to know about it.
struct PDFBlock {
    var lines: [PDFLine]
    var spaceBefore: Double
    var spaceAfter: Double
    var pageBreakBefore: Bool
    /// A heading stays on the page of the paragraph after it.
    var keepWithNext: Bool
    /// Where a part, chapter or piece of matter begins: no running head on its page, and its drop from the top.
    var opensSection = false
    var sectionDrop: Double = 0
    /// For a screenplay's speech: which one it is part of, and the lines that close a page it goes on past and open
    /// the next (`(MORE)`, `NAME (CONT'D)`).
    var speech: Int? = nil
    var continuation: (more: PDFLine, resumed: PDFLine)? = nil
    /// The text of a heading, for the document outline (bookmarks), and its level.
    var outline: (title: String, level: Int)?
}
