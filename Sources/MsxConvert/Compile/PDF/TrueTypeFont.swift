/// A TrueType font read for setting text in a PDF: which glyph shows each character, how wide each glyph is, the
/// figures a PDF font descriptor needs, and a subset of the font holding only the glyphs a book used.
final class TrueTypeFont {
    let postScriptName: String
    let unitsPerEm: Int
    let ascender: Int
    let descender: Int
    let lineGap: Int
    let capHeight: Int
    let italicAngle: Double
    let boundingBox: [Int]
    let isFixedPitch: Bool
    let isSerif: Bool
    private let tables: FontTables
    private let characterGlyphs: [UInt32: UInt16]
    private let advances: [UInt16]
    private let glyphCount: Int
    private let longOffsets: Bool

    /// The font of `file`, or nil when it cannot be set in a PDF by msx: outlines that are not TrueType's (CFF), no
    /// Unicode character map, damaged tables, or a licence that forbids embedding (OpenType's `fsType`).
    init?(_ file: FontFile) {
        guard let tables = FontTables([UInt8](file.data)), tables.outlines == .trueType,
              let head = tables["head"], head.count >= 54, let hhea = tables["hhea"], let maxp = tables["maxp"], let hmtx = tables["hmtx"],
              tables["glyf"] != nil, let loca = tables["loca"], let cmap = tables["cmap"],
              let unitsPerEm = FontTables.uint16(head, 18), unitsPerEm > 0,
              let glyphCount = FontTables.uint16(maxp, 4), let metricCount = FontTables.uint16(hhea, 34) else { return nil }
        let os2 = tables["OS/2"] ?? []
        // Bit 1 alone: restricted licence embedding, which no PDF may carry.
        if let fsType = FontTables.uint16(os2, 8), fsType & 0x000F == 0x0002 { return nil }
        self.tables = tables
        self.unitsPerEm = Int(unitsPerEm)
        self.glyphCount = Int(glyphCount)
        longOffsets = FontTables.int16(head, 50) == 1
        guard loca.count >= (self.glyphCount + 1) * (longOffsets ? 4 : 2) else { return nil }
        ascender = FontTables.int16(hhea, 4)
        descender = FontTables.int16(hhea, 6)
        lineGap = FontTables.int16(hhea, 8)
        boundingBox = [36, 38, 40, 42].map { FontTables.int16(head, $0) }
        capHeight = FontTables.uint16(os2, 0).map { $0 >= 2 && os2.count >= 90 } == true ? FontTables.int16(os2, 88) : ascender * 7 / 10
        let post = tables["post"] ?? []
        italicAngle = Double(FontTables.int16(post, 4)) + Double(FontTables.uint16(post, 6) ?? 0) / 65536
        isFixedPitch = (FontTables.uint32(post, 12) ?? 0) != 0
        // OS/2's sFamilyClass: classes 1 to 7 are serif faces.
        isSerif = (1...7).contains(FontTables.int16(os2, 30) >> 8)
        var advances: [UInt16] = []
        advances.reserveCapacity(Int(metricCount))
        for index in 0..<Int(metricCount) { advances.append(FontTables.uint16(hmtx, index * 4) ?? 0) }
        guard !advances.isEmpty else { return nil }
        self.advances = advances
        characterGlyphs = Self.characterMap(cmap)
        guard !characterGlyphs.isEmpty else { return nil }
        let names = tables["name"].map(FontFile.names) ?? [:]
        let name = (names[6] ?? file.family).filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        postScriptName = name.isEmpty ? "Font" : name
    }

    /// The glyph that shows a character, or nil when the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt16? {
        guard let glyph = characterGlyphs[scalar.value], glyph != 0, Int(glyph) < glyphCount else { return nil }
        return glyph
    }

    /// A glyph's advance in font units.
    func advance(of glyph: UInt16) -> Int {
        Int(advances[min(Int(glyph), advances.count - 1)])
    }

    /// A glyph's advance in thousandths of an em (PDF's glyph space).
    func width(of glyph: UInt16) -> Double {
        Double(advance(of: glyph)) * 1000 / Double(unitsPerEm)
    }

    /// The font with every glyph but `used` (and what composite glyphs among them are built from) emptied: glyph
    /// numbers stay as they are, so a PDF's codes (glyph numbers) need no map. Holds the tables a PDF reader uses
    /// to draw TrueType outlines.
    func subset(keeping used: Set<UInt16>) -> [UInt8] {
        let glyf = tables["glyf"]!
        var keep = used.union([0])
        var pending = Array(keep)
        while let glyph = pending.popLast() {
            for component in components(of: glyphData(glyph, in: glyf)) where Int(component) < glyphCount && !keep.contains(component) {
                keep.insert(component)
                pending.append(component)
            }
        }
        var newGlyf: [UInt8] = []
        var newLoca: [UInt8] = []
        for glyph in 0..<glyphCount {
            FontTables.append32(UInt32(newGlyf.count), to: &newLoca)
            guard keep.contains(UInt16(glyph)) else { continue }
            newGlyf += glyphData(UInt16(glyph), in: glyf)
            while newGlyf.count % 4 != 0 { newGlyf.append(0) }
        }
        FontTables.append32(UInt32(newGlyf.count), to: &newLoca)
        var head = tables["head"]!
        head.replaceSubrange(50..<52, with: [0, 1])
        var out: [String: [UInt8]] = ["head": head, "glyf": newGlyf, "loca": newLoca]
        for tag in ["hhea", "hmtx", "maxp", "cvt ", "fpgm", "prep", "OS/2"] { out[tag] = tables[tag] }
        return FontTables.file(out.compactMapValues { $0 })
    }

    private func glyphData(_ glyph: UInt16, in glyf: [UInt8]) -> ArraySlice<UInt8> {
        let loca = tables["loca"]!
        let index = Int(glyph)
        let (start, end) = longOffsets
            ? (Int(FontTables.uint32(loca, index * 4) ?? 0), Int(FontTables.uint32(loca, index * 4 + 4) ?? 0))
            : (Int(FontTables.uint16(loca, index * 2) ?? 0) * 2, Int(FontTables.uint16(loca, index * 2 + 2) ?? 0) * 2)
        guard start < end, end <= glyf.count else { return [] }
        return glyf[start..<end]
    }

    /// The glyphs a composite glyph is made of (none for a simple one).
    private func components(of data: ArraySlice<UInt8>) -> [UInt16] {
        let bytes = Array(data)
        guard bytes.count >= 10, FontTables.int16(bytes, 0) < 0 else { return [] }
        var found: [UInt16] = []
        var at = 10
        while let flags = FontTables.uint16(bytes, at), let glyph = FontTables.uint16(bytes, at + 2) {
            found.append(glyph)
            at += 4 + (flags & 0x0001 != 0 ? 4 : 2)
            if flags & 0x0008 != 0 { at += 2 } else if flags & 0x0040 != 0 { at += 4 } else if flags & 0x0080 != 0 { at += 8 }
            guard flags & 0x0020 != 0 else { break }
        }
        return found
    }

    /// Characters to glyphs from the best Unicode subtable: format 12 (all planes) when there is one, else format 4.
    private static func characterMap(_ cmap: [UInt8]) -> [UInt32: UInt16] {
        var best: (rank: Int, offset: Int)?
        for index in 0..<Int(FontTables.uint16(cmap, 2) ?? 0) {
            let record = 4 + 8 * index
            guard let platform = FontTables.uint16(cmap, record), let encoding = FontTables.uint16(cmap, record + 2),
                  let offset = FontTables.uint32(cmap, record + 4), let format = FontTables.uint16(cmap, Int(offset)) else { continue }
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, format == 4 || format == 12 else { continue }
            let rank = format == 12 ? 2 : 1
            if rank > best?.rank ?? 0 { best = (rank, Int(offset)) }
        }
        guard let best else { return [:] }
        return best.rank == 2 ? format12(cmap, at: best.offset) : format4(cmap, at: best.offset)
    }

    private static func format4(_ cmap: [UInt8], at start: Int) -> [UInt32: UInt16] {
        let segments = Int(FontTables.uint16(cmap, start + 6) ?? 0) / 2
        let ends = start + 14, starts = ends + segments * 2 + 2, deltas = starts + segments * 2, ranges = deltas + segments * 2
        var map: [UInt32: UInt16] = [:]
        for segment in 0..<segments {
            guard let last = FontTables.uint16(cmap, ends + segment * 2), let first = FontTables.uint16(cmap, starts + segment * 2),
                  let delta = FontTables.uint16(cmap, deltas + segment * 2), let range = FontTables.uint16(cmap, ranges + segment * 2),
                  first <= last, first != 0xFFFF else { continue }
            for code in first...last {
                let glyph: UInt16
                if range == 0 {
                    glyph = code &+ delta
                } else {
                    let at = ranges + segment * 2 + Int(range) + Int(code - first) * 2
                    guard let found = FontTables.uint16(cmap, at), found != 0 else { continue }
                    glyph = found &+ delta
                }
                if glyph != 0 { map[UInt32(code)] = glyph }
            }
        }
        return map
    }

    private static func format12(_ cmap: [UInt8], at start: Int) -> [UInt32: UInt16] {
        var map: [UInt32: UInt16] = [:]
        for group in 0..<Int(FontTables.uint32(cmap, start + 12) ?? 0) {
            let record = start + 16 + group * 12
            guard let first = FontTables.uint32(cmap, record), let last = FontTables.uint32(cmap, record + 4),
                  let glyph = FontTables.uint32(cmap, record + 8), first <= last, last - first < 0x11_0000 else { break }
            for code in first...last where glyph + (code - first) <= 0xFFFF { map[code] = UInt16(glyph + (code - first)) }
        }
        return map
    }
}
