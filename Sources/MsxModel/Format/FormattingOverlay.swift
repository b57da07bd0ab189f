/// One version's formatting laid over another's words: the two partial restores. `restore --formatting-only` lays
/// the version's formatting over today's words; `restore --text-only` lays today's formatting over the version's
/// words. Formatting means all of it: what the Markdown holds (bold, italic, strikethrough, headings, block quotes,
/// list items, task boxes) and what the sidecar holds.
public enum FormattingOverlay {
    /// The inline formatting Markdown writes with delimiters, and the sidecar keys that say the same.
    private static let delimited: [(InlineAttribute, AttributeKey)] = [(.bold, .bold), (.italic, .italic), (.strikethrough, .strikethrough)]

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
            for (attribute, key) in delimited {
                let wanted = merged(inline.paragraphs[k].runs.filter { $0.attributes[key] == .bool(true) }.map(\.range))
                    .compactMap { trimmed($0, in: markdown.blocks[k].text) }
                let current = merged(markdown.blocks[k].spans.filter { $0.attribute == attribute }.map(\.range))
                guard wanted != current else { continue }
                let unwanted = wanted.reduce(current) { ranges, keep in subtract(keep, from: ranges) }
                for (range, on) in unwanted.map({ ($0, false) }) + wanted.map({ ($0, true) }) {
                    if let edited = InlineMarkupEditor(document: markdown, paragraph: k).set(attribute, on, over: range) {
                        markdown = edited
                    } else {
                        // Markdown cannot say it here: the sidecar does.
                        formatting.paragraphs[k].set([key: .bool(on)], over: range)
                    }
                }
            }
        }
        var result = RichDocument(markdown: markdown, formatting: formatting)
        result.lostFormatting = lost
        result.sidecarExtra = source.sidecarExtra.merging(target.sidecarExtra) { sourceValue, _ in sourceValue }
        return result
    }

    /// The bold, italic and strikethrough `markdown` writes with delimiters, as formatting runs.
    private static func inlineFormatting(of markdown: MarkdownDocument) -> DocumentFormatting {
        var formatting = DocumentFormatting(paragraphCount: markdown.blocks.count)
        for (k, block) in markdown.blocks.enumerated() {
            for (attribute, key) in delimited {
                for span in block.spans where span.attribute == attribute { formatting.paragraphs[k].set([key: .bool(true)], over: span.range) }
            }
        }
        return formatting
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
        if (model.quoteDepth > 0) != (markdown.blocks[k].quoteDepth > 0) { edit(.quoteDepth) { $0.setQuoted(model.quoteDepth > 0) } }
        if let list = model.list, list.ordered != markdown.blocks[k].list?.ordered { edit(.listLevel) { $0.makeListItem(ordered: list.ordered) } }
        if let checked = model.list?.taskChecked, checked != markdown.blocks[k].list?.taskChecked { edit(.checklist) { $0.setChecked(checked) } }
        return (markdown, missed)
    }
}
