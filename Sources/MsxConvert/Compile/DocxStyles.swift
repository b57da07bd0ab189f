import MsxModel

/// The styles and numbering parts of a `.docx`: the project's defaults as Word's document defaults, Normal, and each
/// style the paragraphs use as a real Word style (headings under Word's own names, so Word's navigation and
/// outline know them); each list as a numbering definition.
enum DocxStyles {
    /// Each style's id in the package: its letters and digits ("Heading 1" -> "Heading1"), made unique with a
    /// number ("Scene-Break" after "Scene Break" -> "SceneBreak2"); `Normal` is the default style's.
    static func ids(of names: [String]) -> [String: String] {
        var taken: Set<String> = ["Normal"], ids: [String: String] = [:]
        for name in names {
            let letters = String(name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
            let stem = letters.isEmpty ? "Style" : letters
            var id = stem, n = 2
            while taken.contains(id) { id = "\(stem)\(n)"; n += 1 }
            taken.insert(id)
            ids[name] = id
        }
        return ids
    }

    /// The character style of inline code: pandoc's name for it, so pandoc reads it as code too.
    static let codeStyleID = "VerbatimChar"

    /// The styles part; with `code`, the inline code style in the Code Block style's font.
    static func styles(_ tables: OutputTables, sheet: StyleSheet, code: Bool) -> String {
        var out = "<w:styles xmlns:w=\"\(DocxWriter.main)\"><w:docDefaults>"
        out += "<w:rPrDefault><w:rPr>\(DocxParagraphWriter.characterProperties(sheet.defaults))</w:rPr></w:rPrDefault>"
        out += "<w:pPrDefault><w:pPr>\(DocxParagraphWriter.paragraphProperties(sheet.defaults))</w:pPr></w:pPrDefault></w:docDefaults>"
        out += "<w:style w:type=\"paragraph\" w:default=\"1\" w:styleId=\"Normal\"><w:name w:val=\"Normal\"/><w:qFormat/></w:style>"
        let ids = Self.ids(of: tables.styles)
        for name in tables.styles {
            let attributes = sheet.style(named: name)?.attributes ?? [:]
            // Word knows its headings by the lower-case name.
            let wordName = name.hasPrefix("Heading ") ? name.lowercased() : name
            out += "<w:style w:type=\"paragraph\" w:styleId=\"\(ids[name]!)\"><w:name w:val=\"\(XMLText.escaped(wordName, quotes: true))\"/>"
            out += "<w:basedOn w:val=\"Normal\"/><w:next w:val=\"Normal\"/><w:qFormat/>"
            let paragraph = DocxParagraphWriter.paragraphProperties(attributes)
            if !paragraph.isEmpty { out += "<w:pPr>\(paragraph)</w:pPr>" }
            let character = DocxParagraphWriter.characterProperties(attributes)
            if !character.isEmpty { out += "<w:rPr>\(character)</w:rPr>" }
            out += "</w:style>"
        }
        if code {
            let font = sheet.style(named: "Code Block")?.attributes[.fontFamily] ?? "Courier"
            out += "<w:style w:type=\"character\" w:styleId=\"\(codeStyleID)\"><w:name w:val=\"Verbatim Char\"/>"
                + "<w:rPr>\(DocxParagraphWriter.characterProperties([.fontFamily: font]))</w:rPr></w:style>"
        }
        return out + "</w:styles>"
    }

    /// The numbering part, or nil when no paragraph is a list item.
    static func numbering(_ tables: OutputTables) -> String? {
        guard !tables.lists.isEmpty else { return nil }
        var abstract = "", instances = ""
        for id in 1...tables.lists.count {
            abstract += "<w:abstractNum w:abstractNumId=\"\(id)\"><w:multiLevelType w:val=\"hybridMultilevel\"/>"
            for (level, format) in tables.levelFormats(ofList: id).enumerated() {
                let (numberFormat, text) = Self.format(format, level: level)
                abstract += "<w:lvl w:ilvl=\"\(level)\"><w:start w:val=\"\(tables.start(ofList: id, level: level))\"/><w:numFmt w:val=\"\(numberFormat)\"/>"
                abstract += "<w:lvlText w:val=\"\(XMLText.escaped(text, quotes: true))\"/><w:lvlJc w:val=\"left\"/>"
                abstract += "<w:pPr><w:ind w:left=\"\(720 * (level + 1))\" w:hanging=\"360\"/></w:pPr></w:lvl>"
            }
            abstract += "</w:abstractNum>"
            instances += "<w:num w:numId=\"\(id)\"><w:abstractNumId w:val=\"\(id)\"/></w:num>"
        }
        return "<w:numbering xmlns:w=\"\(DocxWriter.main)\">\(abstract)\(instances)</w:numbering>"
    }

    /// Word's number format and level text for a list format at `level` (0-based).
    private static func format(_ format: ListFormat, level: Int) -> (String, String) {
        let number = "%\(level + 1)."
        switch format {
        case .decimal: return ("decimal", number)
        case .uppercaseRoman: return ("upperRoman", number)
        case .lowercaseRoman: return ("lowerRoman", number)
        case .uppercaseLetter: return ("upperLetter", number)
        case .lowercaseLetter: return ("lowerLetter", number)
        case .bulletSymbols, .footnoteSymbols: return ("bullet", format.symbol(at: level))
        case .none: return ("none", "")
        }
    }
}
