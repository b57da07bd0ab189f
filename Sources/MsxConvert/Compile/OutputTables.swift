import MsxModel

/// The font, colour, style and list tables of a compiled file (RTF, DOCX), built from the paragraphs it will hold.
struct OutputTables {
    private(set) var fonts: [String] = []
    private var fontIndex: [String: Int] = [:]
    /// Colours as (red, green, blue); index 0 of the colour table is "auto" and not listed here.
    private(set) var colors: [(Int, Int, Int)] = []
    private var colorIndex: [String: Int] = [:]
    /// Style names in `\s` order (index 0 is Body).
    private(set) var styles: [String] = ["Body"]
    private var styleIndex: [String: Int] = ["Body": 0]
    /// One list per run of consecutive list paragraphs of one kind (so each starts numbering afresh), in `\ls` order
    /// (1-based in the file): the format of each level that appears in it.
    private(set) var lists: [[Int: ListFormat]] = []
    /// The number each list's levels start at (a level not listed starts at 1).
    private var starts: [[Int: Int]] = []
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
                let level = min(max(p.listDepth ?? 1, 1), 9) - 1
                // A list of another kind right after one (bullets after numbers) is a list of its own.
                // So is a list right after another one (Markdown's `1.` then `1)`).
                let sameList = position > 0 && paragraphs[position - 1].listIdentity == p.listIdentity
                if listOfParagraph[position - 1] == nil || !sameList || lists[lists.count - 1][level].map({ $0 != format }) ?? false {
                    lists.append([:])
                    starts.append([:])
                }
                if lists[lists.count - 1][level] == nil {
                    lists[lists.count - 1][level] = format
                    starts[starts.count - 1][level] = p.listStart ?? 1
                }
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
    /// The format of each of the nine levels of list `number` (1-based): a level that never appears takes the
    /// format of the level above it.
    func levelFormats(ofList number: Int) -> [ListFormat] {
        let formats = lists[number - 1]
        var format = formats[0] ?? formats.sorted { $0.key < $1.key }.first?.value ?? .decimal
        return (0..<9).map { level in
            format = formats[level] ?? format
            return format
        }
    }

    /// The format list `number` (1-based) gives items at `level` (0-based).
    func listFormat(_ number: Int, level: Int) -> ListFormat? { lists[number - 1][level] }

    /// The number level `level` (0-based) of list `number` (1-based) starts at.
    func start(ofList number: Int, level: Int) -> Int { starts[number - 1][level] ?? 1 }

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
