import Foundation

/// What formatting did to a document, as data; front ends word it.
public enum FormatEvent: Sendable, Equatable {
    /// A character attribute was set to `value` (`.null`: removed) on `text`, in paragraph `paragraph` (from 0).
    case character(AttributeKey, JSONValue, text: String, paragraph: Int)
    /// A paragraph attribute's resolved value went from `before` to `after`.
    case paragraph(AttributeKey, before: JSONValue, after: JSONValue, paragraph: Int)
}

/// Applies formatting to a document: Markdown where Markdown can say it (spliced into the writer's bytes), the
/// sidecar for everything else.
package struct DocumentFormatter {
    let styles: StyleSheet
    private(set) var document: RichDocument
    private(set) var markdown: MarkdownDocument
    package private(set) var events: [FormatEvent] = []

    package init(document: RichDocument, styles: StyleSheet) {
        self.document = document
        self.markdown = document.markdown
        self.styles = styles
    }

    /// The (paragraph, range) pieces a selection covers, widened to whole graphemes.
    package static func targets(of selection: FormatRequest.Selection, in texts: [String], title: String) throws -> [(Int, Range<Int>)] {
        switch selection {
        case .paragraphs(let numbers):
            guard numbers.lowerBound >= 1, numbers.upperBound <= texts.count else {
                throw MsxError(.noSuchParagraph, "'\(title)' has \(texts.count) paragraph\(texts.count == 1 ? "" : "s"); there is no paragraph \(numbers.upperBound > texts.count ? numbers.upperBound : numbers.lowerBound)")
            }
            return numbers.map { ($0 - 1, 0..<texts[$0 - 1].utf16.count) }
        case .range(let range):
            var pieces: [(Int, Range<Int>)] = []
            var start = 0
            let total = texts.reduce(0) { $0 + $1.utf16.count } + max(0, texts.count - 1)
            guard range.lowerBound >= 0, range.upperBound <= total, !range.isEmpty else {
                throw MsxError(.invalidRange, "range \(range.lowerBound)-\(range.upperBound) is outside '\(title)' (0-\(total))")
            }
            for (i, text) in texts.enumerated() {
                let length = text.utf16.count
                let lower = max(range.lowerBound, start), upper = min(range.upperBound, start + length)
                if lower < upper { pieces.append((i, text.widenedToGraphemes((lower - start)..<(upper - start)))) }
                start += length + 1
            }
            return pieces
        case .match(let needle, let occurrence):
            var found: [(Int, Range<Int>)] = []
            let length = needle.utf16.count
            for (i, text) in texts.enumerated() {
                for offset in text.utf16Occurrences(of: needle) {
                    found.append((i, text.widenedToGraphemes(offset..<offset + length)))
                }
            }
            switch occurrence {
            case _ where found.isEmpty:
                throw MsxError(.noMatch, "'\(needle)' does not occur in '\(title)'")
            case .all:
                return found
            case .number(let n):
                guard n >= 1, n <= found.count else {
                    throw MsxError(.noMatch, "'\(needle)' occurs \(found.count) time\(found.count == 1 ? "" : "s") in '\(title)'; there is no occurrence \(n)")
                }
                return [found[n - 1]]
            case .only:
                guard found.count == 1 else {
                    let places = found.prefix(5).map { "paragraph \($0.0 + 1)" }.joined(separator: ", ")
                    throw MsxError(.ambiguousMatch, "'\(needle)' occurs \(found.count) times in '\(title)' (\(places)\(found.count > 5 ? ", ..." : ""))")
                }
                return found
            }
        }
    }

    /// Applies the request to the selected pieces.
    package mutating func apply(_ request: FormatRequest, to targets: [(Int, Range<Int>)]) throws {
        for (key, value) in request.character.sorted(by: { $0.key < $1.key }) {
            for (paragraph, range) in targets { try applyCharacter(key, value, paragraph: paragraph, range: range) }
        }
        var seen = Set<Int>()
        let paragraphs = targets.map(\.0).filter { seen.insert($0).inserted }
        for (key, value) in request.paragraph.sorted(by: { $0.key < $1.key }) {
            for paragraph in paragraphs { try applyParagraph(key, value, paragraph: paragraph) }
        }
    }

    // MARK: Character attributes

    private mutating func applyCharacter(_ key: AttributeKey, _ value: JSONValue, paragraph: Int, range: Range<Int>) throws {
        let text = markdown.blocks[paragraph].text
        let words = text.utf16Slice(range.lowerBound, range.upperBound)
        let inline: InlineAttribute? = [.bold: .bold, .italic: .italic, .strikethrough: .strikethrough][key]
        if let inline, let on = value.boolValue {
            let editor = InlineMarkupEditor(document: markdown, paragraph: paragraph)
            if let trimmedRange = trimmed(range, in: text), let result = editor.set(inline, on, over: trimmedRange) {
                markdown = result
                document.formatting.paragraphs[paragraph].set([key: .null], over: range)
                // A style can still say otherwise (headings are bold): then the sidecar states it outright.
                if resolvedRuns(paragraph: paragraph).contains(where: { $0.range.overlaps(trimmedRange) && $0.attributes[key] != .bool(on) }) {
                    document.formatting.paragraphs[paragraph].set([key: .bool(on)], over: trimmedRange)
                }
            } else {
                // Markdown cannot say it here (inside code, or flanking rules): the sidecar carries it.
                document.formatting.paragraphs[paragraph].set([key: .bool(on)], over: range)
            }
            events.append(.character(key, .bool(on), text: words, paragraph: paragraph))
            return
        }
        document.formatting.paragraphs[paragraph].set([key: value], over: range)
        events.append(.character(key, value, text: words, paragraph: paragraph))
    }

    // MARK: Paragraph attributes

    private mutating func applyParagraph(_ key: AttributeKey, _ value: JSONValue, paragraph: Int) throws {
        let before = resolvedAttribute(key, paragraph: paragraph)
        switch key {
        case .style: try applyStyle(value.stringValue, paragraph: paragraph)
        case .listFormat: applyListFormat(value.stringValue.flatMap(ListFormat.init(rawValue:)) ?? .none, paragraph: paragraph)
        case .checklist: applyChecklist(value.stringValue, paragraph: paragraph)
        default: document.formatting.paragraphs[paragraph].attributes = document.formatting.paragraphs[paragraph].attributes.overlaid(with: [key: value])
        }
        let after = resolvedAttribute(key, paragraph: paragraph)
        if before != after {
            events.append(.paragraph(key, before: before, after: after, paragraph: paragraph))
        }
    }

    private mutating func applyStyle(_ requested: String?, paragraph: Int) throws {
        let name = requested ?? "Body"
        guard let (styleName, _) = styles.style(named: name) else {
            throw MsxError(.unknownStyle, "no style named '\(name)' (styles: \(styles.styles.keys.sorted().joined(separator: ", ")))")
        }
        let editor = BlockMarkupEditor(document: markdown, paragraph: paragraph)
        var result: MarkdownDocument?
        switch styleName {
        case "Heading 1", "Heading 2", "Heading 3":
            result = editor.setHeading(Int(String(styleName.last!)))
        case "Block Quote":
            result = editor.setQuoted(true)
        case "Body":
            result = editor.setHeading(nil).flatMap { BlockMarkupEditor(document: $0, paragraph: paragraph).setQuoted(false) }
        default:
            result = nil
        }
        if let result {
            markdown = result
            document.formatting.paragraphs[paragraph].attributes[.style] = nil
        } else {
            document.formatting.paragraphs[paragraph].attributes[.style] = .string(styleName)
        }
    }

    private mutating func applyListFormat(_ format: ListFormat, paragraph: Int) {
        let editor = BlockMarkupEditor(document: markdown, paragraph: paragraph)
        if format != .none, let result = editor.makeListItem(ordered: format.isOrdered) {
            markdown = result
            let markdownSays = format == .decimal || format == .bulletSymbols
            document.formatting.paragraphs[paragraph].attributes[.listFormat] = markdownSays ? nil : .string(format.rawValue)
        } else {
            document.formatting.paragraphs[paragraph].attributes[.listFormat] = .string(format.rawValue)
        }
    }

    private mutating func applyChecklist(_ state: String?, paragraph: Int) {
        guard let state else {
            document.formatting.paragraphs[paragraph].attributes[.checklist] = nil
            return
        }
        if let result = BlockMarkupEditor(document: markdown, paragraph: paragraph).setChecked(state == "checked") {
            markdown = result
            document.formatting.paragraphs[paragraph].attributes[.checklist] = nil
        } else {
            document.formatting.paragraphs[paragraph].attributes[.checklist] = .string(state)
        }
    }

    /// The paragraph as `show` would report it now.
    private func resolvedParagraph(_ paragraph: Int) -> ResolvedParagraph {
        result.resolved(paragraph: paragraph, with: styles)
    }

    private func resolvedRuns(paragraph: Int) -> [ResolvedRun] { resolvedParagraph(paragraph).runs }

    /// The resolved value of a paragraph attribute, as `show` would report it.
    private func resolvedAttribute(_ key: AttributeKey, paragraph: Int) -> JSONValue {
        let block = markdown.blocks[paragraph]
        let resolved = resolvedParagraph(paragraph)
        if key == .style, case .heading(let level, _) = block.kind { return .string("Heading \(level)") }
        return resolved.attributes[key] ?? .null
    }

    /// The document after all changes.
    package var result: RichDocument { RichDocument(markdown: markdown, formatting: document.formatting, keeping: document) }
}
