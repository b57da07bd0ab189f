import MsxModel

/// Writes imported paragraphs as CommonMark: block markers for headings, lists, task boxes and quotes, and inline
/// markup for bold, italic, strikethrough and links. Whatever the markup fails to say is left for the sidecar.
struct MarkdownComposer {
    /// The project's styles: emphasis a paragraph's style gives already is not written again (`# Title`, not
    /// `# **Title**`, when headings are bold).
    let sheet: StyleSheet
    /// Per paragraph: write inline markup, or escape everything and leave all formatting to the sidecar.
    var plainParagraphs: Set<Int> = []
    /// Tables whose rows GFM cannot hold as they are (a line break in a cell): their rows are written as
    /// paragraphs of tab-separated text.
    var tablesAsText: Set<Int> = []
    /// Whether every block is parted from the next by a blank line: list items too (loose lists), and paragraphs
    /// of one quotation (each its own quotation).
    var blankLinesOnly = false

    /// The Markdown file, as UTF-8. Block prefixes are worked out in order (lists number and nest), the
    /// paragraphs' inline Markdown on all cores.
    func markdown(for paragraphs: [ImportedParagraph]) -> [UInt8] {
        var paragraphs = paragraphs
        for index in paragraphs.indices where paragraphs[index].tableRow.map(tablesAsText.contains) ?? false {
            paragraphs[index].tableRow = nil
        }
        var lists = ListState()
        let prefixes = paragraphs.map { prefix(of: $0, lists: &lists) }
        let plain = plainParagraphs
        let rows = paragraphs
        let blocks = Array(zip(paragraphs.indices, prefixes)).concurrentMap { index, prefix -> [UInt8] in
            let p = rows[index]
            if p.isCodeBlock { return Array(Self.fenced(p.text, prefix: prefix).utf8) }
            if p.tableRow != nil { return tableRow(p, prefix: prefix.first, plain: plain.contains(index)) }
            let units = Array(p.text.utf16)
            var first = prefix.first
            // A heading with line breaks cannot be written with `#`; levels 1 and 2 can be underlined instead.
            let hasBreaks = units.contains(0x2028)
            if let level = p.headingLevel, (1...6).contains(level), !hasBreaks {
                first += String(repeating: "#", count: level) + " "
            }
            let underline = p.headingLevel.flatMap { hasBreaks && $0 <= 2 ? ($0 == 1 ? "===" : "---") : nil }
            let isPlain = plain.contains(index)
            let content = isPlain
                ? [Piece.text(0..<units.count)]
                : InlineMarkup.pieces(of: p, units: units, styled: emphasis(givenBy: p))
            var out: [UInt8] = []
            out.reserveCapacity(units.count + first.utf8.count + 8)
            InlineMarkup.render(content, units: units, plain: isPlain, firstPrefix: first,
                                continuationPrefix: prefix.continuation, into: &out)
            if let underline { out += ("\n" + prefix.continuation + underline).utf8 }
            return out
        }
        var out: [UInt8] = []
        out.reserveCapacity(blocks.reduce(0) { $0 + $1.count + 2 })
        for (index, block) in blocks.enumerated() {
            let table = paragraphs[index].tableRow
            let sameTable = index > 0 && table != nil && paragraphs[index - 1].tableRow == table
            if index > 0 {
                let joined = !blankLinesOnly && Self.nextItemOfOneList(paragraphs[index - 1], paragraphs[index])
                let quoted = blankLinesOnly ? 0 : Self.quotationGoesOn(paragraphs[index - 1], paragraphs[index])
                out += sameTable || joined ? [0x0A] : quoted > 0 ? Array(("\n" + Array(repeating: ">", count: quoted).joined(separator: " ") + "\n").utf8) : [0x0A, 0x0A]
            }
            out += block
            // The header (a table's first row) is followed by the delimiter row, one cell per column.
            if let table, !sameTable {
                let columns = paragraphs[index...].prefix { $0.tableRow == table }.map { $0.text.split(separator: "\t", omittingEmptySubsequences: false).count }.max() ?? 1
                out += ("\n" + prefixes[index].continuation + "|" + String(repeating: " --- |", count: columns)).utf8
            }
        }
        out.append(0x0A)
        return out
    }

    /// A row as a GFM table row, `| a | b |`: each cell (the text between tabs) written on its own, its pipes
    /// escaped (GFM splits cells before it reads any other markup, code spans included).
    private func tableRow(_ p: ImportedParagraph, prefix: String, plain: Bool) -> [UInt8] {
        let units = Array(p.text.utf16)
        var out = Array((prefix + "|").utf8)
        var start = 0
        for end in units.indices.filter({ units[$0] == 0x09 }) + [units.count] {
            var cell = ImportedParagraph(text: String(decoding: units[start..<end], as: UTF16.self), attributes: p.attributes)
            cell.runs = p.runs.compactMap { run in
                let lower = max(run.range.lowerBound, start), upper = min(run.range.upperBound, end)
                return lower < upper ? ImportedRun(range: (lower - start)..<(upper - start), attributes: run.attributes) : nil
            }
            let cellUnits = Array(cell.text.utf16)
            let content = plain ? [Piece.text(0..<cellUnits.count)] : InlineMarkup.pieces(of: cell, units: cellUnits, styled: emphasis(givenBy: p))
            var rendered: [UInt8] = []
            InlineMarkup.render(content, units: cellUnits, plain: plain, firstPrefix: "", continuationPrefix: "", into: &rendered)
            out.append(0x20)
            for byte in rendered {
                if byte == UInt8(ascii: "|") { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
            out += Array(" |".utf8)
            start = end + 1
        }
        return out
    }

    /// Bold and italic as the paragraph's style (named, or the one Markdown gives its kind) and the defaults set them.
    private func emphasis(givenBy p: ImportedParagraph) -> Set<AttributeKey> {
        let name = p.attributes[.style]?.stringValue
            ?? p.headingLevel.map { "Heading \(min($0, 3))" } ?? (p.quoteDepth > 0 ? "Block Quote" : "Body")
        let attributes = sheet.defaults.overlaid(with: sheet.style(named: name)?.attributes ?? [:])
        return Set([AttributeKey.bold, .italic].filter { attributes[$0] == true })
    }

    /// A code block's text in a fence longer than any run of backticks inside it.
    private static func fenced(_ code: String, prefix: (first: String, continuation: String)) -> String {
        var longest = 0, run = 0
        for c in code { run = c == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { prefix.continuation + $0 }
        return prefix.first + fence + "\n" + lines.joined(separator: "\n") + "\n" + prefix.continuation + fence
    }

    /// Whether `next` is the next item of the list `previous` is an item of, at the same level: the two are written
    /// on consecutive lines, as a writer writes a list (and as pandoc writes one it reads from Word).
    static func nextItemOfOneList(_ previous: ImportedParagraph, _ next: ImportedParagraph) -> Bool {
        func ordered(_ p: ImportedParagraph) -> Bool {
            p.attributes[.listFormat]?.stringValue.flatMap(ListFormat.init(rawValue:))?.isOrdered ?? false
        }
        guard let level = previous.listLevel, level > 0, next.listLevel == level, previous.listID == next.listID else { return false }
        return [previous, next].allSatisfy { !$0.continuesListItem && !$0.isCodeBlock && $0.tableRow == nil && $0.headingLevel == nil }
            && previous.quoteDepth == next.quoteDepth && ordered(previous) == ordered(next)
    }

    /// How many levels of quotation `previous` and `next` share (0 when neither is quoted, or one is a list item,
    /// a table row or code): the quotation goes on from one to the other, as a writer writes a passage of quoted
    /// paragraphs (`>` on the line between).
    static func quotationGoesOn(_ previous: ImportedParagraph, _ next: ImportedParagraph) -> Int {
        guard [previous, next].allSatisfy({ $0.listLevel == nil && $0.tableRow == nil && !$0.isCodeBlock }) else { return 0 }
        return min(previous.quoteDepth, next.quoteDepth)
    }

    /// Whether blocks are joined anywhere (list items by a line break, quoted paragraphs by a `>` line).
    static func joinsBlocks(_ paragraphs: [ImportedParagraph]) -> Bool {
        paragraphs.indices.dropFirst().contains { nextItemOfOneList(paragraphs[$0 - 1], paragraphs[$0]) || quotationGoesOn(paragraphs[$0 - 1], paragraphs[$0]) > 0 }
    }

    // MARK: Blocks

    /// Open lists by depth: each level's marker width and next number, so nested items indent under their parent.
    struct ListState {
        var levels: [(ordered: Bool, width: Int, next: Int)] = []
        /// The source list the open top-level list is, and whether it is marked the other way (`*`, `1)`): a list
        /// right after another one must be, or Markdown reads the two as one.
        var source: Int?
        var alternate = false
    }

    /// What goes before a paragraph's first line (quote markers, list indent and marker, task box) and before each
    /// further line.
    private func prefix(of p: ImportedParagraph, lists: inout ListState) -> (first: String, continuation: String) {
        let quote = String(repeating: "> ", count: max(0, p.quoteDepth))
        var first = quote
        var continuation = quote
        if p.continuesListItem, let level = p.listLevel, level > 0, !lists.levels.isEmpty {
            // Under its item (the deepest open one when the source skipped levels): indented as its text, no marker.
            lists.levels.removeLast(lists.levels.count - min(level, lists.levels.count))
            let indent = String(repeating: " ", count: lists.levels.reduce(0) { $0 + $1.width })
            return (first + indent, continuation + indent)
        }
        if let level = p.listLevel, level > 0 {
            var depth = min(level, lists.levels.count + 1)
            let ordered = p.attributes[.listFormat]?.stringValue.flatMap(ListFormat.init(rawValue:))?.isOrdered ?? false
            if level == 1, let id = p.listID, let open = lists.source, open != id, !lists.levels.isEmpty {
                lists.levels.removeAll()
                lists.alternate.toggle()
                depth = 1
            }
            if level == 1 || lists.levels.isEmpty { lists.source = p.listID ?? lists.source }
            lists.levels.removeLast(max(0, lists.levels.count - depth))
            if lists.levels.count == depth, lists.levels[depth - 1].ordered != ordered { lists.levels.removeLast() }
            let indent = String(repeating: " ", count: lists.levels.prefix(depth - 1).reduce(0) { $0 + $1.width })
            let number = lists.levels.count == depth ? lists.levels[depth - 1].next : p.listStart ?? 1
            let alternate = depth == 1 && lists.alternate
            let marker = ordered ? "\(number)\(alternate ? ")" : ".") " : (alternate ? "* " : "- ")
            if lists.levels.count == depth { lists.levels.removeLast() }
            lists.levels.append((ordered, marker.count, number + 1))
            first += indent + marker
            continuation += indent + String(repeating: " ", count: marker.count)
            if let state = p.attributes[.checklist]?.stringValue { first += state == "checked" ? "[x] " : "[ ] " }
        } else {
            lists.levels.removeAll()
            (lists.source, lists.alternate) = (nil, false)
        }
        return (first, continuation)
    }
}
