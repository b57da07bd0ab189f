import MsxModel

/// A token of text for diffing: a word, a run of white space, a punctuation mark, or one CJK character.
/// Grapheme clusters are never split (an emoji with its modifiers, a letter with its combining marks).
struct Token: Equatable {
    enum Kind { case word, space, punctuation }
    var text: String
    var kind: Kind
    /// UTF-16 offsets in the paragraph.
    var range: Range<Int>
}

/// A token's kind and UTF-16 range, without its text: what the word diff compares (by the units of its
/// paragraph).
struct TokenSpan: Equatable {
    var kind: Token.Kind
    var range: Range<Int>
}

/// How finely a changed paragraph's text is compared.
public enum DiffUnit: String, Sendable, CaseIterable {
    case word, sentence, paragraph, char
}

enum Tokenizer {
    /// The pieces a paragraph is compared in, each with the white space after it.
    static func pieces(_ text: String, by unit: DiffUnit) -> [Token] {
        switch unit {
        case .word: return spacedTokens(text)
        case .paragraph: return text.isEmpty ? [] : [Token(text: text, kind: .word, range: 0..<text.utf16.count)]
        case .char:
            var offset = 0
            return text.map { character in
                defer { offset += character.utf16.count }
                return Token(text: String(character), kind: classify(character), range: offset..<(offset + character.utf16.count))
            }
        case .sentence: return sentences(text)
        }
    }

    /// Sentences: up to and including `.`, `!`, `?` or `。` (and closing quotes), with the white space after.
    private static func sentences(_ text: String) -> [Token] {
        var result: [Token] = []
        // A sentence's text is cut from the paragraph when it ends, not built a character at a time; where it
        // starts is kept in UTF-16 units (its range) and in UTF-8 bytes (to cut it).
        var start = 0, offset = 0, startByte = 0, byte = 0
        var ended = false
        let utf8 = text.utf8
        func sentence(_ bytes: Range<Int>, _ range: Range<Int>) -> Token {
            let lower = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound), upper = utf8.index(lower, offsetBy: bytes.count)
            return Token(text: String(text[lower..<upper]), kind: .word, range: range)
        }
        for character in text {
            let mark = markValue(character)
            if ended && !character.isWhitespace && !closesSentence(mark) {
                result.append(sentence(startByte..<byte, start..<offset))
                start = offset
                startByte = byte
                ended = false
            }
            for unit in character.utf8 {
                // A scalar is one UTF-16 unit, two from four UTF-8 bytes on: counted at its lead byte.
                if unit & 0xC0 != 0x80 { offset += unit >= 0xF0 ? 2 : 1 }
            }
            byte += character.utf8.count
            if endsSentence(mark) { ended = true }
        }
        if startByte < byte { result.append(sentence(startByte..<byte, start..<offset)) }
        return result
    }

    /// Whether a character ends a sentence: `.`, `!`, `?` or `。`.
    private static func endsSentence(_ mark: UInt32?) -> Bool {
        switch mark {
        case 0x2E, 0x21, 0x3F, 0x3002: true
        default: false
        }
    }

    /// Whether a character after a sentence's end still belongs to it: a closing quote or bracket.
    private static func closesSentence(_ mark: UInt32?) -> Bool {
        switch mark {
        case 0x22, 0x27, 0x201D, 0x2019, 0x29: true
        default: false
        }
    }

    /// The scalar a character is, when it is one of one or three UTF-8 bytes (every mark above is); nil otherwise,
    /// a cluster among them (a `.` with an accent on it is no full stop). None of the marks has another spelling
    /// Swift's `==` would call equal, so comparing the scalar decides what comparing characters did, without a
    /// string comparison for each character of a paragraph.
    private static func markValue(_ character: Character) -> UInt32? {
        let utf8 = character.utf8
        var bytes = utf8.makeIterator()
        switch utf8.count {
        case 1:
            return UInt32(bytes.next()!)
        case 3:
            let lead = bytes.next()!
            // A lead byte of three: one scalar, the whole character.
            guard lead & 0xF0 == 0xE0 else { return nil }
            return UInt32(lead & 0x0F) << 12 | UInt32(bytes.next()! & 0x3F) << 6 | UInt32(bytes.next()! & 0x3F)
        default:
            return nil
        }
    }

    /// Splits a paragraph into tokens character by character (any text).
    static func characterTokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var currentKind: Token.Kind?
        var start = 0
        var offset = 0
        func flush() {
            if let kind = currentKind, !current.isEmpty {
                tokens.append(Token(text: current, kind: kind, range: start..<offset))
            }
            current = ""
            currentKind = nil
            start = offset
        }
        for character in text {
            let kind = classify(character)
            let standalone = kind == .punctuation || character.unicodeScalars.contains(where: WordCount.isCJK)
            let joinsWord = kind == .punctuation && (character == "'" || character == "\u{2019}") && currentKind == .word
            if joinsWord {
                current.append(character)
            } else if standalone || kind != currentKind {
                flush()
                current.append(character)
                currentKind = kind
                if standalone { offset += character.utf16.count; flush(); continue }
            } else {
                current.append(character)
            }
            offset += character.utf16.count
        }
        flush()
        return tokens
    }

    /// The tokens of a text whose every character is one scalar of one UTF-16 unit with no grapheme joining it to
    /// the next (Latin letters and accents before the combining marks, general punctuation such as ’ “ — …): most
    /// prose. Read scalar by scalar from the UTF-8 bytes, as `characterTokens` reads characters ("\r\n", one
    /// character, is white space either way); nil for any other text.
    static func simpleTokens(_ text: String) -> [Token]? {
        var copy = text
        return copy.withUTF8 { bytes -> [Token]? in
            var tokens: [Token] = []
            let read = scanSimple(bytes) { kind, byteRange, units in
                tokens.append(Token(text: string(bytes, byteRange), kind: kind, range: units))
            }
            return read ? tokens : nil
        }
    }

    /// The text of a paragraph's word tokens, in order: its tokens less white space and punctuation, without
    /// making a string of those (pairing paragraphs by their words reads every changed paragraph this way).
    static func words(_ text: String) -> [String] {
        var copy = text, words: [String] = []
        let read = copy.withUTF8 { simpleWords($0) { words.append(String(decoding: $0, as: UTF8.self)) } }
        return read ? words : characterTokens(text).compactMap { $0.kind == .word ? $0.text : nil }
    }

    /// The UTF-8 bytes of each word token of plain prose (`simpleTokens`), in order; false when the text is not
    /// plain prose, and the words handed over were then not all of them.
    /// Pairing paragraphs reads every changed paragraph this way, so words are read in one loop of their own: a
    /// word is a run of word scalars, an apostrophe (' or ’) after one staying in it, as `scanSimple` cuts them.
    static func simpleWords(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        // Where the word being read starts, or nil between words.
        var wordStart: Int?
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let kind: Token.Kind, width: Int, apostrophe: Bool
            if lead < 0x80 {
                (kind, width, apostrophe) = (classify(ascii: lead), 1, lead == 0x27)
            } else {
                guard let (scalar, scalarWidth) = decodeStandalone(bytes, at: index), let known = standaloneKind(scalar) else { return false }
                (kind, width, apostrophe) = (known, scalarWidth, scalar == 0x2019)
            }
            if kind == .word {
                if wordStart == nil { wordStart = index }
            } else if !(apostrophe && wordStart != nil), let start = wordStart {
                body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                wordStart = nil
            }
            index += width
        }
        if let start = wordStart { body(UnsafeBufferPointer(rebasing: bytes[start...])) }
        return true
    }

    /// The scalar at a byte of valid UTF-8 (a String's) and how many bytes it takes; nil for one beyond the Basic
    /// Multilingual Plane, which does not stand alone (a standalone scalar takes one, two or three bytes).
    @inline(__always)
    private static func decodeStandalone(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, width: Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        guard lead < 0xF0 else { return nil }
        let second = UInt32(bytes[index + 1] & 0x3F)
        if lead < 0xE0 { return ((UInt32(lead) & 0x1F) << 6 | second, 2) }
        return ((UInt32(lead) & 0x0F) << 12 | second << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
    }

    /// Reads a text as `simpleTokens` describes, handing each token's kind, UTF-8 byte range and UTF-16 range to
    /// `emit`; false (after emitting some tokens, perhaps) when the text holds a scalar that does not stand alone.
    @inline(__always)
    private static func scanSimple(_ bytes: UnsafeBufferPointer<UInt8>,
                                   _ emit: (Token.Kind, Range<Int>, Range<Int>) -> Void) -> Bool {
        func decode(_ index: Int) -> (scalar: UInt32, width: Int)? { decodeStandalone(bytes, at: index) }
        let end = bytes.count
        var start = 0, startOffset = 0
        var current: Token.Kind?
        func flush(_ end: Int, _ endOffset: Int) {
            if let current, endOffset > startOffset { emit(current, start..<end, startOffset..<endOffset) }
            current = nil
            start = end
            startOffset = endOffset
        }
        var index = 0, offset = 0
        while index < end {
            guard let (scalar, width) = decode(index) else { return false }
            let kind: Token.Kind
            if scalar < 0x80 {
                kind = classify(ascii: UInt8(scalar))
            } else {
                guard let known = standaloneKind(scalar) else { return false }
                kind = known
            }
            let next = index + width
            if kind == .punctuation && (scalar == 0x27 || scalar == 0x2019) && current == .word {
                // "don't": the apostrophe stays in the word.
            } else if kind == .punctuation {
                flush(index, offset)
                current = .punctuation
                flush(next, offset + 1)
            } else if kind != current {
                flush(index, offset)
                current = kind
            }
            index = next
            offset += 1
        }
        flush(end, offset)
        return true
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The kind of a scalar beyond ASCII that stands alone, nil for any other; worked out once for all of them.
    static func standaloneKind(_ scalar: UInt32) -> Token.Kind? {
        let index = scalar < 0x300 ? Int(scalar) : Int(scalar) - 0x2010 + 0x300
        guard index >= 0, index < standaloneKinds.count else { return nil }
        return standaloneKinds[index]
    }

    /// `classify` of U+0000 to U+02FF, then of U+2010 to U+205E; nil where a scalar does not stand alone.
    private static let standaloneKinds: [Token.Kind?] = (Array(0..<0x300) + Array(0x2010...0x205E)).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)), scalar.standsAlone else { return nil }
        return classify(Character(scalar))
    }

    /// The pieces `pieces(_:by:)` cuts `units[range]` into (UTF-16 units of a paragraph), by kind and place in
    /// `units`. Plain prose compared by words is read straight from the units: no text is made, neither of the
    /// stretch nor of its pieces.
    static func spans(_ units: [UInt16], _ range: Range<Int>, by unit: DiffUnit) -> [TokenSpan] {
        if unit == .word {
            if let simple = units.withUnsafeBufferPointer({ simpleSpans($0, range) }) { return simple }
        }
        return pieces(Context.slice(units, range.lowerBound, range.upperBound), by: unit).map { token in
            TokenSpan(kind: token.kind, range: (token.range.lowerBound + range.lowerBound)..<(token.range.upperBound + range.lowerBound))
        }
    }

    /// Joins each run of white space to the piece read before it, as pieces are read.
    private struct SpaceJoiner {
        private var pending: (kind: Token.Kind, bytes: Range<Int>, units: Range<Int>)?

        /// Takes the next piece read; hands the one before to `emit` unless this is white space joining it.
        mutating func add(_ kind: Token.Kind, _ bytes: Range<Int>, _ units: Range<Int>, _ emit: (Token.Kind, Range<Int>, Range<Int>) -> Void) {
            if kind == .space, let last = pending, last.kind != .space {
                pending = (last.kind, last.bytes.lowerBound..<bytes.upperBound, last.units.lowerBound..<units.upperBound)
                return
            }
            finish(emit)
            pending = (kind, bytes, units)
        }

        /// Hands the piece still held to `emit`.
        mutating func finish(_ emit: (Token.Kind, Range<Int>, Range<Int>) -> Void) {
            if let last = pending { emit(last.kind, last.bytes, last.units) }
            pending = nil
        }
    }

    /// Tokens with each run of white space joined to the token before it.
    static func spacedTokens(_ text: String) -> [Token] {
        var copy = text
        // Plain prose: each piece's text is made once, from its bytes with the white space after them.
        let simple = copy.withUTF8 { bytes -> [Token]? in
            var result: [Token] = [], joiner = SpaceJoiner()
            func emit(_ kind: Token.Kind, _ byteRange: Range<Int>, _ units: Range<Int>) {
                result.append(Token(text: string(bytes, byteRange), kind: kind, range: units))
            }
            let read = scanSimple(bytes) { kind, byteRange, units in joiner.add(kind, byteRange, units, emit) }
            joiner.finish(emit)
            return read ? result : nil
        }
        if let simple { return simple }
        var result: [Token] = []
        for token in characterTokens(text) {
            if token.kind == .space, let last = result.last, last.kind != .space {
                result[result.count - 1].text += token.text
                result[result.count - 1].range = last.range.lowerBound..<token.range.upperBound
            } else {
                result.append(token)
            }
        }
        return result
    }

    static func classify(ascii: UInt8) -> Token.Kind {
        switch ascii {
        case 0x20, 0x09, 0x0A, 0x0D: return .space
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .word
        default: return .punctuation
        }
    }

    private static func classify(_ character: Character) -> Token.Kind {
        // Most text is ASCII: decide those from the byte, without Unicode property lookups.
        if let ascii = character.asciiValue { return classify(ascii: ascii) }
        if character.isWhitespace { return .space }
        if character.isLetter || character.isNumber || character.unicodeScalars.first?.properties.generalCategory == .nonspacingMark {
            return .word
        }
        // Emoji and other symbols behave like words: they carry meaning.
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0x238C }) {
            return .word
        }
        return .punctuation
    }
}
