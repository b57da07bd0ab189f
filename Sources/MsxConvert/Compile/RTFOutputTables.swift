import MsxModel

/// The font, colour, style and list tables of an RTF file, built from the paragraphs it will hold.
struct RTFOutputTables {
    private(set) var fonts: [String] = []
    private var fontIndex: [String: Int] = [:]
    /// Colours as (red, green, blue); index 0 of the colour table is "auto" and not listed here.
    private(set) var colors: [(Int, Int, Int)] = []
    private var colorIndex: [String: Int] = [:]
    /// Style names in `\s` order (index 0 is Body).
    private(set) var styles: [String] = ["Body"]
    private var styleIndex: [String: Int] = ["Body": 0]
    /// One list per run of consecutive list paragraphs (so each starts numbering afresh), in `\ls` order (1-based in
    /// the file): the format of each level that appears in it.
    private(set) var lists: [[Int: ListFormat]] = []
    /// The list (1-based) each list paragraph belongs to, by its position among the paragraphs.
    private var listOfParagraph: [Int: Int] = [:]

    init(_ paragraphs: [ResolvedParagraph], sheet: StyleSheet) {
        font("Times New Roman")
        for (position, p) in paragraphs.enumerated() {
            if let name = p.attributes[.style]?.stringValue, styleIndex[name] == nil {
                styleIndex[name] = styles.count
                styles.append(name)
            }
            if let format = p.attributes[.listFormat]?.stringValue.flatMap(ListFormat.init(rawValue:)), p.kind == .listItem {
                if listOfParagraph[position - 1] == nil { lists.append([:]) }
                let level = min(max(p.listDepth ?? 1, 1), 9) - 1
                if lists[lists.count - 1][level] == nil { lists[lists.count - 1][level] = format }
                listOfParagraph[position] = lists.count
            }
            for run in p.runs {
                if let family = run.attributes[.fontFamily]?.stringValue { font(family) }
                for key in [AttributeKey.foregroundColor, .backgroundColor] {
                    if let hex = run.attributes[key]?.stringValue { color(hex) }
                }
            }
        }
        for name in styles {
            let attributes = sheet.style(named: name)?.attributes ?? [:]
            if let family = attributes[.fontFamily]?.stringValue { font(family) }
        }
        if let family = sheet.defaults[.fontFamily]?.stringValue { font(family) }
    }

    private mutating func font(_ name: String) {
        guard fontIndex[name] == nil else { return }
        fontIndex[name] = fonts.count
        fonts.append(name)
    }

    private mutating func color(_ hex: String) {
        guard colorIndex[hex] == nil, let rgb = Self.rgb(hex) else { return }
        colors.append(rgb)
        colorIndex[hex] = colors.count
    }

    func fontNumber(_ name: String) -> Int? { fontIndex[name] }
    func colorNumber(_ hex: String) -> Int? { colorIndex[hex] }
    func styleNumber(_ name: String) -> Int? { styleIndex[name] }
    func listNumber(ofParagraphAt position: Int) -> Int? { listOfParagraph[position] }
    /// The format list `number` (1-based) gives items at `level` (0-based).
    func listFormat(_ number: Int, level: Int) -> ListFormat? { lists[number - 1][level] }

    /// "#RRGGBB" as numbers, or nil for anything else.
    static func rgb(_ hex: String) -> (Int, Int, Int)? {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"), let value = Int(String(hex.dropFirst()), radix: 16) else {
            return nil
        }
        return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    }

    /// RTF's number format (`\levelnfc`) for a list format, when RTF has one.
    static func numberFormat(_ format: ListFormat) -> Int {
        switch format {
        case .decimal: return 0
        case .uppercaseRoman: return 1
        case .lowercaseRoman: return 2
        case .uppercaseLetter: return 3
        case .lowercaseLetter: return 4
        case .bulletSymbols, .footnoteSymbols: return 23
        case .none: return 255
        }
    }
}
