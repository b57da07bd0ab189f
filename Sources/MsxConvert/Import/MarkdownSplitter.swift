import MsxModel

/// Cuts a Markdown file into parts, one per top-level heading of a given level or less, keeping every byte.
enum MarkdownSplitter {
    /// Parts in order, each with its heading's text (nil for the part before the first heading).
    static func split(_ text: String, atLevel level: Int) -> [(String?, String)] {
        let document = MarkdownDocument(text, sourceMap: false)
        var cuts: [(line: Int, title: String)] = []
        for block in document.blocks where block.quoteDepth == 0 && block.list == nil {
            if case .heading(let headingLevel, _) = block.kind, headingLevel <= level {
                cuts.append((block.lines.lowerBound, Importer.title(block.text)))
            }
        }
        guard !cuts.isEmpty else { return [(nil, text)] }
        let lines = linesKeepingEnds(text)
        var parts: [(String?, String)] = []
        if cuts[0].line > 0 {
            let opening = lines[..<cuts[0].line].joined()
            if opening.contains(where: { !$0.isWhitespace }) { parts.append((nil, opening)) }
        }
        for (n, cut) in cuts.enumerated() {
            let end = n + 1 < cuts.count ? cuts[n + 1].line : lines.count
            parts.append((cut.title, lines[cut.line..<end].joined()))
        }
        return parts
    }

    private static func linesKeepingEnds(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        for index in text.indices where text[index].isNewline {
            let next = text.index(after: index)
            lines.append(text[start..<next])
            start = next
        }
        if start < text.endIndex { lines.append(text[start...]) }
        return lines
    }
}
