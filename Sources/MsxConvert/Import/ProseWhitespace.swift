import MsxModel

/// White space at the edges of an imported paragraph's lines, which Markdown strips, said the way the format can
/// say it instead of as character references (`&#32;`, `&#9;`, `&#8232;`), so that the file reads as prose:
/// - line breaks before the first line or after the last are space before or after the paragraph;
/// - spaces and tabs at the end of a line show nothing, and go;
/// - tabs and spaces before the first line's words are its first-line indent;
/// - spaces before a later line's words (verse set in) are no-break spaces, which Markdown keeps.
/// Code blocks and table rows keep theirs.
enum ProseWhitespace {
    /// The indent a leading tab gives: a word processor's default tab stop, half an inch.
    static let tabIndent = 36.0
    /// The indent a leading space gives, about a space's width in a book face.
    static let spaceIndent = 3.0

    static func tidied(_ paragraph: ImportedParagraph) -> ImportedParagraph {
        guard !paragraph.isCodeBlock, paragraph.tableRow == nil, paragraph.attributes[.kind] == nil else { return paragraph }
        var p = paragraph
        var units = Array(p.text.utf16)
        guard units.contains(where: { $0 != 0x2028 && !isBlank($0) }) else {
            p.removeText(in: 0..<units.count)
            return p
        }
        // Breaks at the edges: the paragraph's spacing.
        let lineHeight = (p.runs.first?.attributes[.fontSize]?.numberValue ?? 12) * 1.2
        let trailing = units.count - (units.lastIndex { $0 != 0x2028 }! + 1)
        p.removeText(in: (units.count - trailing)..<units.count)
        let leading = units.prefix { $0 == 0x2028 }.count
        p.removeText(in: 0..<leading)
        if leading > 0 { p.attributes[.paragraphSpacingBefore] = .number((p.attributes[.paragraphSpacingBefore]?.numberValue ?? 0) + Double(leading) * lineHeight) }
        if trailing > 0 { p.attributes[.paragraphSpacing] = .number((p.attributes[.paragraphSpacing]?.numberValue ?? 0) + Double(trailing) * lineHeight) }
        // Blanks at the end of each line, from the last line back so that earlier offsets hold.
        units = Array(p.text.utf16)
        for end in (units.indices.filter { units[$0] == 0x2028 } + [units.count]).reversed() {
            var start = end
            while start > 0, isBlank(units[start - 1]) { start -= 1 }
            if start < end { p.removeText(in: start..<end) }
        }
        // Blanks before the first line's words: its indent.
        units = Array(p.text.utf16)
        let indent = units.prefix(while: isBlank)
        if !indent.isEmpty {
            let points = indent.reduce(0.0) { $0 + ($1 == 0x09 ? tabIndent : spaceIndent) }
            p.attributes[.firstLineHeadIndent] = .number((p.attributes[.firstLineHeadIndent]?.numberValue ?? 0) + points)
            p.removeText(in: 0..<indent.count)
        }
        // Spaces before a later line's words: no-break spaces (a tab there keeps its character reference).
        units = Array(p.text.utf16)
        var afterBreak = false
        for i in units.indices {
            if units[i] == 0x2028 { afterBreak = true; continue }
            guard afterBreak, units[i] == 0x20 else { afterBreak = false; continue }
            units[i] = 0xA0
        }
        p.text = String(decoding: units, as: UTF16.self)
        return p
    }

    private static func isBlank(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }
}
