import Foundation

/// A font file the project supplies (TrueType or OpenType, `.ttf` or `.otf` anywhere under `contents/`), with
/// what its own tables say about it: the family it belongs to, its weight and whether it is italic. EPUB compile
/// embeds the files of the families the book uses.
public struct FontFile: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case ttf, otf

        /// The media type EPUB 3 gives such a file.
        var mediaType: String { "font/\(rawValue)" }
    }

    /// The family name (the typographic family when the font names one, as "Garamond Premier" for its
    /// "Garamond Premier Semibold" member).
    public var family: String
    /// CSS weight, 100 to 900 (400 regular, 700 bold).
    public var weight: Int
    public var italic: Bool
    public var kind: Kind
    public var data: Data

    /// The file name endings a font file may have.
    static let fileExtensions: Set<String> = ["ttf", "otf"]
    /// The largest font file read (large CJK fonts are some 20 MB).
    static let largest = 64 << 20

    /// The font in `data`, or nil when it is no TrueType or OpenType font (a collection, WOFF) or names no family.
    public init?(_ data: Data) {
        guard let tables = FontTables([UInt8](data)) else { return nil }
        kind = tables.outlines == .trueType ? .ttf : .otf
        let names = tables["name"].map(Self.names) ?? [:]
        guard let family = names[16] ?? names[1], !family.isEmpty else { return nil }
        self.family = family
        let style = (names[17] ?? names[2] ?? "").lowercased()
        let os2 = tables["OS/2"] ?? []
        if let weight = FontTables.uint16(os2, 4), (1...1000).contains(weight) {
            self.weight = min(900, max(100, Int(weight) / 100 * 100))
        } else {
            self.weight = style.contains("bold") ? 700 : 400
        }
        italic = FontTables.uint16(os2, 62).map { $0 & 1 != 0 } ?? (style.contains("italic") || style.contains("oblique"))
        self.data = data
    }

    /// The strings of a `name` table by name id, each in the first form found of: Windows Unicode in US English,
    /// Windows Unicode in any language, Unicode, Macintosh Roman.
    static func names(_ table: [UInt8]) -> [Int: String] {
        guard let count = FontTables.uint16(table, 2), let storage = FontTables.uint16(table, 4) else { return [:] }
        var found: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<Int(count) {
            let record = 6 + 12 * index
            guard let platform = FontTables.uint16(table, record), let encoding = FontTables.uint16(table, record + 2),
                  let language = FontTables.uint16(table, record + 4), let id = FontTables.uint16(table, record + 6),
                  let length = FontTables.uint16(table, record + 8), let offset = FontTables.uint16(table, record + 10) else { break }
            let start = Int(storage) + Int(offset), end = start + Int(length)
            guard end <= table.count else { continue }
            let rank: Int, text: String
            switch (platform, encoding) {
            case (3, 1), (3, 10), (0, _):
                rank = platform == 0 ? 2 : language == 0x409 ? 0 : 1
                let units = stride(from: start, to: end - 1, by: 2).map { UInt16(table[$0]) << 8 | UInt16(table[$0 + 1]) }
                text = String(decoding: units, as: UTF16.self)
            case (1, 0):
                rank = 3
                text = String(decoding: table[start..<end], as: UTF8.self)
            default: continue
            }
            if found[Int(id)].map({ rank < $0.rank }) ?? true { found[Int(id)] = (rank, text.trimmingCharacters(in: .whitespaces)) }
        }
        return found.mapValues(\.text)
    }
}
