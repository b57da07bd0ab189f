/// Human output made safe for a terminal: a title, path or message holding control characters (an escape
/// sequence that moves the cursor, retitles the window or writes the clipboard; a carriage return that overwrites
/// the line) shows them escaped (`\e[2J`, `\r`, `\x07`, `\u009b`). Tabs and line feeds stay; so do the colour
/// sequences msx paints (`ESC [ digits ; ... m`) when colour is on.
enum TerminalSafeText {
    static func escaped(_ text: String, keepingColour: Bool) -> String {
        guard holdsControl(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if keepingColour, scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: i) {
                result.append(contentsOf: scalars[i...end])
                i = end + 1
                continue
            }
            if isControl(scalar) { result.append(contentsOf: shown(scalar).unicodeScalars) } else { result.append(scalar) }
            i += 1
        }
        return String(result)
    }

    /// Whether `text` holds a control character, read over its UTF-8 (every line msx prints is): a byte below 0x20
    /// but tab and line feed, DEL, or a C1 control (C2 80 to C2 9F). Eight bytes that are all printable ASCII are
    /// passed over at once: most of a book's text is.
    private static func holdsControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                if i + 8 <= bytes.count, isPrintableASCII(UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
                let byte = bytes[i]
                if byte < 0x20 || byte == 0x7F || byte == 0xC2,
                   byte == 0xC2 ? i + 1 < bytes.count && bytes[i + 1] < 0xA0 : byte != 0x0A && byte != 0x09 {
                    return true
                }
                i += 1
            }
            return false
        }
    }

    /// Whether every byte of `word` is from 0x20 to 0x7E: none has its high bit, and each is lifted to 0x80 or more by
    /// adding 0x60 (it is 0x20 or more) but not by adding 0x01 (it is not 0x7F); no byte carries into the next.
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        return (word &+ 0x6060_6060_6060_6060) & ~(word &+ 0x0101_0101_0101_0101) & high == high
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    /// The end of a colour sequence (`ESC [ 0-9 ; ... m`) starting at `start`, or nil when it is not one.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var i = start + 2
        while i < scalars.count, ("0"..."9").contains(scalars[i]) || scalars[i] == ";" { i += 1 }
        return i < scalars.count && scalars[i] == "m" ? i : nil
    }

    private static func shown(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\u{1B}": "\\e"
        case "\r": "\\r"
        default: scalar.value < 0x80 ? "\\x" + String(scalar.value, radix: 16, width: 2) : "\\u" + String(scalar.value, radix: 16, width: 4)
        }
    }
}
