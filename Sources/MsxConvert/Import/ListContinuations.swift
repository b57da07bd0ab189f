import MsxModel

/// Finds the further paragraphs of list items in an imported file: those msx's own RTF and DOCX mark
/// (`"kind": "listContinuation"`), and in files from other programs a paragraph without a list right after a list
/// item (or another such paragraph) that starts where the item's text starts, as Word's "List Continue" and
/// TextEdit's lists place it: the item hangs its marker left of its text (a first-line indent less than its left
/// indent, or its Word list's level says where the text starts), and the paragraph is indented to that text, with no
/// first-line indent of its own.
enum ListContinuations {
    /// The kind msx's own files give such a paragraph.
    static let kind: JSONValue = "listContinuation"

    static func marked(_ paragraphs: [ImportedParagraph]) -> [ImportedParagraph] {
        var paragraphs = paragraphs
        // The item paragraphs now follow: its level, its list, and where its text starts (nil: no hanging marker).
        var item: (level: Int, list: Int?, textIndent: Double?)?
        for index in paragraphs.indices {
            var p = paragraphs[index]
            defer { paragraphs[index] = p }
            if p.attributes[.kind] == kind {
                p.attributes[.kind] = nil
                guard let open = item, let level = p.listLevel, level <= open.level else {
                    // An item to follow is missing (the paragraph was moved): a paragraph of its own.
                    p.listLevel = nil
                    continue
                }
                (p.continuesListItem, p.listID) = (true, open.list)
                continue
            }
            if let level = p.listLevel {
                let head = p.attributes[.headIndent]?.numberValue ?? 0
                let first = p.attributes[.firstLineHeadIndent]?.numberValue ?? head
                item = (level, p.listID, first < head ? head : p.listTextIndent)
                continue
            }
            let head = p.attributes[.headIndent]?.numberValue ?? 0
            let first = p.attributes[.firstLineHeadIndent]?.numberValue ?? head
            guard let open = item, let textIndent = open.textIndent, p.headingLevel == nil, p.tableRow == nil, !p.isCodeBlock,
                  p.attributes[.kind] == nil, abs(head - textIndent) < 0.5, abs(first - head) < 0.5 else {
                item = nil
                continue
            }
            (p.listLevel, p.listID, p.continuesListItem) = (open.level, open.list, true)
        }
        return paragraphs
    }
}
