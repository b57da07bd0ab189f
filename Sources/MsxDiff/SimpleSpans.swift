extension Tokenizer {
    /// The tokens `spans(_:_:by:)` cuts plain prose into by words (`scanSimple`'s reading, white space joined to the
    /// piece before it), read from `units[range]` in one loop: the word diff reads every unit of every changed
    /// paragraph this way, and a closure and a joiner per piece cost more than the reading. Nil for any other text
    /// (a scalar that does not stand alone, one beyond the Basic Multilingual Plane).
    static func simpleSpans(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> [TokenSpan]? {
        var spans: [TokenSpan] = []
        // The piece read last, held until the next shows whether white space joins it.
        var held: TokenSpan?
        func add(_ kind: Token.Kind, _ place: Range<Int>) {
            if kind == .space, let last = held, last.kind != .space {
                held = TokenSpan(kind: last.kind, range: last.range.lowerBound..<place.upperBound)
                return
            }
            if let last = held { spans.append(last) }
            held = TokenSpan(kind: kind, range: place)
        }
        var current: Token.Kind?
        var start = range.lowerBound, index = range.lowerBound
        while index < range.upperBound {
            let unit = units[index]
            let kind: Token.Kind
            if unit < 0x80 {
                kind = classify(ascii: UInt8(unit))
            } else {
                guard unit & 0xF800 != 0xD800, let known = standaloneKind(UInt32(unit)) else { return nil }
                kind = known
            }
            if kind == .punctuation {
                // "don't": the apostrophe stays in the word; any other mark is a piece of its own.
                if (unit == 0x27 || unit == 0x2019) && current == .word {
                    index += 1
                    continue
                }
                if let current, index > start { add(current, start..<index) }
                add(.punctuation, index..<(index + 1))
                current = nil
                index += 1
                start = index
                continue
            }
            if kind != current {
                if let current, index > start { add(current, start..<index) }
                current = kind
                start = index
            }
            index += 1
            // The rest of a run of ASCII letters and digits, or of ASCII white space, continues the piece.
            while index < range.upperBound, units[index] < 0x80, classify(ascii: UInt8(units[index])) == kind { index += 1 }
        }
        if let current, range.upperBound > start { add(current, start..<range.upperBound) }
        if let last = held { spans.append(last) }
        return spans
    }
}
