/// Writes imported paragraphs as CommonMark: block markers for headings, lists, task boxes and quotes, and inline
/// markup for bold, italic, strikethrough and links. Whatever the markup fails to say is left for the sidecar.
struct MarkdownComposer {
    /// The project's styles: emphasis a paragraph's style gives already is not written again (`# Title`, not
    /// `# **Title**`, when headings are bold).
    let sheet: StyleSheet
    /// Per paragraph: write inline markup, or escape everything and leave all formatting to the sidecar.
    var plainParagraphs: Set<Int> = []

    /// The Markdown file, as UTF-8. Block prefixes are worked out in order (lists number and nest), the
    /// paragraphs' inline Markdown on all cores.
    func markdown(for paragraphs: [ImportedParagraph]) -> [UInt8] {
        var lists = ListState()
        let prefixes = paragraphs.map { prefix(of: $0, lists: &lists) }
        let plain = plainParagraphs
        let blocks = Array(zip(paragraphs.indices, prefixes)).concurrentMap { index, prefix -> [UInt8] in
            let p = paragraphs[index]
            if p.isCodeBlock { return Array(Self.fenced(p.text, prefix: prefix).utf8) }
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
                ? [Piece.text(0..<units.count, footnote: false)]
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
            if index > 0 { out += [0x0A, 0x0A] }
            out += block
        }
        out.append(0x0A)
        return out
    }

    /// Bold and italic as the paragraph's style (named, or the one Markdown gives its kind) and the defaults set them.
    private func emphasis(givenBy p: ImportedParagraph) -> Set<String> {
        let name = p.attributes["style"]?.stringValue
            ?? p.headingLevel.map { "Heading \(min($0, 3))" } ?? (p.quoteDepth > 0 ? "Block Quote" : "Body")
        let attributes = sheet.defaults.overlaid(with: sheet.style(named: name)?.attributes ?? [:])
        return Set(["bold", "italic"].filter { attributes[$0] == true })
    }

    /// A code block's text in a fence longer than any run of backticks inside it.
    private static func fenced(_ code: String, prefix: (first: String, continuation: String)) -> String {
        var longest = 0, run = 0
        for c in code { run = c == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { prefix.continuation + $0 }
        return prefix.first + fence + "\n" + lines.joined(separator: "\n") + "\n" + prefix.continuation + fence
    }

    // MARK: Blocks

    /// Open lists by depth: each level's marker width and next number, so nested items indent under their parent.
    struct ListState {
        var levels: [(ordered: Bool, width: Int, next: Int)] = []
    }

    /// What goes before a paragraph's first line (quote markers, list indent and marker, task box) and before each
    /// further line.
    private func prefix(of p: ImportedParagraph, lists: inout ListState) -> (first: String, continuation: String) {
        let quote = String(repeating: "> ", count: max(0, p.quoteDepth))
        var first = quote
        var continuation = quote
        if let level = p.listLevel, level > 0 {
            let depth = min(level, lists.levels.count + 1)
            let ordered = p.attributes["listFormat"]?.stringValue.flatMap(ListFormat.init(rawValue:))?.isOrdered ?? false
            lists.levels.removeLast(max(0, lists.levels.count - depth))
            if lists.levels.count == depth, lists.levels[depth - 1].ordered != ordered { lists.levels.removeLast() }
            let indent = String(repeating: " ", count: lists.levels.prefix(depth - 1).reduce(0) { $0 + $1.width })
            let number = lists.levels.count == depth ? lists.levels[depth - 1].next : 1
            let marker = ordered ? "\(number). " : "- "
            if lists.levels.count == depth { lists.levels.removeLast() }
            lists.levels.append((ordered, marker.count, number + 1))
            first += indent + marker
            continuation += indent + String(repeating: " ", count: marker.count)
            if let state = p.attributes["checklist"]?.stringValue { first += state == "checked" ? "[x] " : "[ ] " }
        } else {
            lists.levels.removeAll()
        }
        return (first, continuation)
    }
}

/// One piece of a paragraph's inline Markdown: text to escape, or markup.
enum Piece: Equatable {
    case text(Range<Int>, footnote: Bool)
    case open(String)
    case close(String)
}

/// The inline markup of one paragraph.
enum InlineMarkup {
    private enum Mark: Hashable {
        case link(String), bold, italic, strikethrough

        var open: String {
            switch self {
            case .link: return "["
            case .bold: return "**"
            case .italic: return "*"
            case .strikethrough: return "~~"
            }
        }

        var close: String {
            switch self {
            case .link(let url): return "](" + destination(url) + ")"
            case .bold: return "**"
            case .italic: return "*"
            case .strikethrough: return "~~"
            }
        }
    }

    /// The paragraph cut into text and markup, marks nested so that each closes before any opened outside it.
    /// - Parameter styled: `bold`/`italic` when the paragraph's style gives them already (no markup needed).
    static func pieces(of p: ImportedParagraph, units: [UInt16], styled: Set<String> = []) -> [Piece] {
        // Each mark's stretches: consecutive runs merged, then (for emphasis) spaces at the edges left outside,
        // since markup cannot start or end on a space (the sidecar says the rest).
        var stretches: [(range: Range<Int>, mark: Mark)] = []
        var notes: [Range<Int>] = []
        func add(_ mark: Mark?, _ ranges: [Range<Int>], trimmed: Bool) {
            for range in merged(ranges) {
                guard let kept = trimmed ? trimmedRange(range, units) : range else { continue }
                if let mark { stretches.append((kept, mark)) } else { notes.append(kept) }
            }
        }
        let runs = p.runs.compactMap { run -> ImportedRun? in
            let range = max(0, run.range.lowerBound)..<min(units.count, run.range.upperBound)
            return range.isEmpty ? nil : ImportedRun(range: range, attributes: run.attributes)
        }
        for url in Set(runs.compactMap { $0.attributes["link"]?.stringValue }).sorted() {
            add(.link(url), runs.filter { $0.attributes["link"]?.stringValue == url }.map(\.range), trimmed: false)
        }
        for (key, mark) in [("bold", Mark.bold), ("italic", .italic), ("strikethrough", .strikethrough)] where !styled.contains(key) {
            add(mark, runs.filter { $0.attributes[key] == true }.map(\.range), trimmed: true)
        }
        add(nil, runs.filter { $0.attributes["footnote"] == true }.map(\.range), trimmed: false)

        var bounds = Set([0, units.count])
        for stretch in stretches { bounds.insert(stretch.range.lowerBound); bounds.insert(stretch.range.upperBound) }
        for note in notes { bounds.insert(note.lowerBound); bounds.insert(note.upperBound) }
        var pieces: [Piece] = []
        var stack: [(mark: Mark, end: Int)] = []
        let points = bounds.sorted()
        for (i, point) in points.enumerated() {
            let active = stretches.filter { $0.range.contains(point) }
            if let firstStale = stack.firstIndex(where: { open in !active.contains { $0.mark == open.mark } }) {
                for open in stack[firstStale...].reversed() { pieces.append(.close(open.mark.close)) }
                stack.removeSubrange(firstStale...)
            }
            let opening = active.filter { new in !stack.contains { $0.mark == new.mark } }
                .sorted { $0.range.upperBound > $1.range.upperBound }
            for stretch in opening {
                pieces.append(.open(stretch.mark.open))
                stack.append((stretch.mark, stretch.range.upperBound))
            }
            if i + 1 < points.count {
                let segment = point..<points[i + 1]
                pieces.append(.text(segment, footnote: notes.contains { $0.contains(point) }))
            }
        }
        return pieces
    }

    /// `range` without spaces at either end, or nil when nothing else is left.
    private static func trimmedRange(_ range: Range<Int>, _ units: [UInt16]) -> Range<Int>? {
        let isSpace: (UInt16) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x2028 || $0 == 0xA0 }
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(units[lower]) { lower += 1 }
        while upper > lower, isSpace(units[upper - 1]) { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }

    /// A link destination: bare when it can be, in angle brackets when it holds spaces.
    private static func destination(_ url: String) -> String {
        var out = ""
        let angled = url.contains { $0 == " " || $0.isNewline }
        for c in url {
            if "()\\<>".contains(c) && (angled ? "<>\\".contains(c) : true) { out.append("\\") }
            out.append(c.isNewline ? " " : c)
        }
        return angled ? "<" + out + ">" : out
    }

    /// The paragraph's Markdown, hard breaks written as `\` at a line end and the next line prefixed again. Breaks
    /// at the very start or end of the paragraph, which Markdown cannot write that way, become `&#8232;`.
    static func render(_ pieces: [Piece], units: [UInt16], plain: Bool, firstPrefix: String, continuationPrefix: String,
                       into out: inout [UInt8]) {
        out += firstPrefix.utf8
        var lineIsEmpty = true
        let mode: MarkdownEscaping.Mode = plain ? .everything : .readable
        let leadingBreaks = units.prefix { $0 == 0x2028 }.count
        let trailingBreaks = units.count - (units.lastIndex { $0 != 0x2028 }.map { $0 + 1 } ?? 0)
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .open(let markup), .close(let markup):
                out += markup.utf8
                lineIsEmpty = false
            case .text(var range, let footnote):
                let isNote = footnote && !plain && units[range].starts(with: "^[".utf16) && units[range].last == 0x5D
                    && range.count > 2
                if isNote {
                    out += "^[".utf8
                    range = (range.lowerBound + 2)..<(range.upperBound - 1)
                    lineIsEmpty = false
                }
                var start = range.lowerBound
                for offset in range.lowerBound...range.upperBound where offset == range.upperBound || units[offset] == 0x2028 {
                    let isLast = offset == range.upperBound
                    let endsLine = !isLast || (!isNote && index == pieces.count - 1)
                    let line = scalars(units[start..<offset])
                    MarkdownEscaping.append(line, startsLine: lineIsEmpty, endsLine: endsLine, mode: mode, to: &out)
                    if !line.isEmpty { lineIsEmpty = false }
                    guard !isLast else { break }
                    if offset < leadingBreaks || offset >= units.count - trailingBreaks {
                        out += "&#8232;".utf8
                        lineIsEmpty = false
                    } else {
                        out += "\\\n".utf8
                        out += continuationPrefix.utf8
                        lineIsEmpty = true
                    }
                    start = offset + 1
                }
                if isNote { out.append(0x5D) }
            }
        }
    }

    /// UTF-16 units decoded (a lone surrogate becomes U+FFFD).
    private static func scalars(_ units: ArraySlice<UInt16>) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(units.count)
        var i = units.startIndex
        while i < units.endIndex {
            let unit = units[i]
            if UTF16.isLeadSurrogate(unit), i + 1 < units.endIndex, UTF16.isTrailSurrogate(units[i + 1]) {
                let value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[i + 1] - 0xDC00)
                result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                i += 2
            } else {
                result.append(Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}")
                i += 1
            }
        }
        return result
    }
}
