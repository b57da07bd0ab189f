import Foundation
import MsxModel

/// The manuscript as one run of resolved paragraphs, ready for a renderer: title page, headings, separators and the
/// documents' paragraphs with every attribute resolved (and the preset's formatting imposed).
extension Manuscript {
    /// Every paragraph of the compiled manuscript, in order.
    public func paragraphs() -> [ResolvedParagraph] { laidOut().paragraphs }

    /// The manuscript laid out: every paragraph, the paragraphs each document gave, and where each section begins.
    struct Layout {
        var paragraphs: [ResolvedParagraph]
        /// By node id, in order.
        var documents: [(id: String, paragraphs: Range<Int>)]
        /// Each part, chapter and piece of matter, in order (scenes run on and are not listed).
        var sections: [SectionStart]
    }

    /// A chapter opening sits about a third of the way down its page in standard manuscript format: this far below
    /// the top margin of a Letter or A4 page.
    static let manuscriptChapterDrop = 192.0

    func laidOut() -> Layout {
        let sheet = styleSheet
        let resolvedParts = parts.concurrentMap { part -> [ResolvedParagraph] in
            if case .document(_, let document) = part { return document.resolved(with: sheet) }
            return []
        }
        var result: [ResolvedParagraph] = []
        var documents: [(id: String, paragraphs: Range<Int>)] = []
        var sectionStarts: [SectionStart] = []
        // A `\newpage` alone in a paragraph is no text: the paragraph after it starts a page; so does a section's first.
        var breakPending = false
        var sectionPending: (section: BookSection, title: String)?
        // Paragraphs that open a stretch of text (after a heading, a separator, a section's start): a book sets
        // them without a first-line indent.
        var openings: Set<Int> = []
        var counters: [SectionType: Int] = [:]
        var opening = true
        func append(_ paragraph: ResolvedParagraph, opens: Bool = false) {
            var paragraph = paragraph
            if opening && paragraph.kind == .paragraph { openings.insert(result.count) }
            opening = opens
            if breakPending && !result.isEmpty { paragraph.attributes[.pageBreakBefore] = true }
            if let (section, title) = sectionPending {
                sectionStarts.append(SectionStart(paragraph: result.count, section: section, title: title))
            }
            (breakPending, sectionPending) = (false, nil)
            result.append(paragraph)
        }
        func begin(_ section: BookSection?, titled title: String) {
            guard let section, sectionLayouts[section.type]?.pageBreak ?? section.type.startsPage else { return }
            breakPending = true
            sectionPending = (section, title)
            opening = true
        }
        for (part, resolved) in zip(parts, resolvedParts) {
            switch part {
            case .heading(let title, let level, let folder):
                let text = sections[folder].map { section in headingText(of: section, titled: title, counters: &counters) } ?? title
                begin(sections[folder], titled: text ?? title)
                if preset == .manuscript && level == 1 { breakPending = true }
                if let text { append(synthetic(String(repeating: "#", count: level) + " ", text), opens: true) }
            case .separator(let text):
                // A screenplay's scenes are separated by their headings.
                if preset != .screenplay { append(centred(text), opens: true) }
            case .document(let node, let document):
                let heading = document.markdown.blocks.first.flatMap { block -> String? in
                    if case .heading = block.kind { return block.text } else { return nil }
                }
                // A heading the section's layout adds before the document's own text (its number, or its title
                // when the document has no heading of its own).
                var added: String?
                if let section = sections[node.id] {
                    let layout = sectionLayouts[section.type]?.heading ?? .auto
                    let text = headingText(of: section, titled: node.title, counters: &counters)
                    if layout == .title ? heading == nil : layout != .auto && layout != .none { added = text }
                }
                begin(sections[node.id], titled: added ?? heading.map(Importer.title) ?? node.title)
                let start = result.count
                if let added, let section = sections[node.id] {
                    let level = section.type == .scene ? 3 : section.inPart ? 2 : 1
                    append(synthetic(String(repeating: "#", count: level) + " ", added), opens: true)
                }
                for paragraph in resolved {
                    if paragraph.kind == .paragraph && PageBreakCommand.matches(paragraph.text) {
                        breakPending = true
                        opening = true
                    } else {
                        append(paragraph, opens: paragraph.kind.headingLevel != nil)
                    }
                }
                documents.append((node.id, start..<result.count))
            }
        }
        if preset == .screenplay { result = result.map { Self.imposing(StyleSheet.screenplayOverrides, on: $0) } }
        if preset == .manuscript {
            result = result.map { Self.imposing(StyleSheet.manuscriptOverrides, on: $0) }
            for start in sectionStarts { result[start.paragraph].attributes[.paragraphSpacingBefore] = .number(Self.manuscriptChapterDrop) }
            if !result.isEmpty { result.append(centred("END")) }
        }
        if preset == .book {
            let drop = (pageSize.height - margins.top - margins.bottom) / 4
            for i in result.indices { result[i] = Self.imposingBookFormat(result[i], opensText: openings.contains(i)) }
            for start in sectionStarts { result[start.paragraph].attributes[.paragraphSpacingBefore] = .number(drop) }
        }
        for start in sectionStarts {
            if let drop = sectionLayouts[start.section.type]?.drop { result[start.paragraph].attributes[.paragraphSpacingBefore] = .number(drop) }
        }
        if hasTitlePage {
            if !result.isEmpty { result[0].attributes[.pageBreakBefore] = true }
            let page = preset == .screenplay ? screenplayTitlePage() : titlePage()
            result = page + result
            documents = documents.map { ($0.id, $0.paragraphs.lowerBound + page.count..<$0.paragraphs.upperBound + page.count) }
            sectionStarts = sectionStarts.map { SectionStart(paragraph: $0.paragraph + page.count, section: $0.section, title: $0.title) }
        }
        if smartQuotes { result = result.map { $0.withSmartQuotes() } }
        for i in result.indices { result[i].index = i }
        return Layout(paragraphs: result, documents: documents, sections: sectionStarts)
    }

    /// The heading a section's layout gives it (counting it among its kind), nil for none.
    private func headingText(of section: BookSection, titled title: String, counters: inout [SectionType: Int]) -> String? {
        counters[section.type, default: 0] += 1
        let layout = sectionLayouts[section.type] ?? SectionLayout()
        return layout.text(type: section.type, number: counters[section.type]!, title: title)
    }

    /// Author and contact at the top left, the word count level with the name at the top right (a tab stop placed
    /// so that the count ends at the right margin, measured in Times, the manuscript's font), title and byline
    /// halfway down.
    private func titlePage() -> [ResolvedParagraph] {
        var lines: [ResolvedParagraph] = []
        func add(_ text: String, alignment: String, spaceBefore: Double = 0, tabStop: Double? = nil) {
            var p = synthetic("", text)
            p.attributes = p.attributes.overlaid(with: [
                .alignment: .string(alignment), .firstLineHeadIndent: 0, .headIndent: 0, .lineHeightMultiple: 1,
                .paragraphSpacingBefore: .number(spaceBefore), .paragraphSpacing: 0,
                .tabStops: .array(tabStop.map { [.number(($0 * 20).rounded() / 20)] } ?? []),
            ])
            lines.append(p)
        }
        let count = "about \(NumberText.grouped(approximateWordCount)) words"
        let countWidth = StandardFont.Face.timesRoman.width(of: count, size: 12)
        let textWidth = pageSize.width - margins.left - margins.right
        add(author + "\t" + count, alignment: "left", tabStop: max(0, textWidth - countWidth))
        for line in (contact ?? "").split(separator: "\n") { add(String(line), alignment: "left") }
        add(title, alignment: "center", spaceBefore: 216)
        add("by \(author)", alignment: "center", spaceBefore: 12)
        return lines
    }

    /// A screenplay's title page: the title and "Written by" the author centred a third of the way down, the
    /// contact block at the foot on the left.
    private func screenplayTitlePage() -> [ResolvedParagraph] {
        var lines: [ResolvedParagraph] = []
        func add(_ text: String, alignment: String, spaceBefore: Double = 0) {
            var p = synthetic("", text)
            p.attributes = p.attributes.overlaid(with: [
                .alignment: .string(alignment), .firstLineHeadIndent: 0, .headIndent: 0, .paragraphSpacingBefore: .number(spaceBefore),
                .paragraphSpacing: 0,
            ])
            lines.append(Self.imposing(StyleSheet.screenplayOverrides, on: p))
        }
        add(title.uppercased(), alignment: "center", spaceBefore: 216)
        add("Written by", alignment: "center", spaceBefore: 48)
        add(author, alignment: "center", spaceBefore: 24)
        for (index, line) in (contact ?? "").split(separator: "\n").enumerated() {
            add(String(line), alignment: "left", spaceBefore: index == 0 ? 216 : 0)
        }
        return lines
    }

    /// A line of its own, centred (a scene separator, "END").
    private func centred(_ text: String) -> ResolvedParagraph {
        var line = synthetic("", text)
        line.attributes[.alignment] = "center"
        line.attributes[.firstLineHeadIndent] = 0
        line.attributes[.headIndent] = 0
        return line
    }

    /// A paragraph made for the manuscript (a heading, a separator), resolved with the project's styles.
    private func synthetic(_ blockMarker: String, _ text: String) -> ResolvedParagraph {
        let line = MarkdownEscaping.escape(text[...], startsLine: true, endsLine: true, mode: .everything)
        let document = RichDocument(markdown: MarkdownDocument(blockMarker + line + "\n"), sidecar: nil)
        return document.resolved(with: styleSheet).first
            ?? ResolvedParagraph(index: 0, kind: .paragraph, text: "", attributes: [:], runs: [])
    }

    /// A book's text: body paragraphs justified (hyphenation makes that even), the first of each stretch without a
    /// first-line indent, headings centred.
    private static func imposingBookFormat(_ paragraph: ResolvedParagraph, opensText: Bool) -> ResolvedParagraph {
        var p = paragraph
        if p.kind == .paragraph && (p.attributes[.alignment]?.stringValue ?? "left") == "left" { p.attributes[.alignment] = "justified" }
        if opensText { p.attributes[.firstLineHeadIndent] = p.attributes[.headIndent] ?? 0 }
        if p.kind.headingLevel != nil { p.attributes[.alignment] = "center" }
        return p
    }

    private static func imposing(_ overrides: (character: Attributes, paragraph: Attributes), on paragraph: ResolvedParagraph) -> ResolvedParagraph {
        var p = paragraph
        p.attributes = p.attributes.overlaid(with: overrides.paragraph)
        // Left-aligned, never justified: a ragged right edge is what editors read and mark up.
        if p.attributes[.alignment]?.stringValue == "justified" { p.attributes[.alignment] = "left" }
        p.runs = p.runs.map { run in
            var run = run
            for (key, value) in overrides.character { run.attributes[key] = value }
            return run
        }
        return p
    }
}
