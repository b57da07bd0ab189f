import CSystemZlib
import Foundation

/// A PDF file being written: numbered objects, then the cross-reference table and trailer (PDF 1.7, ISO 32000-1
/// section 7.5). Objects are added as bytes; a number can be reserved before its object is written (a page tree
/// names pages that name it back).
struct PDFObjects {
    /// A reference to an indirect object, written `N 0 R`.
    struct Ref: Hashable {
        let number: Int
        var text: String { "\(number) 0 R" }
    }

    private var body: [UInt8] = Array("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
    private var offsets: [Int?] = []

    /// A number for an object written later with `write(_:_:)`.
    mutating func reserve() -> Ref {
        offsets.append(nil)
        return Ref(number: offsets.count)
    }

    /// Writes a dictionary or other direct value as a new object.
    @discardableResult
    mutating func add(_ value: String) -> Ref {
        let ref = reserve()
        write(ref, value)
        return ref
    }

    /// Writes the object a reserved number stands for.
    mutating func write(_ ref: Ref, _ value: String) {
        begin(ref)
        body += Array(value.utf8)
        body += Array("\nendobj\n".utf8)
    }

    /// Writes a stream, deflated when that makes it smaller; `dictionary` holds its other entries (without `<<`).
    @discardableResult
    mutating func addStream(_ data: [UInt8], dictionary: String = "", compress: Bool = true) -> Ref {
        let ref = reserve()
        writeStream(ref, data, dictionary: dictionary, compress: compress)
        return ref
    }

    mutating func writeStream(_ ref: Ref, _ data: [UInt8], dictionary: String = "", compress: Bool = true) {
        let deflated = compress ? Self.deflate(data) : nil
        let bytes = deflated ?? data
        let filter = deflated == nil ? "" : " /Filter /FlateDecode"
        begin(ref)
        body += Array("<<\(dictionary.isEmpty ? "" : " " + dictionary)\(filter) /Length \(bytes.count) >>\nstream\n".utf8)
        body += bytes
        body += Array("\nendstream\nendobj\n".utf8)
    }

    private mutating func begin(_ ref: Ref) {
        offsets[ref.number - 1] = body.count
        body += Array("\(ref.number) 0 obj\n".utf8)
    }

    /// The finished file: the cross-reference table and a trailer naming the catalog and information dictionary.
    /// A number reserved and never written is listed as free.
    func finished(root: Ref, info: Ref, identifier: [UInt8]) -> Data {
        var out = body
        let xref = out.count
        out += Array("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            out += Array((offset.map { String(format: "%010d 00000 n \n", $0) } ?? "0000000000 65535 f \n").utf8)
        }
        let id = "<" + identifier.map { String(format: "%02x", $0) }.joined() + ">"
        out += Array("trailer\n<< /Size \(offsets.count + 1) /Root \(root.text) /Info \(info.text) /ID [\(id) \(id)] >>\n".utf8)
        out += Array("startxref\n\(xref)\n%%EOF\n".utf8)
        return Data(out)
    }

    /// zlib's deflate of `data`, or nil when it saves nothing (a JPEG, a short stream).
    static func deflate(_ data: [UInt8]) -> [UInt8]? {
        guard data.count > 64 else { return nil }
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBufferPointer { source in
            compress2(&out, &length, source.baseAddress, uLong(data.count), 6)
        }
        guard status == Z_OK, Int(length) < data.count else { return nil }
        out.removeSubrange(Int(length)...)
        return out
    }

    /// Text as a PDF string literal: `(`, `)` and `\` escaped, other bytes as they are (the string's encoding is the
    /// caller's: PDFDocEncoding for the information dictionary's ASCII, a font's codes on a page).
    static func literal(_ bytes: [UInt8]) -> String {
        var out = "("
        for byte in bytes {
            switch byte {
            case 0x28, 0x29, 0x5C: out += "\\" + String(UnicodeScalar(byte))
            case 0x20...0x7E: out.unicodeScalars.append(UnicodeScalar(byte))
            default: out += String(format: "\\%03o", byte)
            }
        }
        return out + ")"
    }

    /// Text for the information dictionary or an outline: UTF-16 big-endian with its byte order mark, as a hex
    /// string, which every reader takes whatever the characters.
    static func textString(_ text: String) -> String {
        var hex = "<FEFF"
        for unit in text.utf16 { hex += String(format: "%04X", unit) }
        return hex + ">"
    }

    /// A number as PDF writes it: at most three decimals, no exponent, no trailing zeros. Written by hand: a page
    /// holds thousands of numbers, and formatting through Foundation would be most of the time a PDF takes.
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let thousandths = Int((value * 1000).rounded())
        var out = thousandths < 0 ? "-" : ""
        let magnitude = abs(thousandths)
        out += String(magnitude / 1000)
        var fraction = magnitude % 1000
        guard fraction != 0 else { return out }
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let text = String(fraction)
        return out + "." + String(repeating: "0", count: digits - text.count) + text
    }
}
