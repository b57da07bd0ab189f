import MsxModel

/// Turns an imported document into msx's own form: Markdown for what Markdown can say, a sidecar for the rest,
/// so that the document resolves to exactly the attributes the source gave it.
public struct ImportComposer: Sendable {
    /// The project's styles before the import.
    public let sheet: StyleSheet

    public init(sheet: StyleSheet) { self.sheet = sheet }

    /// The composed document and the named styles it uses that the project does not have yet.
    public struct Result {
        public var document: RichDocument
        public var newStyles: [String: Attributes]
        public var markdown: String { document.markdown.sourceText }
    }

    /// Styles other programs name differently from msx.
    static let bodyStyleNames: Set<String> = [
        "normal", "default", "standard", "body text", "text body", "default paragraph style", "body",
    ]

    public func compose(_ imported: ImportedDocument) throws -> Result {
        var sheet = self.sheet
        var newStyles: [String: Attributes] = [:]
        // Only the styles the text uses join the project (a word processor's stylesheet lists dozens).
        let used = Set(imported.paragraphs.compactMap { $0.attributes[.style]?.stringValue.map(canonicalStyleName) })
        for (name, attributes) in imported.styles {
            let canonical = canonicalStyleName(name)
            if used.contains(canonical), sheet.style(named: canonical) == nil {
                newStyles[canonical] = attributes
                sheet.styles[canonical] = attributes
            }
        }
        let paragraphs = ListContinuations.marked(imported.paragraphs.map(ProseWhitespace.tidied).filter { !$0.text.isEmpty }).map(normalized)
        let markdown = try verifiedMarkdown(paragraphs, sheet: sheet)
        var document = RichDocument(markdown: markdown, formatting: DocumentFormatting(paragraphCount: paragraphs.count))
        let plain = document
        let finalSheet = sheet
        document.formatting.paragraphs = Array(paragraphs.enumerated()).concurrentMap { index, paragraph in
            sidecarFormatting(paragraph, index: index, in: plain, sheet: finalSheet)
        }
        // The notes on this document's words (a part of a file split at headings keeps its own).
        let noted = Set(paragraphs.flatMap { $0.runs.flatMap { RichDocument.annotationIDs($0.attributes[.annotation]) } })
        document.annotations = imported.annotations.filter { noted.contains($0.key) }
        return Result(document: document, newStyles: newStyles)
    }

    /// "heading 2" → "Heading 2", Word's "Normal" → "Body", other names as the project spells them.
    func canonicalStyleName(_ name: String) -> String {
        let folded = name.lowercased()
        if Self.bodyStyleNames.contains(folded) { return "Body" }
        if folded.hasPrefix("heading "), let level = Int(folded.dropFirst(8)), (1...6).contains(level) { return "Heading \(level)" }
        return sheet.style(named: name)?.name ?? name
    }

    /// Style names made canonical; bold and italic dropped from spaces at the edges of a stretch (they do not show,
    /// and Markdown cannot place them there).
    private func normalized(_ paragraph: ImportedParagraph) -> ImportedParagraph {
        var p = paragraph
        if let style = p.attributes[.style]?.stringValue { p.attributes[.style] = .string(canonicalStyleName(style)) }
        // msx's own RTF marks code blocks; their line breaks are lines of code (same length in UTF-16).
        if p.attributes.removeValue(forKey: .kind) == "codeBlock" {
            p.isCodeBlock = true
            p.text = p.text.replacingOccurrences(of: "\u{2028}", with: "\n")
        }
        let units = Array(p.text.utf16)
        let isSpace: (UInt16) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x2028 }
        for key in [AttributeKey.bold, .italic] {
            var on = Array(repeating: false, count: units.count)
            for run in p.runs where run.attributes[key] == true {
                for i in max(0, run.range.lowerBound)..<min(units.count, run.range.upperBound) { on[i] = true }
            }
            var i = 0
            while i < units.count {
                guard on[i] else { i += 1; continue }
                var j = i
                while j < units.count, on[j] { j += 1 }
                var lower = i, upper = j
                while lower < upper, isSpace(units[lower]) { on[lower] = false; lower += 1 }
                while upper > lower, isSpace(units[upper - 1]) { on[upper - 1] = false; upper -= 1 }
                i = j
            }
            p.runs = p.runs.flatMap { run -> [ImportedRun] in
                guard run.attributes[key] == true else { return [run] }
                return Self.split(run) { on[$0] }.map { piece, isOn in
                    var piece = piece
                    piece.attributes[key] = .bool(isOn)
                    return piece
                }
            }
        }
        return p
    }

    /// A run cut where `predicate` changes value.
    private static func split(_ run: ImportedRun, by predicate: (Int) -> Bool) -> [(ImportedRun, Bool)] {
        var pieces: [(ImportedRun, Bool)] = []
        for i in run.range {
            let value = predicate(i)
            if let last = pieces.last, last.1 == value {
                pieces[pieces.count - 1].0.range = last.0.range.lowerBound..<(i + 1)
            } else {
                pieces.append((ImportedRun(range: i..<(i + 1), attributes: run.attributes), value))
            }
        }
        return pieces
    }

    /// Markdown that reads back as exactly these paragraphs' texts; a paragraph whose markup misreads is written
    /// again with everything escaped and no inline markup.
    private func verifiedMarkdown(_ paragraphs: [ImportedParagraph], sheet: StyleSheet) throws -> MarkdownDocument {
        var composer = MarkdownComposer(sheet: sheet)
        while true {
            let markdown = MarkdownDocument(bytes: composer.markdown(for: paragraphs), sourceMap: false)
            let blocks = markdown.blocks
            let mismatch = paragraphs.indices.first { $0 >= blocks.count || blocks[$0].text != paragraphs[$0].text }
                ?? (blocks.count > paragraphs.count ? paragraphs.count : nil)
            guard let index = mismatch else { return markdown }
            // Blocks parted by blank lines first: list items and quoted paragraphs joined are the last thing to blame.
            if !composer.blankLinesOnly, MarkdownComposer.joinsBlocks(paragraphs) {
                composer.blankLinesOnly = true
                continue
            }
            let culprit = min(index, paragraphs.count - 1)
            // A table GFM cannot hold as it is becomes paragraphs of tab-separated text.
            // (A broken row can also shift the paragraphs after it: the one before the mismatch is looked at too.)
            let near = [culprit, culprit - 1].filter { $0 >= 0 }.compactMap { paragraphs[$0].tableRow }
            if let table = near.first(where: { !composer.tablesAsText.contains($0) }),
               composer.plainParagraphs.contains(culprit) || paragraphs[culprit].tableRow == nil {
                composer.tablesAsText.insert(table)
                continue
            }
            guard index < paragraphs.count, !composer.plainParagraphs.contains(culprit) else {
                throw MsxError(.cannotCompose, "paragraph \(culprit + 1) cannot be written as Markdown without changing its text")
            }
            composer.plainParagraphs.insert(culprit)
        }
    }

    /// The sidecar formatting that makes paragraph `index` resolve to the imported attributes.
    private func sidecarFormatting(_ p: ImportedParagraph, index: Int, in document: RichDocument, sheet: StyleSheet) -> ParagraphFormatting {
        var formatting = ParagraphFormatting()
        if let style = p.attributes[.style], style != .string(RichDocument.markdownStyle(of: document.markdown.blocks[index])) {
            formatting.attributes[.style] = style
        }
        let resolved = document.resolved(paragraph: index, with: sheet, own: formatting)
        for (key, value) in p.attributes where key != .style && (resolved.attributes[key] ?? .null) != value {
            formatting.attributes[key] = value
        }
        var changes: [(Range<Int>, Attributes)] = []
        for run in p.runs {
            for piece in resolved.runs where piece.range.overlaps(run.range) {
                let range = max(piece.range.lowerBound, run.range.lowerBound)..<min(piece.range.upperBound, run.range.upperBound)
                let differing = run.attributes.filter { key, value in (piece.attributes[key] ?? .null) != value }
                if !differing.isEmpty { changes.append((range, differing)) }
            }
        }
        for (range, attributes) in changes { formatting.assign(attributes, over: range) }
        return formatting
    }
}
