/// A face text is set in on a PDF page: a standard font (nothing embedded, Windows-1252's characters), or a
/// TrueType font embedded as a subset of the glyphs used (any character it has, codes are glyph numbers).
final class PDFFace {
    enum Source {
        case standard(StandardFont.Face)
        case trueType(TrueTypeFont, family: String)
    }

    let source: Source
    /// The name the pages' resources give it (`F1`, `F2`, ...).
    let resource: String
    /// For a TrueType face, each glyph used and the character it showed (for the subset and for copying text out).
    private(set) var used: [UInt16: Unicode.Scalar] = [:]

    init(_ source: Source, resource: String) {
        self.source = source
        self.resource = resource
    }

    /// The advance of a character in thousandths of an em, or nil when the face has no glyph for it.
    func width(of scalar: Unicode.Scalar) -> Double? {
        switch source {
        case .standard(let face):
            guard let code = StandardFont.code(of: scalar) else { return nil }
            return Double(face.width(ofCode: code))
        case .trueType(let font, _):
            return font.glyph(for: scalar).map(font.width)
        }
    }

    /// Baseline to baseline for single spacing, in ems: the font's own line height (ascender, descender and gap),
    /// 1.15 for the standard fonts (what word processors give Times).
    var lineHeight: Double {
        guard case .trueType(let font, _) = source else { return 1.15 }
        return max(1, Double(font.ascender - font.descender + font.lineGap) / Double(font.unitsPerEm))
    }

    /// How far the tallest letters rise above the baseline, in ems.
    var ascent: Double {
        guard case .trueType(let font, _) = source else { return 0.9 }
        return Double(font.ascender) / Double(font.unitsPerEm)
    }

    /// The bytes a page's string holds for this text (every character of which the face has).
    func encode(_ scalars: some Sequence<Unicode.Scalar>) -> [UInt8] {
        var bytes: [UInt8] = []
        switch source {
        case .standard:
            for scalar in scalars { bytes.append(StandardFont.code(of: scalar) ?? 0x3F) }
        case .trueType(let font, _):
            for scalar in scalars {
                let glyph = font.glyph(for: scalar) ?? 0
                if glyph != 0, used[glyph] == nil { used[glyph] = scalar }
                bytes += [UInt8(glyph >> 8), UInt8(glyph & 0xFF)]
            }
        }
        return bytes
    }

    /// The font's objects, written into `objects`; returns the font dictionary's reference.
    func write(into objects: inout PDFObjects, tag: String) -> PDFObjects.Ref {
        switch source {
        case .standard(let face):
            return objects.add("<< /Type /Font /Subtype /Type1 /BaseFont /\(face.metrics.name) /Encoding /WinAnsiEncoding >>")
        case .trueType(let font, _):
            return writeTrueType(font, into: &objects, tag: tag)
        }
    }

    /// A Type 0 font over a CIDFontType2 (ISO 32000-1 9.7): codes are glyph numbers (Identity-H, CIDToGIDMap
    /// Identity), widths for the glyphs used, the subset embedded, and a ToUnicode map so text copies out.
    private func writeTrueType(_ font: TrueTypeFont, into objects: inout PDFObjects, tag: String) -> PDFObjects.Ref {
        let name = "\(tag)+\(font.postScriptName)"
        let glyphs = used.keys.sorted()
        let program = font.subset(keeping: Set(glyphs))
        let file = objects.addStream(program, dictionary: "/Length1 \(program.count)")
        let scale = 1000 / Double(font.unitsPerEm)
        let box = font.boundingBox.map { PDFObjects.number(Double($0) * scale) }.joined(separator: " ")
        // Flags: 1 fixed pitch, 2 serif, 4 symbolic (a CIDFont's glyphs are not a standard character set), 64 italic.
        let flags = (font.isFixedPitch ? 1 : 0) | (font.isSerif ? 2 : 0) | 4 | (font.italicAngle != 0 ? 64 : 0)
        let descriptor = objects.add("<< /Type /FontDescriptor /FontName /\(name) /Flags \(flags) /FontBBox [\(box)]"
            + " /ItalicAngle \(PDFObjects.number(font.italicAngle)) /Ascent \(PDFObjects.number(Double(font.ascender) * scale))"
            + " /Descent \(PDFObjects.number(Double(font.descender) * scale)) /CapHeight \(PDFObjects.number(Double(font.capHeight) * scale))"
            + " /StemV 80 /FontFile2 \(file.text) >>")
        let widths = glyphs.map { "\($0) [\(PDFObjects.number(font.width(of: $0)))]" }.joined(separator: " ")
        let cidFont = objects.add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /\(name)"
            + " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor \(descriptor.text)"
            + " /DW \(PDFObjects.number(font.width(of: 0))) /W [\(widths)] /CIDToGIDMap /Identity >>")
        let toUnicode = objects.addStream(Array(Self.toUnicodeMap(used).utf8))
        return objects.add("<< /Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding /Identity-H"
            + " /DescendantFonts [\(cidFont.text)] /ToUnicode \(toUnicode.text) >>")
    }

    /// A CMap from two-byte codes to the characters they showed (ISO 32000-1 9.10.3).
    private static func toUnicodeMap(_ used: [UInt16: Unicode.Scalar]) -> String {
        var out = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange

        """
        let entries = used.sorted { $0.key < $1.key }
        for start in stride(from: 0, to: entries.count, by: 100) {
            let chunk = entries[start..<min(start + 100, entries.count)]
            out += "\(chunk.count) beginbfchar\n"
            for (glyph, scalar) in chunk {
                let units = String(scalar).utf16.map { String(format: "%04X", $0) }.joined()
                out += String(format: "<%04X>", glyph) + " <\(units)>\n"
            }
            out += "endbfchar\n"
        }
        return out + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    }
}
