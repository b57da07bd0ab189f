import MsxModel

/// The tables an RTF header defines (fonts, colours, styles, lists), filled in as their destinations are read.
struct RTFTables {
    struct Font {
        var family: String
        var charset: Int?
        /// `\cpg`: a code page named outright, which wins over the charset's.
        var codePage: Int?
    }

    struct Style {
        var name: String
        var headingLevel: Int?
        var attributes: Attributes
    }

    var fonts: [Int: Font] = [:]
    var defaultFont = 0
    /// Whether Cocoa (TextEdit, Scrivener) wrote the file: its font tables hold PostScript names ("HelveticaNeue").
    var isCocoa = false
    var documentCodePage = RTFCodePageDecoder.windows1252
    /// "#RRGGBB" per colour table entry, nil for "auto".
    var colors: [String?] = []
    /// Paragraph styles by `\s` number.
    var styles: [Int: Style] = [:]
    /// Each list's level formats (`listFormat` names) by `\listid`.
    var lists: [Int: [String]] = [:]
    /// List ids by `\ls` number.
    var listOverrides: [Int: Int] = [:]

    /// The entry being read: the font's number and charset, a colour's components, a style's number, a list.
    var fontNumber: Int?
    var fontCharset: Int?
    var fontCodePage: Int?
    var red: Int?
    var green: Int?
    var blue: Int?
    var styleNumber = 0
    var styleIsParagraphStyle = true
    var listID: Int?
    var listLevels: [String] = []
    var listLevelStarts: [Int] = []
    /// Each list's level start numbers by `\listid`.
    var listStarts: [Int: [Int]] = [:]
    var overrideNumber: Int?

    mutating func commitFont(name: String) {
        if let number = fontNumber, !name.isEmpty {
            fonts[number] = Font(family: RTFFontName.family(name, isPostScript: isCocoa), charset: fontCharset, codePage: fontCodePage)
        }
        (fontNumber, fontCharset, fontCodePage) = (nil, nil, nil)
    }

    mutating func commitColor() {
        if red == nil, green == nil, blue == nil {
            colors.append(nil)
        } else {
            let hex = [red, green, blue].map { component -> String in
                let text = String(max(0, min(255, component ?? 0)), radix: 16, uppercase: true)
                return text.count == 1 ? "0" + text : text
            }
            colors.append("#" + hex.joined())
        }
        (red, green, blue) = (nil, nil, nil)
    }

    /// Records the style being read under `name`, with the formatting its entry's group set.
    mutating func commitStyle(name: String, state: RTFGroupState) {
        defer { (styleNumber, styleIsParagraphStyle) = (0, true) }
        guard styleIsParagraphStyle, !name.isEmpty else { return }
        var attributes = paragraphAttributes(state.paragraph)
        attributes.merge(characterAttributes(state.character)) { paragraph, _ in paragraph }
        let level = Self.headingLevel(styleName: name) ?? state.paragraph.outlineLevel.flatMap(Self.headingLevel(outlineLevel:))
        styles[styleNumber] = Style(name: name, headingLevel: level, attributes: attributes)
    }

    mutating func beginList() {
        listID = nil
        listLevels = []
        listLevelStarts = []
    }

    mutating func commitList() {
        if let listID {
            lists[listID] = listLevels
            listStarts[listID] = listLevelStarts
        }
    }

    mutating func commitListOverride() {
        if let overrideNumber, let listID { listOverrides[overrideNumber] = listID }
        (overrideNumber, listID) = (nil, nil)
    }

    /// The `listFormat` of a `\levelnfc` number.
    static func listFormat(levelNumbering: Int) -> String {
        switch levelNumbering {
        case 1: return "uppercaseRoman"
        case 2: return "lowercaseRoman"
        case 3: return "uppercaseLetter"
        case 4: return "lowercaseLetter"
        case 23: return "bulletSymbols"
        case 255: return "none"
        default: return "decimal"
        }
    }

    /// The code page `\'hh` bytes are in under the font `number` (nil: the default font).
    func codePage(font number: Int?) -> Int {
        guard let font = fonts[number ?? defaultFont] else { return documentCodePage }
        return codePage(charset: font.charset, codePage: font.codePage)
    }

    /// The code page of a font with this `\fcharset` and `\cpg`: `\cpg` if it names one, else the charset's.
    func codePage(charset: Int?, codePage: Int?) -> Int {
        if let codePage, codePage > 0 { return codePage }
        guard let charset else { return documentCodePage }
        return RTFCodePageDecoder.codePage(forCharset: charset, documentCodePage: documentCodePage)
    }

    /// 1...6 for a style named "heading N" (any case), nil otherwise.
    static func headingLevel(styleName: String) -> Int? {
        let words = styleName.lowercased().split(separator: " ")
        guard words.count == 2, words[0] == "heading", let level = Int(words[1]), level >= 1 else { return nil }
        return min(level, 6)
    }

    /// 1...6 for `\outlinelevel` 0...8, nil for 9 and above (body text).
    static func headingLevel(outlineLevel: Int) -> Int? {
        (0...8).contains(outlineLevel) ? min(outlineLevel + 1, 6) : nil
    }
}
