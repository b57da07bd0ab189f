import Foundation

/// Where a long Markdown file can be cut so that cmark reads each piece on its own and finds the same blocks: only
/// cmark's tree of one piece is then held at a time (it takes about 20 bytes for every byte of emphasis-rich prose).
///
/// A cut goes before a line that starts, at its first column, with a letter (or any non-ASCII character) after a
/// blank line, outside a fenced code block: such a line begins a paragraph at the top of the document whatever came
/// before (a blank line ends paragraphs and tables; an unindented line ends lists, block quotes and indented code; a
/// letter begins no other block). A file with link reference definitions (they reach across the whole file), lines
/// that may begin HTML blocks, or fences inside list items or quotes (they end where their container ends) is read
/// whole.
enum MarkdownChunks {
    /// The size a piece grows to before it is cut at the next place it can be.
    static let size = 256 * 1024

    /// Consecutive byte ranges, from `start` to the end of `bytes`, each beginning at a line start.
    static func ranges(_ bytes: [UInt8], from start: Int, lineStarts: [Int], size: Int = size) -> [Range<Int>] {
        let whole = [start..<bytes.count]
        guard bytes.count - start > size else { return whole }
        var cuts: [Int] = []
        var pieceStart = start
        var fence: (byte: UInt8, length: Int)?
        var previousBlank = false
        let hasCarriageReturns = bytes.withUnsafeBytes { memchr($0.baseAddress! + start, 0x0D, $0.count - start) != nil }
        for (index, lineStart) in lineStarts.enumerated() where lineStart >= start && lineStart < bytes.count {
            let end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
            let line = bytes[lineStart..<end]
            // A carriage return alone ends a line for cmark but not in msx's line table: such a file is read whole,
            // so that cmark's line numbers stay what they always were.
            if hasCarriageReturns, let cr = line.firstIndex(of: 0x0D), cr + 1 < line.endIndex ? line[cr + 1] != 0x0A : end == bytes.count {
                return whole
            }
            let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            let indent = line.prefix { $0 == 0x20 }.count
            let content = line.dropFirst(min(indent, 3))
            let inner = withoutContainerMarkers(line)
            if let open = fence {
                if indent <= 3, run(of: open.byte, in: content) >= open.length,
                   content.dropFirst(run(of: open.byte, in: content)).allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                    fence = nil
                }
            } else if opensFence(inner) {
                // A fence inside a list item or a quote ends where its container ends, which only cmark knows.
                guard indent <= 3, inner.startIndex == content.startIndex else { return whole }
                fence = (content.first!, run(of: content.first!, in: content))
            } else if readsWhole(content) {
                return whole
            } else if previousBlank, lineStart - pieceStart >= size, let first = line.first, startsParagraph(first) {
                cuts.append(lineStart)
                pieceStart = lineStart
            }
            previousBlank = blank && fence == nil
        }
        let bounds = [start] + cuts + [bytes.count]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// The line without its indentation and any block quote or list markers before its content.
    private static func withoutContainerMarkers(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = line
        while true {
            rest = rest.drop { $0 == 0x20 || $0 == 0x09 }
            guard let first = rest.first else { return rest }
            if first == UInt8(ascii: ">") {
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            let markerLength = [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*")].contains(first) ? 1
                : (1...9).contains(digits) && [UInt8(ascii: "."), UInt8(ascii: ")")].contains(rest.dropFirst(digits).first ?? 0) ? digits + 1 : 0
            let after = rest.dropFirst(markerLength).first
            guard markerLength > 0, after == 0x20 || after == 0x09 else { return rest }
            rest = rest.dropFirst(markerLength)
        }
    }

    /// Three or more backticks or tildes.
    private static func opensFence(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return false }
        return run(of: first, in: text) >= 3
    }

    /// How many times `byte` repeats at the start of `text`.
    private static func run(of byte: UInt8, in text: ArraySlice<UInt8>) -> Int {
        text.prefix { $0 == byte }.count
    }

    private static func startsParagraph(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte >= 0x80
    }

    /// A link reference definition, or a line that may start an HTML block (inside one, a line can look like a fence
    /// and not be one).
    private static func readsWhole(_ content: ArraySlice<UInt8>) -> Bool {
        guard let first = content.first else { return false }
        if first == UInt8(ascii: "<") { return true }
        guard first == UInt8(ascii: "["), let close = content.firstIndex(of: UInt8(ascii: "]")) else { return false }
        return content.index(after: close) < content.endIndex && content[content.index(after: close)] == UInt8(ascii: ":")
    }
}
