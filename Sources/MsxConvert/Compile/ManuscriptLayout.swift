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
        let headings = layoutHeadings()
        var ownTitlePage: [String] = []
        for (index, (part, resolved)) in zip(parts, resolvedParts).enumerated() {
            switch part {
            case .heading(let title, let level, let folder):
                let text = headings[index]?.text
                begin(sections[folder], titled: text ?? title)
                if preset == .manuscript && level == 1 { breakPending = true }
                if let text { append(synthetic(String(repeating: "#", count: level) + " ", text), opens: true) }
            case .separator(let text):
                // A screenplay's scenes are separated by their headings.
                if preset != .screenplay { append(centred(text), opens: true) }
            case .document(let node, let document):
                let added = headings[index]
                begin(sections[node.id], titled: added?.text ?? document.leadingHeading.map(Importer.title) ?? node.title)
                let start = result.count
                if let added, let text = added.text { append(synthetic(String(repeating: "#", count: added.level) + " ", text), opens: true) }
                for paragraph in resolved {
                    if preset == .screenplay && hasTitlePage,
                       paragraph.attributes[.style]?.stringValue.flatMap(ScreenplayElement.init(style:)) == .titlePage {
                        // A script's own title page (a Fountain file's) is its title page, not its text.
                        ownTitlePage.append(paragraph.text)
                    } else if paragraph.kind == .paragraph && PageBreakCommand.matches(paragraph.text) {
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
            let page = preset == .screenplay ? screenplayTitlePage(own: ownTitlePage) : titlePage()
            result = page + result
            documents = documents.map { ($0.id, $0.paragraphs.lowerBound + page.count..<$0.paragraphs.upperBound + page.count) }
            sectionStarts = sectionStarts.map { SectionStart(paragraph: $0.paragraph + page.count, section: $0.section, title: $0.title) }
        }
        if smartQuotes { result = result.map { $0.withSmartQuotes() } }
        for i in result.indices { result[i].index = i }
        return Layout(paragraphs: result, documents: documents, sections: sectionStarts)
    }

    /// A heading as the section layouts give it: its text (nil: none) and level.
    struct LayoutHeading {
        var text: String?
        var level: Int
    }

    /// What each folder's heading says, and the heading added before each document whose layout adds one, by
    /// index in `parts`: each kind of section counted in order (`SectionLayout`). Every format reads them here.
    func layoutHeadings() -> [Int: LayoutHeading] {
        var headings: [Int: LayoutHeading] = [:]
        var counters: [SectionType: Int] = [:]
        func text(_ section: BookSection, _ title: String) -> String? {
            counters[section.type, default: 0] += 1
            return (sectionLayouts[section.type] ?? SectionLayout()).text(type: section.type, number: counters[section.type]!, title: title)
        }
        for (index, part) in parts.enumerated() {
            switch part {
            case .heading(let title, let level, let folder):
                headings[index] = LayoutHeading(text: sections[folder].map { text($0, title) } ?? title, level: level)
            case .document(let node, let document):
                guard let section = sections[node.id] else { continue }
                let layout = sectionLayouts[section.type]?.heading ?? .auto
                let added = text(section, node.title)
                // `title` names a document only when it has no heading of its own; `auto` and `none` add nothing.
                guard layout == .title ? document.leadingHeading == nil : layout != .auto && layout != .none else { continue }
                headings[index] = LayoutHeading(text: added, level: section.type == .scene ? 3 : section.inPart ? 2 : 1)
            case .separator:
                continue
            }
        }
        return headings
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
    private func screenplayTitlePage(own entries: [String]) -> [ResolvedParagraph] {
        var lines: [ResolvedParagraph] = []
        func add(_ text: String, alignment: String, spaceBefore: Double = 0) {
            var p = synthetic("", text)
            p.attributes = p.attributes.overlaid(with: [
                .alignment: .string(alignment), .firstLineHeadIndent: 0, .headIndent: 0, .paragraphSpacingBefore: .number(spaceBefore),
                .paragraphSpacing: 0,
            ])
            lines.append(Self.imposing(StyleSheet.screenplayOverrides, on: p))
        }
        // The script's own `Key: value` entries when it has them, else the project's title, author and contact.
        var centred: [String] = [title.uppercased(), "Written by", author]
        var corner = (contact ?? "").split(separator: "\n").map(String.init)
        if !entries.isEmpty {
            (centred, corner) = ([], [])
            for entry in entries {
                let parts = entry.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                let key = parts.count == 2 ? parts[0].lowercased() : ""
                let values = (parts.last ?? "").split(separator: "\u{2028}").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                switch key {
                case "title": centred += values.map { $0.uppercased() }
                case "credit", "author", "authors", "source": centred += values
                default: corner += values
                }
            }
        }
        for (index, line) in centred.enumerated() { add(line, alignment: "center", spaceBefore: index == 0 ? 216 : 24) }
        for (index, line) in corner.enumerated() { add(line, alignment: "left", spaceBefore: index == 0 ? 216 : 0) }
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
