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
    /// List formats that appear, in `\ls` order (1-based in the file).
    private(set) var lists: [ListFormat] = []

    init(_ paragraphs: [ResolvedParagraph], sheet: StyleSheet) {
        font("Times New Roman")
        for p in paragraphs {
            if let name = p.attributes["style"]?.stringValue, styleIndex[name] == nil {
                styleIndex[name] = styles.count
                styles.append(name)
            }
            if let format = p.attributes["listFormat"]?.stringValue.flatMap(ListFormat.init(rawValue:)), p.kind == .listItem,
                !lists.contains(format)
            {
                lists.append(format)
            }
            for run in p.runs {
                if let family = run.attributes["fontFamily"]?.stringValue { font(family) }
                for key in ["foregroundColor", "backgroundColor"] {
                    if let hex = run.attributes[key]?.stringValue { color(hex) }
                }
            }
        }
        for name in styles {
            let attributes = sheet.style(named: name)?.attributes ?? [:]
            if let family = attributes["fontFamily"]?.stringValue { font(family) }
        }
        if let family = sheet.defaults["fontFamily"]?.stringValue { font(family) }
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
    func listNumber(_ format: ListFormat) -> Int? { lists.firstIndex(of: format).map { $0 + 1 } }

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
