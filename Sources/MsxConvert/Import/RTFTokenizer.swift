import MsxModel

/// One lexical unit of RTF.
enum RTFToken: Equatable {
    case groupStart
    case groupEnd
    /// A control word such as `\fs24`: its letters (at most 32) and its parameter, clamped to
    /// ±`RTFTokenizer.parameterLimit`. A backslash before a line break arrives as `par`.
    case word(String, Int?)
    /// A control symbol such as `\~` or `\*`: the byte after the backslash.
    case symbol(UInt8)
    /// A byte written as `\'hh`.
    case hexByte(UInt8)
    /// Plain text: a stretch of the input with no brace, backslash, CR, LF or NUL.
    case text(Range<Int>)
}

/// Splits RTF bytes into tokens, one at a time. `\binN` data is stepped over inside the tokenizer, so the
/// binary bytes never reach the reader.
struct RTFTokenizer {
    /// The largest magnitude a control word parameter can have (list ids use the whole 32-bit range); larger ones
    /// are clamped, never overflow.
    static let parameterLimit = Int(Int32.max)
    static let maximumWordLength = 32

    let bytes: [UInt8]
    private(set) var position: Int

    init(bytes: [UInt8], position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    mutating func next() -> RTFToken? {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                return .groupStart
            case UInt8(ascii: "}"):
                position += 1
                return .groupEnd
            case UInt8(ascii: "\\"):
                position += 1
                if let token = controlAfterBackslash() { return token }
            case 0x0D, 0x0A, 0x00:
                position += 1
            default:
                return text()
            }
        }
        return nil
    }

    private mutating func text() -> RTFToken {
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"), 0x0D, 0x0A, 0x00:
                return .text(start..<position)
            default:
                position += 1
            }
        }
        return .text(start..<position)
    }

    private mutating func controlAfterBackslash() -> RTFToken? {
        guard position < bytes.count else { return nil }
        let byte = bytes[position]
        if Self.isLetter(byte) { return word() }
        position += 1
        switch byte {
        case 0x0D, 0x0A:
            return .word("par", nil)
        case UInt8(ascii: "'"):
            guard position + 1 < bytes.count, let high = HexDigits.value(bytes[position]),
                let low = HexDigits.value(bytes[position + 1])
            else { return nil }
            position += 2
            return .hexByte(high << 4 | low)
        default:
            return .symbol(byte)
        }
    }

    private mutating func word() -> RTFToken {
        let start = position
        while position < bytes.count, Self.isLetter(bytes[position]) { position += 1 }
        let name = String(decoding: bytes[start..<min(position, start + Self.maximumWordLength)], as: UTF8.self)
        let parameter = readParameter()
        if position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        if name == "bin", let count = parameter, count > 0 {
            position += min(count, bytes.count - position)
        }
        return .word(name, parameter.map { max(-Self.parameterLimit, min(Self.parameterLimit, $0)) })
    }

    /// The optional signed decimal after a control word's letters, saturating far below `Int.max`.
    private mutating func readParameter() -> Int? {
        var negative = false
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "-"), Self.isDigit(bytes[position + 1]) {
            negative = true
            position += 1
        }
        guard position < bytes.count, Self.isDigit(bytes[position]) else { return nil }
        var value = 0
        while position < bytes.count, Self.isDigit(bytes[position]) {
            value = min(value * 10 + Int(bytes[position] - UInt8(ascii: "0")), 1 << 40)
            position += 1
        }
        return negative ? -value : value
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
