import MsxModel

/// One of the standard fonts every PDF reader has (Times, Helvetica, Courier, each in four faces): nothing to embed,
/// text in WinAnsiEncoding (Windows-1252), so it shows the characters that code page has and no others.
enum StandardFont {
    enum Face: Int, CaseIterable {
        case timesRoman, timesBold, timesItalic, timesBoldItalic
        case helvetica, helveticaBold, helveticaOblique, helveticaBoldOblique
        case courier, courierBold, courierOblique, courierBoldOblique
    }

    /// The family a face belongs to, as a writer knows it: Times, Helvetica or Courier.
    static func family(of face: Face) -> String {
        switch face {
        case .timesRoman, .timesBold, .timesItalic, .timesBoldItalic: "Times"
        case .helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique: "Helvetica"
        case .courier, .courierBold, .courierOblique, .courierBoldOblique: "Courier"
        }
    }

    struct Metrics {
        let name: String
        /// Codes 32 to 255.
        let widths: [Int]
    }

    /// The family a font name is closest to: Courier for typewriter and monospaced faces, Helvetica for sans-serif
    /// ones, Times for the rest (the serif faces books and manuscripts are set in).
    static func face(family: String?, bold: Bool, italic: Bool) -> Face {
        let name = (family ?? "").lowercased()
        let style = (bold ? 1 : 0) + (italic ? 2 : 0)
        if ["courier", "mono", "typewriter", "consol", "menlo", "monaco", "prestige"].contains(where: name.contains) {
            return [.courier, .courierBold, .courierOblique, .courierBoldOblique][style]
        }
        if ["helvetica", "arial", "sans", "verdana", "calibri", "futura", "gill", "avenir", "segoe", "roboto", "inter"]
            .contains(where: name.contains) {
            return [.helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique][style]
        }
        return [.timesRoman, .timesBold, .timesItalic, .timesBoldItalic][style]
    }

    /// Whether a family name is one the standard fonts are (Times, Times New Roman, Helvetica, Arial, Courier,
    /// Courier New): set in them, it is not a substitute.
    static func names(_ family: String) -> Bool {
        ["times", "times new roman", "times-roman", "helvetica", "arial", "courier", "courier new"].contains(family.lowercased())
    }

    /// The WinAnsiEncoding code of a character, or nil when the standard fonts cannot show it. A no-break space is
    /// drawn as a space and a soft hyphen as a hyphen.
    static func code(of scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x20...0x7E: return UInt8(scalar.value)
        case 0xA0: return 0x20
        case 0xAD: return 0x2D
        case 0xA1...0xFF: return UInt8(scalar.value)
        default:
            guard scalar.value <= 0xFFFF, let byte = RTFCodePageDecoder.windows1252Byte(UInt16(scalar.value)) else { return nil }
            return byte
        }
    }
}

/// The widths of each standard face, read once.
extension StandardFont.Face {
    private static let all: [StandardFont.Metrics] = allCases.map(StandardFont.metrics(of:))

    var metrics: StandardFont.Metrics { Self.all[rawValue] }

    /// The width of text at a size, in points (a character the face lacks as wide as `?`).
    func width(of text: String, size: Double) -> Double {
        let question = width(ofCode: 0x3F)
        return Double(text.unicodeScalars.reduce(0) { $0 + (StandardFont.code(of: $1).map(width(ofCode:)) ?? question) }) * size / 1000
    }

    /// The advance of a WinAnsiEncoding code, in thousandths of an em.
    func width(ofCode code: UInt8) -> Int {
        code < 32 ? 0 : metrics.widths[Int(code) - 32]
    }
}
