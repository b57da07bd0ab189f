import MsxModel

/// Writes resolved paragraphs as RTF that Word, LibreOffice and TextEdit open: fonts, sizes, colours, highlight,
/// underline styles, strikethrough, alignment, indents, spacing, tab stops, lists and a stylesheet. What RTF has no
/// word for goes in `{\*\msxpara …}` and `{\*\msxchar …}` destinations (JSON), which other readers skip and msx's
/// importer reads back, so msx's own round trip loses nothing.
public enum RTFWriter {
    /// Page set-up: size and margins in points, and an optional running header (its page number is added), left
    /// off the first page.
    public struct Page: Sendable {
        public var width: Double
        public var height: Double
        public var margins: (top: Double, bottom: Double, left: Double, right: Double)
        public var header: String?
    }

    /// The whole manuscript as an RTF file.
    public static func render(_ manuscript: Manuscript) -> String {
        let header = manuscript.preset == .manuscript
            ? "\(manuscript.surname) / \(manuscript.title.uppercased()) / " : nil
        let page = Page(width: manuscript.pageSize.width, height: manuscript.pageSize.height,
                        margins: manuscript.margins, header: header)
        return document(manuscript.paragraphs(), sheet: manuscript.styleSheet, page: page)
    }

    /// Paragraphs as an RTF file.
    public static func document(_ paragraphs: [ResolvedParagraph], sheet: StyleSheet, page: Page? = nil) -> String {
        let tables = OutputTables(paragraphs, sheet: sheet)
        var out = "{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1\n"
        out += fontTable(tables) + colorTable(tables) + styleSheet(tables, sheet) + listTables(tables)
        out += "{\\*\\generator msx;}\n"
        if let page {
            out += "\\paperw\(twips(page.width))\\paperh\(twips(page.height))\\margl\(twips(page.margins.left))"
            out += "\\margr\(twips(page.margins.right))\\margt\(twips(page.margins.top))\\margb\(twips(page.margins.bottom))\n"
            if let header = page.header {
                let font = tables.fontNumber("Times New Roman") ?? 0
                // \titlepg gives the first page its own header, left empty: no running header on the title page.
                out += "\\titlepg{\\headerf\\pard\\plain\\par}\n"
                out += "{\\header\\pard\\qr\\plain\\f\(font)\\fs24 \(escaped(header))\\chpgn\\par}\n"
            }
        }
        let writer = RTFParagraphWriter(tables: tables)
        let written = Array(paragraphs.enumerated()).concurrentMap { writer.write($1, at: $0) }
        out.reserveCapacity(out.utf8.count + written.reduce(0) { $0 + $1.utf8.count } + 3)
        for paragraph in written { out += paragraph }
        return out + "}\n"
    }

    private static func fontTable(_ tables: OutputTables) -> String {
        let entries = tables.fonts.enumerated().map { "{\\f\($0.offset)\\fnil\\fcharset0 \(escaped($0.element));}" }
        return "{\\fonttbl" + entries.joined() + "}\n"
    }

    private static func colorTable(_ tables: OutputTables) -> String {
        "{\\colortbl;" + tables.colors.map { "\\red\($0.0)\\green\($0.1)\\blue\($0.2);" }.joined() + "}\n"
    }

    private static func styleSheet(_ tables: OutputTables, _ sheet: StyleSheet) -> String {
        var out = "{\\stylesheet"
        for (number, name) in tables.styles.enumerated() {
            let attributes = sheet.defaults.overlaid(with: sheet.style(named: name)?.attributes ?? [:])
            var controls = RTFParagraphWriter.paragraphControls(attributes).controls
            controls += RTFParagraphWriter(tables: tables).characterControls(attributes)
            if name.hasPrefix("Heading "), let level = Int(name.dropFirst(8)) { controls += "\\outlinelevel\(level - 1)" }
            out += "{\\s\(number)\(controls) \(escaped(name));}"
        }
        return out + "}\n"
    }

    private static func listTables(_ tables: OutputTables) -> String {
        guard !tables.lists.isEmpty else { return "" }
        var lists = "{\\*\\listtable"
        var overrides = "{\\*\\listoverridetable"
        for id in 1...tables.lists.count {
            lists += "{\\list\\listtemplateid\(id)"
            for (level, format) in tables.levelFormats(ofList: id).enumerated() {
                let nfc = OutputTables.numberFormat(format)
                let text = nfc == 23 ? "{\\leveltext\\'01\(escaped(format.symbol(at: level)));}{\\levelnumbers;}"
                    : nfc == 255 ? "{\\leveltext\\'00;}{\\levelnumbers;}"
                    : "{\\leveltext\\'02\\'0\(level).;}{\\levelnumbers\\'01;}"
                lists += "{\\listlevel\\levelnfc\(nfc)\\levelnfcn\(nfc)\\leveljc0\\levelstartat\(tables.start(ofList: id, level: level))\(text)"
                lists += "\\fi-360\\li\(720 * (level + 1))}"
            }
            lists += "\\listid\(id)}"
            overrides += "{\\listoverride\\listid\(id)\\listoverridecount0\\ls\(id)}"
        }
        return lists + "}\n" + overrides + "}\n"
    }

    /// Points as twips (1/20 pt), rounded.
    static func twips(_ points: Double) -> Int { parameter(points * 20) }

    /// A control word's number: rounded, and kept to what RTF readers take (a value no file of msx's holds, such as
    /// one from another tool's sidecar, never stops a compile).
    static func parameter(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value.rounded(), Double(Int32.min)), Double(Int32.max)))
    }

    /// Text as RTF: `\`, `{` and `}` escaped, tabs and line breaks as control words, characters Windows-1252 has
    /// (the file's code page) as `\'hh`, other non-ASCII as `\uN?` (pandoc up to 2.19 misreads `\uN?` for curly
    /// quotes and dashes in some places; every reader takes `\'hh`).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for unit in text.utf16 {
            switch unit {
            case 0x5C: out += "\\\\"
            case 0x7B: out += "\\{"
            case 0x7D: out += "\\}"
            case 0x09: out += "\\tab "
            case 0x2028: out += "\\line "
            case 0x0A, 0x0D: out += "\\line "
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            case 0..<0x20: continue
            default:
                if let byte = RTFCodePageDecoder.windows1252Byte(unit) {
                    out += "\\'" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                } else {
                    // The space ends the control word; `?` is the fallback a reader without Unicode shows.
                    out += "\\u\(Int16(bitPattern: unit)) ?"
                }
            }
        }
        return out
    }
}
