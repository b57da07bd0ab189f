/// A Markdown file cut into its blocks: stretches of non-blank lines, each followed by the line breaks and blank
/// lines that part it from the next. Joining the pieces gives the file back byte for byte.
struct SourceBlocks {
    /// Blank lines before the first block.
    var prefix: String
    /// Each block's text, without the line break that ends it.
    var blocks: [String]
    /// What follows each block: its line break and the blank lines after it ("" for a last line with no break).
    var separators: [String]

    init(_ source: String) {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // "a\n" splits into ["a", ""]: the last piece is what follows the last line break.
        let tail = lines.removeLast()
        prefix = ""
        blocks = []
        separators = []
        var current: [String] = []
        var gap = ""
        func close() {
            guard !current.isEmpty else { return }
            blocks.append(current.joined(separator: "\n"))
            separators.append("")
            current = []
        }
        for line in lines {
            if Self.isBlank(line) {
                close()
                if blocks.isEmpty { prefix += line + "\n" } else { gap += line + "\n" }
            } else {
                if current.isEmpty, !blocks.isEmpty { separators[separators.count - 1] = "\n" + gap; gap = "" }
                current.append(line)
            }
        }
        if Self.isBlank(tail) {
            close()
            if blocks.isEmpty { prefix += tail } else { separators[separators.count - 1] = "\n" + gap + tail }
        } else {
            if current.isEmpty, !blocks.isEmpty { separators[separators.count - 1] = "\n" + gap }
            current.append(tail)
            close()
        }
    }

    /// The file again.
    var source: String { prefix + zip(blocks, separators).map { $0 + $1 }.joined() }

    private static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
}
