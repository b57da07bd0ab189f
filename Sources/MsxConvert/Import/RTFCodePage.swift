/// Turns bytes of the legacy code pages RTF text is written in into Unicode scalars: Windows-1252 from a built-in
/// table, the others through iconv (converters are opened once per code page and kept).
final class RTFCodePageDecoder {
    static let windows1252 = 1252

    /// Code pages iconv could not open; their bytes were read as Windows-1252.
    private(set) var unavailable: [Int] = []
    private var converters: [Int: RTFIconvConverter] = [:]

    /// The code page a font's `\fcharset` names: ANSI (0) is Windows-1252, as Word and LibreOffice read it;
    /// `documentCodePage` for the default (1) and unknown charsets.
    static func codePage(forCharset charset: Int, documentCodePage: Int) -> Int {
        switch charset {
        case 0: return windows1252
        case 77: return 10000
        case 128: return 932
        case 129: return 949
        case 134: return 936
        case 136: return 950
        case 161: return 1253
        case 162: return 1254
        case 163: return 1258
        case 177: return 1255
        case 178: return 1256
        case 186: return 1257
        case 204: return 1251
        case 222: return 874
        case 238: return 1250
        default: return documentCodePage
        }
    }

    func decode(_ bytes: [UInt8], codePage: Int, into scalars: inout [Unicode.Scalar]) {
        if codePage != Self.windows1252, let converter = converter(for: codePage) {
            converter.decode(bytes, into: &scalars)
        } else {
            for byte in bytes { scalars.append(Self.windows1252Scalar(byte)) }
        }
    }

    private func converter(for codePage: Int) -> RTFIconvConverter? {
        if let converter = converters[codePage] { return converter }
        if unavailable.contains(codePage) { return nil }
        let name = codePage == 10000 ? "MACINTOSH" : "CP\(codePage)"
        guard let converter = RTFIconvConverter(encoding: name) else {
            unavailable.append(codePage)
            return nil
        }
        converters[codePage] = converter
        return converter
    }

    static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard byte >= 0x80, byte < 0xA0 else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(windows1252High[Int(byte - 0x80)]) ?? "\u{FFFD}"
    }

    /// The Windows-1252 byte of a UTF-16 unit above ASCII, or nil when the code page has none.
    static func windows1252Byte(_ unit: UInt16) -> UInt8? {
        if (0xA0...0xFF).contains(unit) { return UInt8(unit) }
        return windows1252Bytes[unit]
    }

    private static let windows1252Bytes: [UInt16: UInt8] = Dictionary(
        windows1252High.enumerated().filter { $0.element != 0xFFFD }.map { ($0.element, UInt8(0x80 + $0.offset)) }
    ) { first, _ in first }

    /// Windows-1252 bytes 0x80...0x9F (the rest match Latin-1); the five undefined ones read as U+FFFD.
    private static let windows1252High: [UInt16] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
        0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
