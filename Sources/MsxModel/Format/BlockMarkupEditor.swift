/// Changes a paragraph's block markup: heading level, block quote, list marker, task box. Every change is re-read
/// and kept only if the paragraph came out as asked with all text unchanged.
struct BlockMarkupEditor {
    let document: MarkdownDocument
    let paragraph: Int

    private var block: MarkdownBlock { document.blocks[paragraph] }

    /// Makes the paragraph a heading of `level` (1-6), or a plain paragraph when `level` is nil.
    func setHeading(_ level: Int?) -> MarkdownDocument? {
        if case .heading(let current, let setext) = block.kind {
            if current == level { return document }
            let marker = atxMarker()
            var edits: [ByteEdit] = []
            if setext {
                edits.append(.delete(underlineLine()))
                if let level { edits += [.insert(String(repeating: "#", count: level) + " ", at: block.contentStart)] + joinLines() }
            } else if let marker {
                edits.append(ByteEdit(range: marker, replacement: level.map { Array((String(repeating: "#", count: $0) + " ").utf8) } ?? []))
            }
            return accept(edits) { $0.kind == (level.map { .heading(level: $0, setext: false) } ?? .paragraph) || (level == nil && $0.kind == .listItem) }
        }
        guard let level, block.kind == .paragraph || block.kind == .listItem else { return level == nil ? document : nil }
        let edits = [ByteEdit.insert(String(repeating: "#", count: level) + " ", at: block.contentStart)] + joinLines()
        return accept(edits) { $0.kind == .heading(level: level, setext: false) }
    }

    /// Puts the paragraph inside a block quote, or takes it out of one.
    func setQuoted(_ quoted: Bool) -> MarkdownDocument? {
        if (block.quoteDepth > 0) == quoted { return document }
        return setQuoteDepth(quoted ? 1 : 0)
    }

    /// Makes the paragraph quoted `depth` levels deep (0: not quoted), a level at a time.
    func setQuoteDepth(_ depth: Int) -> MarkdownDocument? {
        var editor = self
        while editor.block.quoteDepth != depth {
            guard let next = editor.stepQuoteDepth(deeper: editor.block.quoteDepth < depth) else { return nil }
            editor = BlockMarkupEditor(document: next, paragraph: paragraph)
        }
        return editor.document
    }

    /// One block quote level more or less.
    private func stepQuoteDepth(deeper: Bool) -> MarkdownDocument? {
        let depth = block.quoteDepth
        var edits: [ByteEdit] = []
        for line in block.lines {
            let content = document.lineContent(line)
            if deeper {
                guard block.list == nil else { return nil }
                edits.append(.insert("> ", at: content.lowerBound))
            } else if let marker = quoteMarker(in: content) {
                edits.append(.delete(marker))
            }
        }
        return accept(edits) { $0.quoteDepth == (deeper ? depth + 1 : depth - 1) }
    }

    /// Makes the paragraph a list item (ordered or bullet), when it is not one yet.
    func makeListItem(ordered: Bool) -> MarkdownDocument? {
        if let list = block.list { return list.ordered == ordered ? document : nil }
        guard block.kind == .paragraph else { return nil }
        let marker = ordered ? "1. " : bulletMarker() + " "
        return accept([.insert(marker, at: block.contentStart)]) { $0.list?.ordered == ordered && $0.list?.isFirstParagraph == true }
    }

    /// Takes the paragraph out of its list (its marker and any task box go), when it starts its item.
    func removeListItem() -> MarkdownDocument? {
        guard let list = block.list else { return document }
        guard list.isFirstParagraph else { return nil }
        return accept([.delete(list.markerOffset..<block.contentStart)]) { $0.list == nil && $0.kind == .paragraph }
    }

    /// Sets the paragraph's task box, adding one (and a list item) when missing.
    func setChecked(_ checked: Bool) -> MarkdownDocument? {
        let box = checked ? "[x] " : "[ ] "
        var edits: [ByteEdit]
        if let list = block.list, list.isFirstParagraph {
            if list.taskChecked == checked { return document }
            if list.taskChecked != nil, let inner = taskBoxInner() {
                edits = [ByteEdit(range: inner, replacement: Array((checked ? "x" : " ").utf8))]
            } else {
                edits = [.insert(box, at: block.contentStart)]
            }
        } else if block.kind == .paragraph {
            edits = [.insert(bulletMarker() + " " + box, at: block.contentStart)]
        } else {
            return nil
        }
        return accept(edits) { $0.list?.taskChecked == checked }
    }

    // MARK: Helpers

    private func accept(_ edits: [ByteEdit], _ check: (MarkdownBlock) -> Bool) -> MarkdownDocument? {
        firstAccepted([edits], on: document) { result in
            check(result.blocks[paragraph])
                && result.blocks.indices.allSatisfy { i in
                    i == paragraph || (result.blocks[i].kind == document.blocks[i].kind
                        && result.blocks[i].quoteDepth == document.blocks[i].quoteDepth)
                }
        }
    }

    /// The `## ` run of an ATX heading: from the first `#` to the content.
    private func atxMarker() -> Range<Int>? {
        var start = block.contentStart
        let bytes = document.source
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        var hashes = start
        while hashes > 0, bytes[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
        return hashes < start ? hashes..<block.contentStart : nil
    }

    /// The whole underline line (`===` or `---`) of a setext heading, line ending included: the first such line
    /// after the heading's text.
    private func underlineLine() -> Range<Int> {
        var line = document.line(containing: max(block.contentStart, block.contentEnd - 1)) + 1
        while line < document.lineStarts.count - 1 {
            let marks = document.source[document.lineContent(line)].filter { $0 != 0x20 && $0 != 0x09 }
            if !marks.isEmpty, marks.allSatisfy({ $0 == UInt8(ascii: "=") }) || marks.allSatisfy({ $0 == UInt8(ascii: "-") }) {
                break
            }
            line += 1
        }
        let end = line + 1 < document.lineStarts.count ? document.lineStarts[line + 1] : document.source.count
        return document.lineStarts[min(line, document.lineStarts.count - 1)]..<end
    }

    /// Soft line breaks inside the paragraph become spaces (an ATX heading is one line).
    private func joinLines() -> [ByteEdit] {
        guard let ranges = block.sourceRanges else { return [] }
        let units = Array(block.text.utf16)
        return units.indices.compactMap { i in
            guard units[i] == 0x20, document.source[ranges[i]].contains(0x0A) else { return nil }
            return ByteEdit(range: ranges[i], replacement: [0x20])
        }
    }

    /// The `>` (and one following space) that opens a line of a block quote.
    private func quoteMarker(in line: Range<Int>) -> Range<Int>? {
        let bytes = document.source
        var i = line.lowerBound
        while i < line.upperBound, bytes[i] == 0x20, i - line.lowerBound < 3 { i += 1 }
        guard i < line.upperBound, bytes[i] == UInt8(ascii: ">") else { return nil }
        let end = i + 1 < line.upperBound && bytes[i + 1] == 0x20 ? i + 2 : i + 1
        return i..<end
    }

    /// The character between `[` and `]` of the task box.
    private func taskBoxInner() -> Range<Int>? {
        var i = block.contentStart
        let bytes = document.source
        while i > 0 {
            i -= 1
            if bytes[i] == UInt8(ascii: "]"), i >= 2, bytes[i - 2] == UInt8(ascii: "[") { return (i - 1)..<i }
        }
        return nil
    }

    /// The writer's bullet (`-`, `*` or `+`), `-` when the file has none.
    private func bulletMarker() -> String {
        for other in document.blocks {
            if let list = other.list, !list.ordered, list.markerOffset < document.source.count {
                let byte = document.source[list.markerOffset]
                if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    return String(UnicodeScalar(byte))
                }
            }
        }
        return "-"
    }
}
