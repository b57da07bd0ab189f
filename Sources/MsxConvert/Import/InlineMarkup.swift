import MsxModel

/// One piece of a paragraph's inline Markdown: text to escape, or markup.
enum Piece: Equatable {
    case text(Range<Int>)
    case open(String)
    case close(String)
}

/// The inline markup of one paragraph.
enum InlineMarkup {
    private enum Mark: Hashable {
        /// A footnote written inline, `^[note]` (its text holds the `^[` and `]`, which the markup stands for).
        case note
        case link(String), bold, italic, strikethrough

        var open: String {
            switch self {
            case .note: return "^["
            case .link: return "["
            case .bold: return "**"
            case .italic: return "*"
            case .strikethrough: return "~~"
            }
        }

        var close: String {
            switch self {
            case .note: return "]"
            case .link(let url): return "](" + destination(url) + ")"
            case .bold: return "**"
            case .italic: return "*"
            case .strikethrough: return "~~"
            }
        }
    }

    /// The paragraph cut into text and markup, marks nested so that each closes before any opened outside it.
    /// - Parameter styled: `bold`/`italic` when the paragraph's style gives them already (no markup needed).
    static func pieces(of p: ImportedParagraph, units: [UInt16], styled: Set<AttributeKey> = []) -> [Piece] {
        // Each mark's stretches: consecutive runs merged, then (for emphasis) spaces at the edges left outside,
        // since markup cannot start or end on a space (the sidecar says the rest).
        var stretches: [(range: Range<Int>, mark: Mark)] = []
        var notes: [Range<Int>] = []
        func add(_ mark: Mark?, _ ranges: [Range<Int>], trimmingSpaces: Bool) {
            for range in merged(ranges) {
                guard let kept = trimmingSpaces ? trimmed(range, inUnits: units) : range else { continue }
                if let mark { stretches.append((kept, mark)) } else { notes.append(kept) }
            }
        }
        let runs = p.runs.compactMap { run -> ImportedRun? in
            let range = max(0, run.range.lowerBound)..<min(units.count, run.range.upperBound)
            return range.isEmpty ? nil : ImportedRun(range: range, attributes: run.attributes)
        }
        for url in Set(runs.compactMap { $0.attributes[.link]?.stringValue }).sorted() {
            add(.link(url), runs.filter { $0.attributes[.link]?.stringValue == url }.map(\.range), trimmingSpaces: false)
        }
        for (key, mark) in [(AttributeKey.bold, Mark.bold), (.italic, .italic), (.strikethrough, .strikethrough)] where !styled.contains(key) {
            add(mark, runs.filter { $0.attributes[key] == true }.map(\.range), trimmingSpaces: true)
        }
        add(nil, runs.filter { $0.attributes[.footnote] == true }.map(\.range), trimmingSpaces: false)
        // A note's `^[` and `]` are written as its markup; other marks stop at them (markup cannot cross a note's
        // edge), and the note is opened first where both start.
        let markers = notes.filter { $0.count > 3 && units[$0].starts(with: "^[".utf16) && units[$0].last == 0x5D }
            .flatMap { [$0.lowerBound..<$0.lowerBound + 2, $0.upperBound - 1..<$0.upperBound] }
        if !markers.isEmpty {
            let cuts = markers.flatMap { [$0.lowerBound, $0.upperBound] }
            stretches = stretches.flatMap { stretch in
                let points = ([stretch.range.lowerBound, stretch.range.upperBound] + cuts.filter { stretch.range.contains($0) }).sorted()
                return zip(points, points.dropFirst()).compactMap { lower, upper -> (range: Range<Int>, mark: Mark)? in
                    guard lower < upper, !markers.contains(where: { $0.contains(lower) }) else { return nil }
                    if case .link = stretch.mark { return (lower..<upper, stretch.mark) }
                    return trimmed(lower..<upper, inUnits: units).map { ($0, stretch.mark) }
                }
            }
            for k in stride(from: 0, to: markers.count, by: 2) { stretches.append((markers[k].upperBound..<markers[k + 1].lowerBound, .note)) }
        }

        // A picture is its object character (U+FFFC) with the file it shows, written `![](file)`.
        var pictures: [Int: String] = [:]
        for run in runs {
            guard let name = run.attributes[.image]?.stringValue else { continue }
            for offset in run.range where units[offset] == 0xFFFC { pictures[offset] = name }
        }
        var bounds = Set([0, units.count])
        for offset in pictures.keys { bounds.insert(offset); bounds.insert(offset + 1) }
        for stretch in stretches { bounds.insert(stretch.range.lowerBound); bounds.insert(stretch.range.upperBound) }
        for marker in markers { bounds.insert(marker.lowerBound); bounds.insert(marker.upperBound) }
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
                .sorted { ($0.range.upperBound, $0.mark == .note ? 1 : 0) > ($1.range.upperBound, $1.mark == .note ? 1 : 0) }
            for stretch in opening {
                pieces.append(.open(stretch.mark.open))
                stack.append((stretch.mark, stretch.range.upperBound))
            }
            if let picture = pictures[point] {
                pieces.append(.open("![](" + destination(picture) + ")"))
            } else if i + 1 < points.count, !markers.contains(where: { $0.contains(point) }) {
                pieces.append(.text(point..<points[i + 1]))
            }
        }
        return pieces
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
            case .text(let range):
                // "^[note](x)" would be a link: the parenthesis after a note is escaped.
                if !plain, index > 0, pieces[index - 1] == .close(Mark.note.close), units[range.lowerBound] == 0x28 { out.append(0x5C) }
                var start = range.lowerBound
                for offset in range.lowerBound...range.upperBound where offset == range.upperBound || units[offset] == 0x2028 {
                    let isLast = offset == range.upperBound
                    let endsLine = !isLast || index == pieces.count - 1
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
