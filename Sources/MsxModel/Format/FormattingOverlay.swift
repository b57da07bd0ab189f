/// One version's formatting laid over another's words: the two partial restores. `restore --formatting-only` lays
/// the version's formatting over today's words; `restore --text-only` lays today's formatting over the version's
/// words. Formatting means all of it: what the Markdown holds (bold, italic, strikethrough, code, links, headings,
/// block quotes, list items, task boxes) and what the sidecar holds.
public enum FormattingOverlay {
    /// `target`'s words with `source`'s formatting on every character and paragraph that comes from `source` (none,
    /// where `source` had none), and `target`'s own on the text `source` does not have (under what text typed inside
    /// one of `source`'s phrases takes from it, by the rules of `Anchoring.carry`).
    ///
    /// Markdown-held formatting is spliced into `target`'s Markdown, each change re-read; where Markdown cannot say
    /// it (inside code, say) the sidecar says it. What could be placed in neither is in `lostFormatting`.
    public static func overlay(formattingOf source: RichDocument, onto target: RichDocument) -> RichDocument {
        let sourceTexts = source.paragraphTexts, targetTexts = target.paragraphTexts
        var (formatting, lost) = Anchoring.restore(source.formatting, from: sourceTexts, onto: target.formatting, texts: targetTexts)
        let (inline, _) = Anchoring.restore(inlineFormatting(of: source.markdown), from: sourceTexts,
                                            onto: inlineFormatting(of: target.markdown), texts: targetTexts)
        // Read again with its source map (a version is read without one), so that markup can be spliced in.
        var markdown = MarkdownDocument(target.markdown.sourceText)
        let sources = TextAlignment(old: sourceTexts, new: targetTexts).paragraphSources()
        for (k, p) in sources.enumerated() {
            guard let p, k < markdown.blocks.count else { continue }
            let (edited, missed) = blockMarkup(of: source.markdown.blocks[p], onto: markdown, paragraph: k)
            markdown = edited
            lost += missed.map { .markup(paragraph: k, attribute: $0) }
        }
        for k in markdown.blocks.indices where k < inline.paragraphs.count {
            let (edited, missed) = inlineMarkup(inline.paragraphs[k], onto: markdown, paragraph: k, sidecar: &formatting.paragraphs[k])
            markdown = edited
            lost += missed
        }
        var result = RichDocument(markdown: markdown, formatting: formatting)
        result.lostFormatting = lost
        result.sidecarExtra = source.sidecarExtra.merging(target.sidecarExtra) { sourceValue, _ in sourceValue }
        return result
    }

    /// The inline formatting `markdown` writes with markup (bold, italic, strikethrough, code, links), as formatting
    /// runs.
    private static func inlineFormatting(of markdown: MarkdownDocument) -> DocumentFormatting {
        var formatting = DocumentFormatting(paragraphCount: markdown.blocks.count)
        for (k, block) in markdown.blocks.enumerated() {
            for span in block.spans {
                guard let (key, value) = sidecarForm(of: span.attribute) else { continue }
                formatting.paragraphs[k].set([key: value], over: span.range)
            }
        }
        return formatting
    }

    /// How a formatting run says an inline attribute Markdown writes with markup; nil for what it does not carry over
    /// (pictures and inline notes are text of their own).
    private static func sidecarForm(of attribute: InlineAttribute) -> (AttributeKey, JSONValue)? {
        switch attribute {
        case .bold: (.bold, .bool(true))
        case .italic: (.italic, .bool(true))
        case .strikethrough: (.strikethrough, .bool(true))
        case .code: (.code, .bool(true))
        case .link(let url): (.link, .string(url))
        case .image, .footnote: nil
        }
    }

    /// `markdown` with paragraph `k`'s inline markup made what `wanted` says: markup it should not have removed
    /// first (so that a link can change its address), then markup it lacks added. Bold, italic or strikethrough that
    /// Markdown cannot say there goes into `sidecar`; a code span or link that it cannot say is reported.
    private static func inlineMarkup(_ wanted: ParagraphFormatting, onto markdown: MarkdownDocument, paragraph k: Int,
                                     sidecar: inout ParagraphFormatting) -> (MarkdownDocument, [FormattingLoss])
    {
        var markdown = markdown
        var lost: [FormattingLoss] = []
        let block = markdown.blocks[k]
        let links = Set(wanted.runs.compactMap { $0.attributes[.link]?.stringValue } + block.spans.compactMap {
            if case .link(let url) = $0.attribute { url } else { nil }
        })
        let attributes: [InlineAttribute] = [.bold, .italic, .strikethrough, .code] + links.sorted().map { .link($0) }
        var removals: [(InlineAttribute, Range<Int>)] = [], additions: [(InlineAttribute, Range<Int>)] = []
        for attribute in attributes {
            guard let (key, value) = sidecarForm(of: attribute) else { continue }
            let delimited = key != .code && key != .link
            let wantedRanges = merged(wanted.runs.filter { $0.attributes[key] == value }.map(\.range))
                .compactMap { delimited ? trimmed($0, in: block.text) : $0 }
            let current = merged(block.spans.filter { $0.attribute == attribute }.map(\.range))
            guard wantedRanges != current else { continue }
            removals += wantedRanges.reduce(current) { ranges, keep in subtract(keep, from: ranges) }.map { (attribute, $0) }
            additions += wantedRanges.map { (attribute, $0) }
        }
        for (attribute, range, on) in removals.map({ ($0, $1, false) }) + additions.map({ ($0, $1, true) }) {
            if let edited = InlineMarkupEditor(document: markdown, paragraph: k).set(attribute, on, over: range) {
                markdown = edited
            } else if let (key, value) = sidecarForm(of: attribute), key != .code, key != .link {
                // Markdown cannot say it here: the sidecar does.
                sidecar.set([key: on ? value : .bool(false)], over: range)
            } else if let (key, _) = sidecarForm(of: attribute) {
                let units = Array(block.text.utf16)[range.clamped(to: 0..<block.text.utf16.count)]
                lost.append(.inline(paragraph: k, text: String(decoding: units, as: UTF16.self), attribute: key))
            }
        }
        return (markdown, lost)
    }

    /// `markdown` with paragraph `k` made the kind of block `model` is (heading level, block quote, list item, task
    /// box), and the attributes Markdown could not be made to say.
    private static func blockMarkup(of model: MarkdownBlock, onto markdown: MarkdownDocument, paragraph k: Int)
        -> (MarkdownDocument, [AttributeKey])
    {
        var markdown = markdown
        var missed: [AttributeKey] = []
        func edit(_ key: AttributeKey, _ change: (BlockMarkupEditor) -> MarkdownDocument?) {
            if let edited = change(BlockMarkupEditor(document: markdown, paragraph: k)) { markdown = edited } else { missed.append(key) }
        }
        // Out of a list first: a list item cannot be quoted.
        if model.list == nil, markdown.blocks[k].list != nil { edit(.listLevel) { $0.removeListItem() } }
        let level = model.kind.headingLevel
        if level != markdown.blocks[k].kind.headingLevel { edit(.headingLevel) { $0.setHeading(level) } }
        if model.quoteDepth != markdown.blocks[k].quoteDepth { edit(.quoteDepth) { $0.setQuoteDepth(model.quoteDepth) } }
        if let list = model.list, list.ordered != markdown.blocks[k].list?.ordered { edit(.listLevel) { $0.makeListItem(ordered: list.ordered) } }
        if let checked = model.list?.taskChecked, checked != markdown.blocks[k].list?.taskChecked { edit(.checklist) { $0.setChecked(checked) } }
        return (markdown, missed)
    }
}
