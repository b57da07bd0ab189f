import MsxModel

/// Writes one resolved paragraph as RTF: its paragraph controls, list text, runs (links as fields, footnotes as
/// `\footnote`) and an `msxpara`/`msxchar` destination for whatever RTF cannot say.
struct RTFParagraphWriter {
    let tables: OutputTables

    /// Paragraph attributes RTF carries itself (when their values fit its units).
    private static let paragraphKeys: Set<AttributeKey> = [
        .alignment, .firstLineHeadIndent, .headIndent, .tailIndent, .lineHeightMultiple, .paragraphSpacingBefore,
        .paragraphSpacing, .tabStops, .style, .headingLevel, .pageBreakBefore, .minimumLineHeight, .maximumLineHeight,
    ]
    /// Character attributes RTF carries itself.
    private static let characterKeys: Set<AttributeKey> = [
        .bold, .italic, .underline, .strikethrough, .fontFamily, .fontSize, .foregroundColor, .backgroundColor,
        .link, .footnote, .verticalAlign, .smallCaps, .allCaps,
    ]
    private static let alignments = ["left": "\\ql", "center": "\\qc", "right": "\\qr", "justified": "\\qj"]

    /// The paragraph at `position` among those the file holds.
    func write(_ p: ResolvedParagraph, at position: Int) -> String {
        // A table row: a row of cells of equal width across 6.5 in, its tabs the cell ends.
        let isRow = p.kind == .tableRow
        let cells = isRow ? p.text.split(separator: "\t", omittingEmptySubsequences: false).count : 0
        var out = isRow ? "\\trowd\\trgaph108" + (1...max(cells, 1)).map { "\\cellx\($0 * 9360 / cells)" }.joined() : ""
        out += "\\pard\\plain" + (isRow ? "\\intbl" : "")
        let style = p.attributes[.style]?.stringValue
        if let style, let number = tables.styleNumber(style) { out += "\\s\(number)" }
        let continuation = p.listContinuation
        var (controls, extra) = Self.paragraphControls(p.attributes.overlaid(with: continuation?.shown ?? [:]))
        extra = extra.overlaid(with: continuation?.data ?? [:])
        out += controls
        if case .heading(let level, _) = p.kind { out += "\\outlinelevel\(level - 1)"; extra[.headingLevel] = .int(level) }
        if p.kind == .codeBlock { extra[.kind] = "codeBlock" }
        var listText: String?
        if p.kind == .listItem, continuation == nil, let format = p.attributes[.listFormat]?.stringValue.flatMap(ListFormat.init(rawValue:)),
            let list = tables.listNumber(ofParagraphAt: position)
        {
            let depth = p.listDepth ?? 1
            out += "\\ls\(list)\\ilvl\(min(depth, 9) - 1)"
            extra[.listLevel] = .int(depth)
            // RTF numbers footnote symbols as bullets, and a list's level has one format: say the rest exactly.
            if format == .footnoteSymbols || tables.listFormat(list, level: min(depth, 9) - 1) != format {
                extra[.listFormat] = .string(format.rawValue)
            }
            let box = p.checklist.map { $0 == "checked" ? "\u{2611} " : "\u{2610} " } ?? ""
            listText = "{\\listtext\\pard\\plain \(RTFWriter.escaped(box + format.symbol(at: 0)))\\tab}"
        } else if let format = p.attributes[.listFormat] {
            extra[.listFormat] = format
        }
        if let checklist = p.attributes[.checklist] { extra[.checklist] = checklist }
        out += " "
        if !extra.isEmpty { out += "{\\*\\msxpara \(RTFWriter.escaped(JSONWriter.string(.object(extra.json), pretty: false)))}" }
        out += listText ?? ""
        guard isRow else { return out + runs(p.runs) + "\\par\n" }
        return out + runs(p.runs).replacingOccurrences(of: "\\tab ", with: "\\cell ") + "\\cell\\row\n"
    }

    /// The controls for paragraph attributes, and the attributes RTF cannot say exactly (for `msxpara`).
    static func paragraphControls(_ a: Attributes) -> (controls: String, extra: Attributes) {
        var out = ""
        var extra: Attributes = [:]
        let handledElsewhere: Set<AttributeKey> = [.listFormat, .checklist, .lineSpacing]
        for (key, value) in a where !paragraphKeys.contains(key) && !handledElsewhere.contains(key)
            && !AttributeKey.character.contains(key)
        {
            extra[key] = value
        }
        if let alignment = a[.alignment]?.stringValue.flatMap({ alignments[$0] }) { out += alignment }
        func measure(_ key: AttributeKey, _ control: String, _ transform: (Double) -> Double = { $0 }) {
            guard let value = a[key]?.numberValue else { return }
            let points = transform(value)
            out += "\(control)\(RTFWriter.twips(points))"
            if !isExactInTwips(points) { extra[key] = .number(value) }
        }
        let head = a[.headIndent]?.numberValue ?? 0
        measure(.headIndent, "\\li")
        measure(.firstLineHeadIndent, "\\fi") { $0 - head }
        measure(.tailIndent, "\\ri") { -$0 }
        measure(.paragraphSpacingBefore, "\\sb")
        measure(.paragraphSpacing, "\\sa")
        if let exact = a[.maximumLineHeight]?.numberValue {
            out += "\\sl-\(RTFWriter.twips(exact))\\slmult0"
        } else if let minimum = a[.minimumLineHeight]?.numberValue {
            out += "\\sl\(RTFWriter.twips(minimum))\\slmult0"
            if let multiple = a[.lineHeightMultiple] { extra[.lineHeightMultiple] = multiple }
        } else if let multiple = a[.lineHeightMultiple]?.numberValue, multiple > 0 {
            let sl = RTFWriter.parameter(multiple * 240)
            out += "\\sl\(sl)\\slmult1"
            if Double(sl) / 240 != multiple { extra[.lineHeightMultiple] = .number(multiple) }
        }
        if let spacing = a[.lineSpacing], spacing != 0 { extra[.lineSpacing] = spacing }
        for stop in a[.tabStops]?.arrayValue ?? [] {
            guard let points = stop.numberValue else { continue }
            out += "\\tx\(RTFWriter.twips(points))"
            if !isExactInTwips(points) { extra[.tabStops] = a[.tabStops] }
        }
        if a[.pageBreakBefore] == true { out += "\\pagebb" }
        return (out, extra)
    }

    private static func isExactInTwips(_ points: Double) -> Bool {
        abs(points * 20 - (points * 20).rounded()) < 1e-9
    }

    // MARK: Runs

    /// Runs in order: consecutive runs with one link share a HYPERLINK field, consecutive footnote runs one
    /// `\footnote`.
    private func runs(_ runs: [ResolvedRun]) -> String {
        var out = ""
        var i = 0
        while i < runs.count {
            let footnote = runs[i].attributes[.footnote] == true
            let link = footnote ? nil : runs[i].attributes[.link]?.stringValue
            var j = i + 1
            while j < runs.count, footnote
                ? runs[j].attributes[.footnote] == true
                : link != nil && runs[j].attributes[.footnote] != true && runs[j].attributes[.link]?.stringValue == link
            {
                j += 1
            }
            let group = Array(runs[i..<j])
            if footnote {
                out += self.footnote(group)
            } else if let link {
                // A quote cannot stand in the field's instruction; the exact address then rides in msxchar.
                let target = link.replacingQuotes()
                let exact: Attributes = target == link ? [:] : [.link: .string(link)]
                let inner = group.map { run($0, extra: exact) }.joined()
                out += "{\\field{\\*\\fldinst{HYPERLINK \"\(RTFWriter.escaped(target))\"}}{\\fldrslt\(inner)}}"
            } else {
                out += run(runs[i])
            }
            i = j
        }
        return out
    }

    /// A footnote written inline as `^[note]` (its runs keeping their formatting) as an RTF `\footnote`.
    private func footnote(_ group: [ResolvedRun]) -> String {
        guard let inner = InlineNote.inner(group) else { return group.map { run($0) }.joined() }
        // The note's group starts in the first run's formatting: the reader's "^[" and "]" take it.
        let base = characterControls(group[0].attributes)
        let marker = "{\(base)\\super\\chftn}"
        return marker + "{\\footnote\\pard\\plain\(base) {\\super\\chftn} " + inner.map { run($0) }.joined() + "}"
    }

    private func run(_ r: ResolvedRun, extra given: Attributes = [:]) -> String {
        let controls = characterControls(r.attributes)
        var extra = r.attributes.filter { key, value in
            !Self.characterKeys.contains(key) && !(value == .null || value == false)
        }
        extra.merge(given) { $1 }
        if let size = r.attributes[.fontSize]?.numberValue, (size * 2).rounded() != size * 2 { extra[.fontSize] = .number(size) }
        for key in [AttributeKey.foregroundColor, .backgroundColor] {
            if let color = r.attributes[key]?.stringValue, tables.colorNumber(color) == nil { extra[key] = .string(color) }
        }
        let msx = extra.isEmpty ? "" : "{\\*\\msxchar \(RTFWriter.escaped(JSONWriter.string(.object(extra.json), pretty: false)))}"
        return "{\(controls) \(msx)\(RTFWriter.escaped(r.text))}"
    }

    /// The controls for character attributes.
    func characterControls(_ a: Attributes) -> String {
        var out = ""
        if let family = a[.fontFamily]?.stringValue, let number = tables.fontNumber(family) { out += "\\f\(number)" }
        if let size = a[.fontSize]?.numberValue { out += "\\fs\(RTFWriter.parameter(size * 2))" }
        if a[.bold] == true { out += "\\b" }
        if a[.italic] == true { out += "\\i" }
        switch a[.underline]?.stringValue {
        case "double": out += "\\uldb"
        case "thick": out += "\\ulth"
        case .some: out += "\\ul"
        case nil: break
        }
        if a[.strikethrough] == true { out += "\\strike" }
        switch a[.verticalAlign]?.stringValue {
        case "superscript": out += "\\super"
        case "subscript": out += "\\sub"
        default: break
        }
        if a[.smallCaps] == true { out += "\\scaps" }
        if a[.allCaps] == true { out += "\\caps" }
        if let color = a[.foregroundColor]?.stringValue, let number = tables.colorNumber(color) { out += "\\cf\(number)" }
        if let color = a[.backgroundColor]?.stringValue, let number = tables.colorNumber(color) {
            out += "\\highlight\(number)\\chcbpat\(number)"
        }
        return out
    }
}

extension String {
    /// The text with `"` percent-encoded, so it fits inside a quoted field instruction.
    fileprivate func replacingQuotes() -> String {
        var out = ""
        for c in self { out += c == "\"" ? "%22" : String(c) }
        return out
    }
}
