extension String {
    /// Hands each line of a commit or tag message to `body`, without its line break ("\n" or "\r\n"), until `body`
    /// returns false; a message ending in a line break ends with an empty line. Lines are found by their bytes: a
    /// log reads one subject per version, where splitting by characters is slow, and "\r\n" is one
    /// character, so a split at "\n" characters never broke such a line.
    func forEachMessageLine(_ body: (Substring) -> Bool) {
        var rest = utf8[...]
        while true {
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = rest[..<end].last == UInt8(ascii: "\r") ? rest[..<end].dropLast() : rest[..<end]
            guard body(Substring(line)), end < rest.endIndex else { return }
            rest = rest[rest.index(after: end)...]
        }
    }

    /// The message's lines, without their line breaks.
    var messageLines: [Substring] {
        var lines: [Substring] = []
        forEachMessageLine { lines.append($0); return true }
        return lines
    }

    /// The subject of a commit or tag message: its first line that is not empty.
    package var messageSubject: String {
        var subject = ""
        forEachMessageLine { line in
            if !line.isEmpty { subject = String(line) }
            return line.isEmpty
        }
        return subject
    }
}
