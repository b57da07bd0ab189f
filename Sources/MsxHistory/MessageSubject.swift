extension String {
    /// The subject of a commit or tag message: its first line that is not empty, without its line break ("\n" or
    /// "\r\n"). Found by its bytes: a log reads one per version, and splitting the message by characters cost it a
    /// tenth of its work (and never broke a line at "\r\n", which is one character).
    var messageSubject: String {
        var rest = utf8[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = rest[..<end].last == UInt8(ascii: "\r") ? rest[..<end].dropLast() : rest[..<end]
            if !line.isEmpty { return String(Substring(line)) }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        return ""
    }
}
