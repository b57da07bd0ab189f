/// HTML being written, as UTF-8 bytes. A compile writes every tag and run of a book: appending to a byte array
/// costs a fraction of appending to a String, which checks its storage's capacity, uniqueness and ASCII flag on
/// every append.
package struct HTMLBytes {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    package var count: Int { bytes.count }

    package mutating func reserveCapacity(_ capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a string made at run time (a literal is a `StaticString`: see `append(_:)`).
    package mutating func append(string text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A length in points as CSS writes it: `13pt`, `12.5pt`.
    package mutating func append(points: Double) {
        append(string: JSONWriter.format(points))
        append("pt")
    }

    package mutating func append(_ other: HTMLBytes) {
        bytes.append(contentsOf: other.bytes)
    }

    package func hasSuffix(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { suffix in bytes.count >= suffix.count && bytes[(bytes.count - suffix.count)...].elementsEqual(suffix) }
    }

    package mutating func removeLast(_ count: Int) {
        bytes.removeLast(count)
    }

    /// What was written, as a string.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// `text` with the markup characters written as entities, control characters (C0 but tab and line ends, DEL,
    /// C1) left out, and each line separator (U+2028) written as `lineBreak` when one is given. One pass over the
    /// UTF-8 bytes: the characters that change are all single bytes but C1 (C2 80-9F) and the separator (E2 80 A8).
    package mutating func appendEscaped(_ text: String, lineBreak: String? = nil) {
        var text = text
        text.withUTF8 { source in
            guard Self.mayChange(source) else {
                bytes.append(contentsOf: source)
                return
            }
            var i = 0
            while i < source.count {
                let byte = source[i]
                let next = i + 1 < source.count ? source[i + 1] : 0
                if let entity = Self.entity(byte) {
                    append(entity)
                } else if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                    // Control characters (an escape sequence in a title) have no place in a page: left out.
                } else if byte == 0xC2, (0x80...0x9F).contains(next) {
                    i += 1
                } else if byte == 0xE2, next == 0x80, i + 2 < source.count, source[i + 2] == 0xA8, let lineBreak {
                    append(string: lineBreak)
                    i += 2
                } else {
                    bytes.append(byte)
                }
                i += 1
            }
        }
    }

    /// Whether `text` holds any byte `appendEscaped` may write otherwise.
    package static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(mayChange)
    }

    private static func mayChange(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        mayChangeTable.withUnsafeBufferPointer { table in bytes.contains { table[Int($0)] } }
    }

    /// The bytes that may be written otherwise: the markup characters, control characters, and the lead bytes of C1
    /// characters and of the line separator.
    private static let mayChangeTable: [Bool] = (0...UInt8.max).map { (byte: UInt8) -> Bool in
        switch byte {
        case 0x00..<0x20, 0x7F, 0xC2, 0xE2: true
        default: entity(byte) != nil
        }
    }

    private static func entity(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: nil
        }
    }
}
