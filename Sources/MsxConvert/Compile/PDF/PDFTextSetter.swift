import Foundation
import MsxModel

/// Sets resolved paragraphs into lines of a given width: each run in its face and size, words broken at spaces (and,
/// when a word will not fit, at its hyphenation points), lines aligned or justified, indents, list markers and line
/// spacing as the paragraph's attributes say.
struct PDFTextSetter {
    let fonts: PDFFontCatalog
    let hyphenator: Hyphenator?
    /// The width of the text area, in points.
    let width: Double
    /// The pictures a PDF can draw, by number: their size in points (96 pixels an inch, as Word shows them).
    var pictures: [Int: (width: Double, height: Double)] = [:]
    /// The tallest a picture may be drawn (the text area's height).
    var tallestPicture = Double.infinity
    /// Lists' item numbers so far, by list and depth.
    private var listCounters: [Int: [Int]] = [:]

    init(fonts: PDFFontCatalog, hyphenator: Hyphenator?, width: Double) {
        self.fonts = fonts
        self.hyphenator = hyphenator
        self.width = width
    }

    /// Text laid out on a line so far, before it is finished.
    private struct LineInProgress {
        var fragments: [PDFFragment] = []
        var x: Double = 0
        var pendingSpace: PDFFragment?
        var isEmpty: Bool { fragments.isEmpty }
    }

    mutating func set(_ paragraph: ResolvedParagraph) -> PDFBlock {
        let a = paragraph.attributes
        let number = { (key: AttributeKey) in a[key]?.numberValue ?? 0 }
        var firstIndent = number(.firstLineHeadIndent), indent = number(.headIndent)
        let tail = number(.tailIndent)
        let right = tail > 0 ? max(0, width - tail) : -tail
        var prefix: [ResolvedRun] = []
        if let state = paragraph.checklist { prefix.append(syntheticRun(state == "checked" ? "\u{2611} " : "\u{2610} ", like: paragraph)) }
        var marker: PDFFragment?
        if paragraph.kind == .listItem {
            let depth = max(1, paragraph.listDepth ?? 1)
            indent += 18 * Double(depth)
            firstIndent = indent
            if !paragraph.continuesListItem, let format = a[.listFormat]?.stringValue.flatMap(ListFormat.init(rawValue:)) {
                let ordinal = nextOrdinal(list: paragraph.listIdentity ?? 0, depth: depth, start: paragraph.listStart ?? 1)
                marker = fragments(of: syntheticRun(format.symbol(at: ordinal - 1), like: paragraph), style: style(of: paragraph.runs.first?.attributes ?? a)).first
            }
        }
        let alignment = a[.alignment]?.stringValue ?? "left"
        let preserveSpaces = paragraph.kind == .codeBlock
        let cells = paragraph.kind == .tableRow ? max(1, paragraph.text.filter { $0 == "\t" }.count + 1) : 0
        var lines: [PDFLine] = []
        var current = LineInProgress()
        var lineIsForced = false
        let stops = (a[.tabStops]?.arrayValue ?? []).compactMap(\.numberValue).sorted()
        /// Where a tab moves to: a table's next column, else the paragraph's next tab stop (measured from the text
        /// area's edge), else the next half inch.
        func nextTab(after x: Double, cells: Int, room: Double, from start: Double) -> Double {
            if cells > 0 { return (floor(x / (room / Double(cells))) + 1) * (room / Double(cells)) }
            if let stop = stops.first(where: { $0 - start > x + 0.01 }) { return stop - start }
            return (floor(x / 36) + 1) * 36
        }
        let multiple = a[.lineHeightMultiple]?.numberValue.flatMap { $0 > 0 ? $0 : nil } ?? 1
        let baseSize = style(of: paragraph.runs.first?.attributes ?? a).size

        func available(_ lineNumber: Int) -> Double {
            max(36, width - (lineNumber == 0 ? firstIndent : indent) - right)
        }
        func finish(justify: Bool) {
            var line = current
            let start = lines.isEmpty ? firstIndent : indent
            let room = available(lines.count)
            let natural = line.fragments.last.map { $0.x + $0.width } ?? 0
            var shift = 0.0, stretch = 0.0
            switch alignment {
            case "center": shift = max(0, (room - natural) / 2)
            case "right": shift = max(0, room - natural)
            case "justified" where justify:
                let spaces = line.fragments.reduce(0) { $0 + $1.spaces }
                if spaces > 0 && natural < room { stretch = (room - natural) / Double(spaces) }
            default: break
            }
            if lines.isEmpty, let marker { line.fragments.insert(PDFFragment(scalars: marker.scalars, face: marker.face, size: marker.size, x: -18 - shift, width: marker.width), at: 0) }
            let tallest = line.fragments.map { $0.size * $0.face.lineHeight }.max() ?? baseSize * 1.15
            var height = tallest * multiple + number(.lineSpacing)
            if let minimum = a[.minimumLineHeight]?.numberValue, minimum > 0 { height = max(height, minimum) }
            if let maximum = a[.maximumLineHeight]?.numberValue, maximum > 0 { height = min(height, maximum) }
            lines.append(PDFLine(fragments: line.fragments, indent: start + shift, height: height, spaceStretch: stretch))
            current = LineInProgress()
        }
        func place(_ word: [PDFFragment]) {
            var word = word
            while true {
                let room = available(lines.count)
                let space = current.isEmpty ? 0 : current.pendingSpace?.width ?? 0
                let wordWidth = word.reduce(0) { $0 + $1.width }
                if current.x + space + wordWidth <= room + 0.01 || (current.isEmpty && wordWidth <= room) {
                    append(word, after: current.isEmpty ? nil : current.pendingSpace)
                    return
                }
                if let (head, rest) = hyphenated(word, fitting: room - current.x - space) {
                    append(head, after: current.isEmpty ? nil : current.pendingSpace)
                    finish(justify: true)
                    word = rest
                    continue
                }
                if current.isEmpty {
                    // A word longer than the line (an address, a long run of dashes): broken where it must be.
                    let (head, rest) = Self.split(word, fitting: room)
                    append(head, after: nil)
                    finish(justify: false)
                    guard !rest.isEmpty else { return }
                    word = rest
                    continue
                }
                finish(justify: true)
            }
        }
        func append(_ word: [PDFFragment], after space: PDFFragment?) {
            if var space {
                space.x = current.x
                current.fragments.append(space)
                current.x += space.width
            }
            for var fragment in word {
                fragment.x = current.x
                current.x += fragment.width
                current.fragments.append(fragment)
            }
            current.pendingSpace = nil
        }

        var word: [PDFFragment] = []
        func endWord() {
            if !word.isEmpty { place(word) }
            word = []
        }
        let runs = prefix + paragraph.runs
        for run in runs {
            let runStyle = style(of: run.attributes)
            if let number = Self.pictureNumber(run), let size = pictures[number] {
                // A picture is a word of its own, scaled down to fit the line and the page.
                let room = available(lines.count)
                let scale = min(1, room / size.width, tallestPicture / size.height)
                let face = fonts.face(family: runStyle.family, bold: false, italic: false)
                for scalar in run.characters.unicodeScalars where scalar == "\u{FFFC}" {
                    endWord()
                    place([PDFFragment(scalars: [], face: face, size: size.height * scale, width: size.width * scale, picture: number)])
                }
                continue
            }
            for piece in fragments(of: run, style: runStyle) {
                var pending: [Unicode.Scalar] = []
                func flush() {
                    guard !pending.isEmpty else { return }
                    var fragment = piece
                    fragment.scalars = pending
                    fragment.width = piece.face.width(of: pending, size: piece.size)
                    word.append(fragment)
                    pending = []
                }
                for scalar in piece.scalars {
                    switch scalar {
                    case " " where !preserveSpaces:
                        flush(); endWord()
                        var space = piece
                        space.scalars = [" "]
                        space.width = piece.face.width(of: [" "], size: piece.size)
                        // A space at a line's start is not drawn.
                        if !current.isEmpty { current.pendingSpace = space }
                    case "\t":
                        flush(); endWord()
                        current.x = min(nextTab(after: current.x, cells: cells, room: available(lines.count),
                                                from: lines.isEmpty ? firstIndent : indent), available(lines.count))
                        current.pendingSpace = nil
                    case "\u{2028}", "\n":
                        flush(); endWord()
                        lineIsForced = true
                        finish(justify: false)
                    case "\u{FFFC}":
                        flush()
                    default:
                        pending.append(scalar)
                    }
                }
                flush()
            }
        }
        endWord()
        if !current.isEmpty || lines.isEmpty || lineIsForced { finish(justify: false) }
        if lines.count == 1, lines[0].fragments.isEmpty, paragraph.text.isEmpty { lines[0].height = baseSize * 1.15 * multiple }
        var block = PDFBlock(lines: lines, spaceBefore: number(.paragraphSpacingBefore), spaceAfter: number(.paragraphSpacing),
                             pageBreakBefore: a[.pageBreakBefore]?.boolValue == true, keepWithNext: paragraph.kind.headingLevel != nil)
        if let level = paragraph.kind.headingLevel { block.outline = (paragraph.text, level) }
        return block
    }

    /// The look of a run, from its resolved attributes.
    struct Style {
        var family: String?
        var bold: Bool
        var italic: Bool
        var size: Double
        var color: [Double]?
        var highlight: [Double]?
        var underline: String?
        var strikethrough: Bool
        var rise: Double
        var smallCaps: Bool
        var allCaps: Bool
    }

    private func style(of a: Attributes) -> Style {
        var size = a[.fontSize]?.numberValue.flatMap { $0 > 0 && $0 < 1000 ? $0 : nil } ?? 12
        var rise = 0.0
        switch a[.verticalAlign]?.stringValue {
        case "superscript": rise = size * 0.33; size *= 0.7
        case "subscript": rise = -size * 0.15; size *= 0.7
        default: break
        }
        let code = a[.code]?.boolValue == true
        return Style(family: code ? "Courier" : a[.fontFamily]?.stringValue, bold: a[.bold]?.boolValue == true,
                     italic: a[.italic]?.boolValue == true, size: size, color: Self.rgb(a[.foregroundColor]?.stringValue),
                     highlight: Self.rgb(a[.backgroundColor]?.stringValue), underline: a[.underline]?.stringValue,
                     strikethrough: a[.strikethrough]?.boolValue == true, rise: rise,
                     smallCaps: a[.smallCaps]?.boolValue == true, allCaps: a[.allCaps]?.boolValue == true)
    }

    /// A run's text as fragments in the faces that have its characters (a fallback face for those its own lacks;
    /// small capitals as capitals a size smaller). Widths are left for the caller, which cuts them into words.
    private func fragments(of run: ResolvedRun, style: Style) -> [PDFFragment] {
        let primary = fonts.face(family: style.family, bold: style.bold, italic: style.italic)
        var out: [PDFFragment] = []
        for scalar in run.characters.unicodeScalars {
            var shown = [scalar]
            var size = style.size
            if style.allCaps || style.smallCaps, scalar.properties.isLowercase {
                shown = Array(String(scalar).uppercased().unicodeScalars)
                if style.smallCaps && !style.allCaps { size *= 0.8 }
            }
            for character in shown {
                // Spaces, tabs, breaks and a picture's place are layout, set in the run's own face; a character that
                // face lacks comes from a fallback face, else shows as `?`.
                let isLayout = character == " " || character == "\t" || character == "\n" || character == "\u{2028}" || character == "\u{FFFC}"
                var face = primary, glyph = character
                if !isLayout && primary.width(of: character) == nil {
                    if let fallback = fonts.fallback(for: character, bold: style.bold, italic: style.italic) { face = fallback } else { glyph = "?" }
                }
                // Compared in place: a copy of the last fragment held here would make each append copy its characters.
                if !out.isEmpty, out[out.count - 1].face === face, out[out.count - 1].size == size {
                    out[out.count - 1].scalars.append(glyph)
                } else {
                    out.append(PDFFragment(scalars: [glyph], face: face, size: size, width: 0, rise: style.rise, color: style.color,
                                           highlight: style.highlight, underline: style.underline, strikethrough: style.strikethrough))
                }
            }
        }
        return out
    }

    private func syntheticRun(_ text: String, like paragraph: ResolvedParagraph) -> ResolvedRun {
        ResolvedRun(range: 0..<0, text: text, attributes: paragraph.runs.first?.attributes ?? paragraph.attributes)
    }

    /// The number of the picture a run shows (`#picture-N`), nil for text.
    private static func pictureNumber(_ run: ResolvedRun) -> Int? {
        guard let image = run.attributes[.image]?.stringValue, image.hasPrefix("#picture-") else { return nil }
        return Int(image.dropFirst(9))
    }

    private mutating func nextOrdinal(list: Int, depth: Int, start: Int) -> Int {
        var counters = listCounters[list] ?? []
        while counters.count < depth { counters.append(0) }
        counters.removeSubrange(depth...)
        counters[depth - 1] += 1
        listCounters[list] = counters
        return counters[depth - 1] + (depth == 1 ? start - 1 : 0)
    }

    /// The word cut at its last hyphenation point whose first part, with a hyphen, fits `room`.
    private func hyphenated(_ word: [PDFFragment], fitting room: Double) -> ([PDFFragment], [PDFFragment])? {
        guard let hyphenator, room > 0 else { return nil }
        let scalars = word.flatMap(\.scalars)
        // The letters between leading and trailing punctuation ("(beautiful," hyphenates "beautiful").
        guard let first = scalars.firstIndex(where: { $0.properties.isAlphabetic }),
              let last = scalars.lastIndex(where: { $0.properties.isAlphabetic }) else { return nil }
        var core = String.UnicodeScalarView()
        core.append(contentsOf: scalars[first...last])
        guard core.count == last - first + 1 else { return nil }
        for offset in hyphenator.breaks(in: String(core)).reversed() {
            let (cutHead, rest) = Self.cut(word, at: first + offset)
            var head = cutHead
            guard var end = head.popLast() else { continue }
            end.scalars.append("-")
            end.width = end.face.width(of: end.scalars, size: end.size)
            head.append(end)
            if head.reduce(0, { $0 + $1.width }) <= room { return (head, rest) }
        }
        return nil
    }

    /// The word cut where as many characters as fit `room` (at least one) end.
    private static func split(_ word: [PDFFragment], fitting room: Double) -> ([PDFFragment], [PDFFragment]) {
        var used = 0.0, count = 0
        outer: for fragment in word {
            for scalar in fragment.scalars {
                let advance = fragment.face.width(of: [scalar], size: fragment.size)
                if used + advance > room && count > 0 { break outer }
                used += advance
                count += 1
            }
        }
        return cut(word, at: count)
    }

    /// The word's fragments before and after its `offset`-th character, widths measured again.
    private static func cut(_ word: [PDFFragment], at offset: Int) -> ([PDFFragment], [PDFFragment]) {
        var head: [PDFFragment] = [], rest: [PDFFragment] = []
        var seen = 0
        for fragment in word {
            let count = fragment.scalars.count
            if seen + count <= offset {
                head.append(fragment)
            } else if seen >= offset {
                rest.append(fragment)
            } else {
                var a = fragment, b = fragment
                a.scalars = Array(fragment.scalars[..<(offset - seen)])
                b.scalars = Array(fragment.scalars[(offset - seen)...])
                a.width = a.face.width(of: a.scalars, size: a.size)
                b.width = b.face.width(of: b.scalars, size: b.size)
                head.append(a)
                rest.append(b)
            }
            seen += count
        }
        return (head, rest)
    }

    private static func rgb(_ hex: String?) -> [Double]? {
        guard let hex, hex.count == 7, hex.hasPrefix("#"), let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        return channels == [0, 0, 0] ? nil : channels
    }
}

extension PDFFace {
    /// The width of text in this face at a size, in points.
    func width(of scalars: [Unicode.Scalar], size: Double) -> Double {
        scalars.reduce(0) { $0 + (width(of: $1) ?? width(of: "?") ?? 500) } * size / 1000
    }
}
