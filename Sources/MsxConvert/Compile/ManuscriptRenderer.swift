import Foundation
import MsxModel

extension Manuscript {
    /// The manuscript as the bytes of a file of `format`.
    public func renderedData(as format: CompileFormat) throws -> Data { try format.renderer.render(self) }

    /// The manuscript as the bytes of a file of `format`, and every warning about what it could not carry.
    public func rendered(as format: CompileFormat) throws -> (data: Data, warnings: [String]) {
        let (data, found) = try format.renderer.renderReporting(self)
        return (data, warnings(for: format) + found)
    }

    /// The manuscript as HTML (`compile --format html`).
    func htmlPage() -> [UInt8] { HTMLPage.renderUTF8(paragraphs(), title: title, annotations: annotations) }

    /// The annotations of every document compiled, by id.
    var annotations: [String: Annotation] {
        var all: [String: Annotation] = [:]
        for part in parts { if case .document(_, let document) = part { all.merge(document.annotations) { a, _ in a } } }
        return all
    }

    /// Plain text, one paragraph per line with a blank line between (as `import` reads text back).
    func plainText() -> String {
        paragraphs().map { PlainText.render([$0]).trimmingTrailingNewlines() }.joined(separator: "\n\n") + "\n"
    }

    /// CommonMark + GFM: the documents' own Markdown (front matter left out), folder titles as headings and the
    /// scene separator escaped so that it reads as text, not markup.
    func markdown() -> String {
        var blocks: [String] = []
        if hasTitlePage {
            blocks.append("**" + escapedLine(title) + "**")
            blocks.append("by " + escapedLine(author))
            blocks.append("about \(NumberText.grouped(approximateWordCount)) words")
            blocks.append("---")
        }
        func heading(_ text: String, level: Int) {
            var line = escapedLine(text)
            // "Part #" would lose its "#": a heading's closing sequence is not text.
            if let closing = line.range(of: " #+$", options: .regularExpression) {
                line.insert("\\", at: line.index(after: closing.lowerBound))
            }
            blocks.append(String(repeating: "#", count: level) + " " + line)
        }
        let headings = layoutHeadings()
        for (index, part) in parts.enumerated() {
            switch part {
            case .heading:
                if let laid = headings[index], let text = laid.text { heading(text, level: laid.level) }
            case .separator(let text):
                blocks.append(escapedLine(text))
            case .document(_, let document):
                if let laid = headings[index], let text = laid.text { heading(text, level: laid.level) }
                let markdown = smartQuotes ? document.markdown.withSmartQuotes() : document.markdown
                let body = String(decoding: markdown.source[markdown.frontMatterLength...], as: UTF8.self)
                blocks.append(body.trimmingTrailingNewlines())
                // A code fence a document leaves open must not swallow the documents after it.
                if let fence = Self.unclosedFence(in: body) { blocks[blocks.count - 1] += "\n" + fence }
            }
        }
        if preset == .manuscript && !parts.isEmpty { blocks.append("END") }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The closing fence for a fenced code block still open at the end of `markdown`, if there is one.
    static func unclosedFence(in markdown: String) -> String? {
        var open: (character: Character, length: Int)?
        for line in markdown.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var rest = line[...]
            var indent = 0
            while indent < 4, rest.first == " " { rest = rest.dropFirst(); indent += 1 }
            guard indent < 4, let first = rest.first, first == "`" || first == "~" else { continue }
            let run = rest.prefix { $0 == first }.count
            guard run >= 3 else { continue }
            let after = rest.dropFirst(run)
            if let current = open {
                if first == current.character, run >= current.length, after.allSatisfy(\.isWhitespace) { open = nil }
            } else if first == "~" || !after.contains("`") {
                open = (first, run)
            }
        }
        return open.map { String(repeating: String($0.character), count: $0.length) }
    }

    /// A title or separator as one line of Markdown text.
    private func escapedLine(_ text: String) -> String {
        let units = Array(text.utf16)
        let line = smartQuotes ? SmartQuotes.apply(SmartQuotes.edits(in: units), to: units) : text
        return MarkdownEscaping.escape(line[...], startsLine: true, endsLine: true, mode: .readable)
    }
}

extension MarkdownDocument {
    /// The same Markdown with typographic punctuation in its text (code, addresses and markup untouched): each straight
    /// quote, `--` or `...` that is written as itself in the file is replaced where it stands.
    func withSmartQuotes() -> MarkdownDocument {
        let mapped = MarkdownDocument(bytes: source, sourceMap: true)
        var edits: [(Range<Int>, [UInt8])] = []
        for block in mapped.blocks where block.kind != .codeBlock && block.kind != .htmlBlock {
            guard let sources = block.sourceRanges else { continue }
            let units = Array(block.text.utf16)
            let untouched = block.spans.filter { span in
                if span.attribute == .code { return true }
                guard case .link = span.attribute else { return false }
                return SmartQuotes.looksLikeURL(block.text.utf16Slice(span.range.lowerBound, span.range.upperBound)[...])
            }.map(\.range)
            for edit in SmartQuotes.edits(in: units, isProtected: { offset in untouched.contains { $0.contains(offset) } }) {
                let bytes = edit.range.map { sources[$0] }
                let literal = zip(edit.range, bytes).allSatisfy { offset, range in
                    range.count == 1 && UInt16(source[range.lowerBound]) == units[offset]
                }
                guard literal, let first = bytes.first, let last = bytes.last, last.upperBound - first.lowerBound == bytes.count else {
                    continue
                }
                edits.append((first.lowerBound..<last.upperBound, Array(edit.text.utf8)))
            }
        }
        guard !edits.isEmpty else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(source.count + edits.count * 2)
        var position = 0
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) where range.lowerBound >= position {
            out += source[position..<range.lowerBound]
            out += replacement
            position = range.upperBound
        }
        out += source[position...]
        return MarkdownDocument(bytes: out, sourceMap: false)
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self[...]
        while s.last?.isNewline == true { s = s.dropLast() }
        return String(s)
    }
}
