/// Writes one resolved paragraph as RTF: its paragraph controls, list text, runs (links as fields, footnotes as
/// `\footnote`) and an `msxpara`/`msxchar` destination for whatever RTF cannot say.
struct RTFParagraphWriter {
    let tables: RTFOutputTables

    /// Paragraph attributes RTF carries itself (when their values fit its units).
    private static let paragraphKeys: Set<String> = [
        "alignment", "firstLineHeadIndent", "headIndent", "tailIndent", "lineHeightMultiple", "paragraphSpacingBefore",
        "paragraphSpacing", "tabStops", "style", "headingLevel", "pageBreakBefore", "minimumLineHeight", "maximumLineHeight",
    ]
    /// Character attributes RTF carries itself.
    private static let characterKeys: Set<String> = [
        "bold", "italic", "underline", "strikethrough", "fontFamily", "fontSize", "foregroundColor", "backgroundColor",
        "link", "footnote",
    ]
    private static let alignments = ["left": "\\ql", "center": "\\qc", "right": "\\qr", "justified": "\\qj"]

    func write(_ p: ResolvedParagraph) -> String {
        var out = "\\pard\\plain"
        let style = p.attributes["style"]?.stringValue
        if let style, let number = tables.styleNumber(style) { out += "\\s\(number)" }
        var (controls, extra) = Self.paragraphControls(p.attributes)
        out += controls
        if case .heading(let level, _) = p.kind { out += "\\outlinelevel\(level - 1)"; extra["headingLevel"] = .int(level) }
        var listText: String?
        if p.kind == .listItem, let format = p.attributes["listFormat"]?.stringValue.flatMap(ListFormat.init(rawValue:)),
            let list = tables.listNumber(format)
        {
            let depth = p.listDepth ?? 1
            out += "\\ls\(list)\\ilvl\(min(depth, 9) - 1)"
            extra["listLevel"] = .int(depth)
            if format == .footnoteSymbols { extra["listFormat"] = .string(format.rawValue) }
            let box = p.checklist.map { $0 == "checked" ? "\u{2611} " : "\u{2610} " } ?? ""
            listText = "{\\listtext\\pard\\plain \(RTFWriter.escaped(box + format.symbol(at: 0)))\\tab}"
        } else if let format = p.attributes["listFormat"] {
            extra["listFormat"] = format
        }
        if let checklist = p.attributes["checklist"] { extra["checklist"] = checklist }
        out += " "
        if !extra.isEmpty { out += "{\\*\\msxpara \(RTFWriter.escaped(JSONWriter.string(.object(extra), pretty: false)))}" }
        out += listText ?? ""
        out += runs(p.runs)
        return out + "\\par\n"
    }

    /// The controls for paragraph attributes, and the attributes RTF cannot say exactly (for `msxpara`).
    static func paragraphControls(_ a: Attributes) -> (controls: String, extra: Attributes) {
        var out = ""
        var extra: Attributes = [:]
        let handledElsewhere: Set<String> = ["listFormat", "checklist", "lineSpacing"]
        for (key, value) in a where !paragraphKeys.contains(key) && !handledElsewhere.contains(key)
            && !AttributeName.character.contains(key)
        {
            extra[key] = value
        }
        if let alignment = a["alignment"]?.stringValue.flatMap({ alignments[$0] }) { out += alignment }
        func measure(_ key: String, _ control: String, _ transform: (Double) -> Double = { $0 }) {
            guard let value = a[key]?.numberValue else { return }
            let points = transform(value)
            out += "\(control)\(RTFWriter.twips(points))"
            if !isExactInTwips(points) { extra[key] = .number(value) }
        }
        let head = a["headIndent"]?.numberValue ?? 0
        measure("headIndent", "\\li")
        measure("firstLineHeadIndent", "\\fi") { $0 - head }
        measure("tailIndent", "\\ri") { -$0 }
        measure("paragraphSpacingBefore", "\\sb")
        measure("paragraphSpacing", "\\sa")
        if let exact = a["maximumLineHeight"]?.numberValue {
            out += "\\sl-\(RTFWriter.twips(exact))\\slmult0"
        } else if let minimum = a["minimumLineHeight"]?.numberValue {
            out += "\\sl\(RTFWriter.twips(minimum))\\slmult0"
            if let multiple = a["lineHeightMultiple"] { extra["lineHeightMultiple"] = multiple }
        } else if let multiple = a["lineHeightMultiple"]?.numberValue, multiple > 0 {
            let sl = Int((multiple * 240).rounded())
            out += "\\sl\(sl)\\slmult1"
            if Double(sl) / 240 != multiple { extra["lineHeightMultiple"] = .number(multiple) }
        }
        if let spacing = a["lineSpacing"], spacing != 0 { extra["lineSpacing"] = spacing }
        for stop in a["tabStops"]?.arrayValue ?? [] {
            guard let points = stop.numberValue else { continue }
            out += "\\tx\(RTFWriter.twips(points))"
            if !isExactInTwips(points) { extra["tabStops"] = a["tabStops"] }
        }
        if a["pageBreakBefore"] == true { out += "\\pagebb" }
        return (out, extra)
    }

    private static func isExactInTwips(_ points: Double) -> Bool {
        abs(points * 20 - (points * 20).rounded()) < 1e-9
    }

    // MARK: Runs

    /// Runs in order: consecutive runs with one link share a HYPERLINK field.
    private func runs(_ runs: [ResolvedRun]) -> String {
        var out = ""
        var i = 0
        while i < runs.count {
            guard let link = runs[i].attributes["link"]?.stringValue else {
                out += run(runs[i])
                i += 1
                continue
            }
            var j = i
            var inner = ""
            while j < runs.count, runs[j].attributes["link"]?.stringValue == link { inner += run(runs[j]); j += 1 }
            let target = link.replacingQuotes()
            out += "{\\field{\\*\\fldinst{HYPERLINK \"\(RTFWriter.escaped(target))\"}}{\\fldrslt\(inner)}}"
            i = j
        }
        return out
    }

    private func run(_ r: ResolvedRun) -> String {
        let controls = characterControls(r.attributes)
        var extra = r.attributes.filter { key, value in
            !Self.characterKeys.contains(key) && !(value == .null || value == false)
        }
        if let size = r.attributes["fontSize"]?.numberValue, (size * 2).rounded() != size * 2 { extra["fontSize"] = .number(size) }
        for key in ["foregroundColor", "backgroundColor"] {
            if let color = r.attributes[key]?.stringValue, tables.colorNumber(color) == nil { extra[key] = .string(color) }
        }
        let msx = extra.isEmpty ? "" : "{\\*\\msxchar \(RTFWriter.escaped(JSONWriter.string(.object(extra), pretty: false)))}"
        if r.attributes["footnote"] == true, r.text.hasPrefix("^["), r.text.hasSuffix("]"), r.text.count > 2 {
            let note = String(r.text.dropFirst(2).dropLast())
            return "{\(controls)\\super\\chftn}{\\footnote\\pard\\plain\(controls) {\\super\\chftn} \(msx)\(RTFWriter.escaped(note))}"
        }
        return "{\(controls) \(msx)\(RTFWriter.escaped(r.text))}"
    }

    /// The controls for character attributes.
    func characterControls(_ a: Attributes) -> String {
        var out = ""
        if let family = a["fontFamily"]?.stringValue, let number = tables.fontNumber(family) { out += "\\f\(number)" }
        if let size = a["fontSize"]?.numberValue { out += "\\fs\(Int((size * 2).rounded()))" }
        if a["bold"] == true { out += "\\b" }
        if a["italic"] == true { out += "\\i" }
        switch a["underline"]?.stringValue {
        case "double": out += "\\uldb"
        case "thick": out += "\\ulth"
        case .some: out += "\\ul"
        case nil: break
        }
        if a["strikethrough"] == true { out += "\\strike" }
        if let color = a["foregroundColor"]?.stringValue, let number = tables.colorNumber(color) { out += "\\cf\(number)" }
        if let color = a["backgroundColor"]?.stringValue, let number = tables.colorNumber(color) {
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
