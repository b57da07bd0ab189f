/// Fills pages with set paragraphs: a page break where a paragraph asks for one, a section opening lowered on its
/// page, a heading kept with the two lines after it, and no paragraph leaving one line alone at the foot of a page
/// (an orphan) or at the head of the next (a widow). Blocks are taken one at a time and each page is handed on as
/// soon as it is full, so a long book is never held as pages.
struct PDFPageComposer {
    /// A line where it sits: from the top of the text area to the line's top.
    struct PlacedLine {
        var line: PDFLine
        var top: Double
    }

    struct Page {
        var lines: [PlacedLine] = []
        /// A part, chapter or piece of matter begins here (its running head is left off).
        var opensSection = false
        /// Headings that begin on this page, for the outline, with their position.
        var outline: [(title: String, level: Int, top: Double)] = []
    }

    /// The height of the text area, in points.
    let height: Double
    /// Lines kept together at a paragraph's start and end when it crosses a page.
    let minimumLines = 2

    /// Fills pages with `blocks`, handing each page to `emit` in order (at least one, even for no blocks).
    func compose(_ blocks: some Sequence<PDFBlock>, emit: (Page) -> Void) {
        var page = Page()
        var emitted = false
        var y = 0.0
        func newPage() {
            emit(page)
            emitted = true
            page = Page()
            y = 0
        }
        var pageIsEmpty: Bool { page.lines.isEmpty }
        func place(_ line: PDFLine) {
            page.lines.append(PlacedLine(line: line, top: y))
            y += line.height
        }
        var previousSpeech: Int?
        var iterator = blocks.makeIterator()
        var upcoming = iterator.next()
        while let block = upcoming {
            upcoming = iterator.next()
            defer { previousSpeech = block.speech }
            if block.pageBreakBefore && !pageIsEmpty { newPage() }
            if block.keepWithNext && !pageIsEmpty && !fits(heading: block, next: upcoming, at: y) { newPage() }
            if pageIsEmpty {
                if block.opensSection {
                    page.opensSection = true
                    y = block.sectionDrop
                }
            } else {
                y += block.spaceBefore
            }
            var lines = block.lines[...]
            if let outline = block.outline { page.outline.append((outline.title, outline.level, y)) }
            while !lines.isEmpty {
                var fitting = 0, used = 0.0
                for line in lines {
                    guard y + used + line.height <= height + 0.01 else { break }
                    used += line.height
                    fitting += 1
                }
                if fitting < lines.count {
                    let remaining = lines.count - fitting
                    if remaining < minimumLines && lines.count > minimumLines { fitting = max(0, lines.count - minimumLines) }
                    if fitting < minimumLines && lines.count >= minimumLines && lines.count == block.lines.count { fitting = 0 }
                    if fitting == 0 && pageIsEmpty { fitting = max(1, min(lines.count, fittingAtLeastOne(lines))) }
                }
                // A speech going on past the foot of the page: inside this block, or between it and the speech's
                // part above.
                let continuesSpeech = block.speech != nil && block.speech == previousSpeech && lines.count == block.lines.count && !pageIsEmpty
                let continuation = fitting < lines.count && (fitting > 0 || continuesSpeech) ? block.continuation : nil
                if let continuation, fitting > 0 {
                    // Room for "(MORE)" below the lines that stay.
                    while fitting > 1 && y + lines.prefix(fitting).reduce(0, { $0 + $1.height }) + continuation.more.height > height + 0.01 { fitting -= 1 }
                }
                for line in lines.prefix(fitting) { place(line) }
                lines = lines.dropFirst(fitting)
                if !lines.isEmpty {
                    if let continuation, y + continuation.more.height <= height + 0.01 { place(continuation.more) }
                    newPage()
                    if let continuation { place(continuation.resumed) }
                }
            }
            y += block.spaceAfter
        }
        if !pageIsEmpty || !emitted { emit(page) }
    }

    /// Whether a heading and the first lines of what follows it fit below `y`: as many lines as that paragraph
    /// may leave at a page's foot (all of a paragraph too short to split without a lone line).
    private func fits(heading: PDFBlock, next: PDFBlock?, at y: Double) -> Bool {
        var needed = heading.spaceBefore + heading.lines.reduce(0) { $0 + $1.height } + heading.spaceAfter
        if let next {
            let kept = next.lines.count < 2 * minimumLines ? next.lines.count : minimumLines
            needed += next.spaceBefore + next.lines.prefix(kept).reduce(0) { $0 + $1.height }
        }
        return y + needed <= height + 0.01
    }

    /// How many lines fill an empty page (at least one, however tall).
    private func fittingAtLeastOne(_ lines: ArraySlice<PDFLine>) -> Int {
        var used = 0.0, count = 0
        for line in lines {
            guard used + line.height <= height + 0.01 || count == 0 else { break }
            used += line.height
            count += 1
        }
        return count
    }
}
