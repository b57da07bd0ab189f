/// What a reader sees of a raw HTML block: its text without tags and comments, entities decoded, white space
/// collapsed to single spaces (docs/format.md 5.2). It is the block's text for counting, searching, diffing and
/// formatting; compile to HTML passes the raw block through.
enum HTMLText {
    static func readable(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var scalars: [Unicode.Scalar] = []
        var i = 0
        func starts(with prefix: String, at index: Int) -> Bool {
            let p = Array(prefix.utf8)
            return index + p.count <= bytes.count && Array(bytes[index..<index + p.count]) == p
        }
        var text: [UInt8] = []
        func flushText() {
            scalars += String(decoding: text, as: UTF8.self).unicodeScalars
            text = []
        }
        while i < bytes.count {
            if starts(with: "<!--", at: i) {
                flushText()
                var j = i + 4
                while j < bytes.count, !starts(with: "-->", at: j) { j += 1 }
                i = min(bytes.count, j + 3)
                scalars.append(" ")
            } else if bytes[i] == 0x3C, i + 1 < bytes.count, bytes[i + 1] == 0x2F || bytes[i + 1] == 0x21 || bytes[i + 1] == 0x3F
                        || (0x41...0x5A).contains(bytes[i + 1]) || (0x61...0x7A).contains(bytes[i + 1]) {
                flushText()
                var j = i + 1
                var quote: UInt8?
                while j < bytes.count {
                    if let q = quote { if bytes[j] == q { quote = nil } } else if bytes[j] == 0x22 || bytes[j] == 0x27 { quote = bytes[j] } else if bytes[j] == 0x3E { break }
                    j += 1
                }
                i = min(bytes.count, j + 1)
                scalars.append(" ")
            } else if bytes[i] == 0x26, let end = bytes[i...].prefix(40).firstIndex(of: 0x3B),
                      let decoded = HTMLEntity.decode(bytes[i...end]) {
                flushText()
                scalars += decoded
                i = end + 1
            } else {
                text.append(bytes[i])
                i += 1
            }
        }
        flushText()
        var result = ""
        var space = false
        for scalar in scalars {
            if scalar.properties.isWhitespace {
                space = !result.isEmpty
            } else {
                if space { result += " " }
                result.unicodeScalars.append(scalar)
                space = false
            }
        }
        return result
    }
}
