/// A strict JSON parser (RFC 8259) that reports the line and column of the first problem.
public struct JSONParser {
    /// Why a JSON text could not be read, with a 1-based line and column.
    public struct SyntaxError: Error, Equatable {
        public let line: Int
        public let column: Int
        public let reason: String
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// The text's UTF-8, valid while `parse` runs (the parser never outlives it).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512

    /// Parses a complete JSON text.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        try parse(text) { parser throws(SyntaxError) in try parser.parseValue() }
    }

    /// Parses a complete JSON text with `read` reading its top-level value (a typed reader that builds its own model
    /// as it goes, with `readObject`, `readArray` and the value parsers), then checks that nothing follows.
    static func parse<T>(_ text: String, with read: (inout JSONParser) throws(SyntaxError) -> T) throws(SyntaxError) -> T {
        var text = text
        // The string's own bytes, read in place: no copy, and no bounds check on every byte.
        let result = text.withUTF8 { bytes in
            Result { () throws(SyntaxError) -> T in
                var parser = JSONParser(bytes: bytes)
                parser.skipWhitespace()
                let value = try read(&parser)
                parser.skipWhitespace()
                if parser.index < bytes.count { throw parser.fail("unexpected text after the end of the JSON value") }
                return value
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next value, whatever it is.
    mutating func parseValue() throws(SyntaxError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseNull(); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    /// Whether the next value starts as `byte` does (`{`, `[`, `"`, `n`...).
    func next(is byte: UInt8) -> Bool { peek(byte) }

    mutating func parseNull() throws(SyntaxError) { try expectWord("null") }

    mutating func parseBool() throws(SyntaxError) -> Bool {
        if peek(UInt8(ascii: "t")) { try expectWord("true"); return true }
        try expectWord("false")
        return false
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        try readObject { parser, key throws(SyntaxError) in
            // Room for a binder node's or a formatting run's fields at once, instead of growing four times on the
            // way (an empty object allocates nothing).
            if members.isEmpty { members.reserveCapacity(8) }
            return members.updateValue(try parser.parseValue(), forKey: key) == nil
        }
        return .object(members)
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        var items: [JSONValue] = []
        try readArray { parser throws(SyntaxError) in items.append(try parser.parseValue()) }
        return .array(items)
    }

    /// Reads an object (the parser is at its `{`) member by member: `member` gets each key with the parser at the
    /// value, reads the value, and returns false when the key came before (a duplicate, refused).
    mutating func readObject(_ member: (inout JSONParser, String) throws(SyntaxError) -> Bool) throws(SyntaxError) {
        try readObject(keys: { parser throws(SyntaxError) in try parser.parseString() }, member)
    }

    /// `readObject(_:)` with each key read by `readKey` (the parser at its opening quote) into what `member` takes.
    mutating func readObject<Key: CustomStringConvertible>(keys readKey: (inout JSONParser) throws(SyntaxError) -> Key,
                                                           _ member: (inout JSONParser, Key) throws(SyntaxError) -> Bool) throws(SyntaxError) {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw fail("expected a quoted key") }
            let key = try readKey(&self)
            let afterKey = index
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw fail("expected ':' after key \"\(key)\"") }
            index += 1
            skipWhitespace()
            guard try member(&self, key) else {
                index = afterKey
                throw fail("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; return }
            throw fail("expected ',' or '}' in object")
        }
    }

    /// Reads an array (the parser is at its `[`) item by item: `item` reads each one.
    mutating func readArray(_ item: (inout JSONParser) throws(SyntaxError) -> Void) throws(SyntaxError) {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return }
        while true {
            skipWhitespace()
            try item(&self)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; return }
            throw fail("expected ',' or ']' in array")
        }
    }

    /// The bytes of a string that holds no escape and no control character, the parser at its opening quote and
    /// left after its closing one; nil, the parser unmoved, for any other (which `parseString` reads).
    mutating func readPlainString() -> UnsafeBufferPointer<UInt8>.SubSequence? {
        let end = JSONByteRuns.plainStringEnd(in: bytes, from: index + 1)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { index = end + 1 }
        return bytes[(index + 1)..<end]
    }

    mutating func parseString() throws(SyntaxError) -> String {
        // Most strings hold no escape: decode them in one go.
        if let plain = readPlainString() { return String(decoding: plain, as: UTF8.self) }
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, into scalars: inout String.UnicodeScalarView) {
            scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
        }
        while true {
            // Most bytes are plain: step over them without looking further.
            index = JSONByteRuns.plainStringEnd(in: bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                flush(bytes[runStart..<index], into: &scalars)
                return String(scalars)
            }
            if byte < 0x20 { throw fail("control character in string") }
            flush(bytes[runStart..<index], into: &scalars)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
            default: throw fail("invalid escape in string")
            }
            runStart = index
        }
        throw fail("unterminated string")
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = HexDigits.value(bytes[index]) else { throw fail("invalid \\u escape") }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("unpaired surrogate in \\u escape") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw fail("unpaired surrogate in \\u escape") }
        return scalar
    }

    mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            skipDigits()
        }
        // Most numbers are small whole ones (sizes, targets): read them without a detour through text.
        let digits = bytes[start..<index]
        if digits.count < 16, let first = digits.first, first != UInt8(ascii: "-"), digits.allSatisfy(isDigit) {
            return Double(digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
        }
        guard let value = Double(String(decoding: digits, as: UTF8.self)), value.isFinite else {
            throw fail("number out of range")
        }
        return value
    }

    /// A string, or nil for null.
    mutating func readOptionalString() throws(SyntaxError) -> String? {
        if next(is: UInt8(ascii: "n")) { try parseNull(); return nil }
        guard next(is: UInt8(ascii: "\"")) else { throw fail("expected a string") }
        return try parseString()
    }

    /// A whole number as `JSONReader.int` takes it, or nil for null.
    mutating func readOptionalWholeNumber() throws(SyntaxError) -> Int? {
        if next(is: UInt8(ascii: "n")) { try parseNull(); return nil }
        guard let whole = JSONReader.wholeNumber(try parseNumber()) else { throw fail("expected a whole number") }
        return whole
    }
    /// An array's items, each read by `item` (null: none).
    mutating func readItems<Item>(_ item: (inout JSONParser) throws(SyntaxError) -> Item) throws(SyntaxError) -> [Item] {
        if next(is: UInt8(ascii: "n")) { try parseNull(); return [] }
        guard next(is: UInt8(ascii: "[")) else { throw fail("expected an array") }
        var items: [Item] = []
        try readArray { parser throws(SyntaxError) in items.append(try item(&parser)) }
        return items
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private mutating func skipDigits() { while index < bytes.count, isDigit(bytes[index]) { index += 1 } }
    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        for byte in word.utf8 {
            guard peek(byte) else { throw fail("invalid literal (expected \(word))") }
            index += 1
        }
    }

    private mutating func skipWhitespace() { index = JSONByteRuns.whitespaceEnd(in: bytes, from: index) }

    func fail(_ reason: String) -> SyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return SyntaxError(line: line, column: column, reason: reason)
    }
}
