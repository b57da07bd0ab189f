import MsxModel

/// Reads a Fountain screenplay (fountain.io's syntax) into paragraphs with the screenplay template's styles:
/// scene headings as level-2 headings, `Character`, `Parenthetical`, `Dialogue` and `Transition` paragraphs,
/// action as body text (its line breaks kept), sections as headings of their depth, centred lines centred, `===`
/// a page break before what follows, the title page as `Title Page` paragraphs (`Key: value`), and `**bold**`,
/// `*italic*` and `_underline_` as formatting. Notes (`[[...]]`) stay in the text; boneyard (`/* ... */`) and
/// synopses (`= ...`), which Fountain never prints, are left out.
enum FountainReader {
    static func read(_ source: String) -> ImportedDocument {
        var text = source.hasPrefix("\u{FEFF}") ? String(source.dropFirst()) : source
        text = text.replacing(/(?s)\/\*.*?\*\//, with: "")
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var paragraphs = titlePage(&lines)
        var breakPending = false
        func add(_ element: ScreenplayElement?, _ body: String, heading: Int? = nil, alignment: String? = nil) {
            var paragraph = inline(body)
            if let style = element?.styleName { paragraph.attributes[.style] = .string(style) }
            if let alignment { paragraph.attributes[.alignment] = .string(alignment) }
            if breakPending { paragraph.attributes[.pageBreakBefore] = true }
            paragraph.headingLevel = heading
            paragraphs.append(paragraph)
            breakPending = false
        }
        for block in blocks(lines) {
            let first = block[0].trimmingCharacters(in: .whitespaces)
            if block.count == 1 {
                if first.wholeMatch(of: /={3,}/) != nil { breakPending = true; continue }
                if first.hasPrefix("=") { continue }
                if let hashes = first.firstMatch(of: /^(#{1,6})\s*(.*)$/) {
                    add(nil, String(hashes.2), heading: hashes.1.count)
                    continue
                }
                if first.hasPrefix("."), !first.hasPrefix("..") { add(nil, String(first.dropFirst()), heading: 2); continue }
                if ScreenplayElement.looksLikeSceneHeading(first) { add(nil, first, heading: 2); continue }
                if first.hasPrefix(">"), first.hasSuffix("<") {
                    add(nil, String(first.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces), alignment: "center")
                    continue
                }
                if first.hasPrefix(">") { add(.transition, String(first.dropFirst()).trimmingCharacters(in: .whitespaces)); continue }
                if first == first.uppercased(), first.hasSuffix("TO:") { add(.transition, first); continue }
            }
            if block.count > 1, first.hasPrefix("@") || (first == first.uppercased() && first.contains(where: \.isLetter) && !first.hasPrefix("!")) {
                var cue = first.hasPrefix("@") ? String(first.dropFirst()) : first
                if cue.hasSuffix("^") { cue = String(cue.dropLast()).trimmingCharacters(in: .whitespaces) }
                add(.character, cue)
                var speech: [String] = []
                func flushSpeech() {
                    if !speech.isEmpty { add(.dialogue, speech.joined(separator: "\u{2028}")) }
                    speech = []
                }
                for line in block.dropFirst() {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.hasPrefix("("), trimmed.hasSuffix(")") {
                        flushSpeech()
                        add(.parenthetical, trimmed)
                    } else {
                        speech.append(trimmed)
                    }
                }
                flushSpeech()
                continue
            }
            var action = block
            if action[0].hasPrefix("!") { action[0].removeFirst() }
            add(nil, action.joined(separator: "\u{2028}"))
        }
        return ImportedDocument(paragraphs: paragraphs, styles: ScreenplayElement.styles)
    }

    /// The title page's `Key: value` entries (a value on indented lines below its key is one entry), taken off
    /// the front of `lines` when the file opens with one.
    private static func titlePage(_ lines: inout [String]) -> [ImportedParagraph] {
        guard let first = lines.first, first.firstMatch(of: /^[A-Za-z][A-Za-z ]*:/) != nil,
              !ScreenplayElement.looksLikeSceneHeading(first) else { return [] }
        var entries: [String] = []
        var consumed = 0
        for line in lines {
            consumed += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            if line.first == " " || line.first == "\t", !entries.isEmpty {
                let value = line.trimmingCharacters(in: .whitespaces)
                entries[entries.count - 1] += (entries[entries.count - 1].hasSuffix(":") ? " " : "\u{2028}") + value
            } else {
                entries.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        lines.removeFirst(consumed)
        return entries.map { entry in
            var paragraph = ImportedParagraph(text: entry)
            paragraph.attributes[.style] = "Title Page"
            return paragraph
        }
    }

    /// The lines in blocks between blank lines (a line of two spaces, Fountain's blank line inside dialogue, is
    /// kept in its block as an empty line).
    private static func blocks(_ lines: [String]) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String] = []
        for line in lines {
            if line == "  " { current.append(""); continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !current.isEmpty { blocks.append(current) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    /// Text with Fountain's emphasis read into runs: `***bold italic***`, `**bold**`, `*italic*`, `_underline_`;
    /// a backslash keeps the next character as it is.
    static func inline(_ source: String) -> ImportedParagraph {
        var text = ""
        var runs: [ImportedRun] = []
        var bold = false, italic = false, underline = false
        var runStart = 0
        var length = 0
        func closeRun() {
            if length > runStart {
                runs.append(ImportedRun(range: runStart..<length, attributes: [.bold: .bool(bold), .italic: .bool(italic),
                                                                             .underline: underline ? "single" : .null]))
            }
            runStart = length
        }
        let characters = Array(source)
        var index = 0
        // A mark opens only where its closing one follows on the same line (Fountain's rule), else it is text.
        func closes(_ mark: String, from start: Int) -> Bool {
            let rest = String(characters[start...])
            guard let end = rest.range(of: mark) else { return false }
            return !rest[..<end.lowerBound].contains("\n") && !rest[..<end.lowerBound].contains("\u{2028}")
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                text.append(characters[index + 1])
                length += characters[index + 1].utf16.count
                index += 2
                continue
            }
            let ahead = String(characters[index..<min(characters.count, index + 2)])
            if ahead == "**", bold || closes("**", from: index + 2) {
                closeRun(); bold.toggle(); index += 2; continue
            }
            if character == "*", italic || closes("*", from: index + 1) {
                closeRun(); italic.toggle(); index += 1; continue
            }
            if character == "_", underline || closes("_", from: index + 1) {
                closeRun(); underline.toggle(); index += 1; continue
            }
            text.append(character)
            length += character.utf16.count
            index += 1
        }
        closeRun()
        let formatted = runs.contains { $0.attributes[.bold] == true || $0.attributes[.italic] == true || $0.attributes[.underline] != .null }
        return ImportedParagraph(text: text, runs: formatted ? runs : [])
    }
}
