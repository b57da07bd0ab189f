import Foundation
import MsxModel

/// Scrivener's inline annotations and inline footnotes, which its RTF holds as text between markers:
///
///     {\Scrv_annot \color={\R=0.99\G=0.70\B=0.73} \text=Check the date\end_Scrv_annot}
///     {\Scrv_fn=The lamp room is at the top of the tower.\end_Scrv_fn}
///
/// An annotation becomes an msx annotation on the word before it (or after it, at the start of a paragraph), its
/// markers and words taken out of the text; a footnote becomes an inline footnote `^[…]` where it stood. Either may
/// run over several paragraphs (its paragraph breaks become spaces). Markers without their end are left as text.
enum ScrivenerInlineNotes {
    private static let kinds: [(open: String, close: String, isFootnote: Bool)] = [
        ("{\\Scrv_annot", "\\end_Scrv_annot}", false), ("{\\Scrv_fn=", "\\end_Scrv_fn}", true),
    ]

    /// `document` with its inline annotations as annotations (by `author`) and its inline footnotes as footnotes.
    static func applied(to document: ImportedDocument, author: String) -> ImportedDocument {
        var document = document
        var taken = Set(document.annotations.keys)
        var index = 0
        while index < document.paragraphs.count {
            guard let (kind, start) = firstMarker(in: document.paragraphs[index].text),
                  let (last, end) = closing(kind.close, after: start + kind.open.utf16.count, from: index, in: document.paragraphs)
            else {
                index += 1
                continue
            }
            // The note's words (its paragraphs joined by spaces), then the marker out of the text.
            var words: [String] = []
            for i in index...last {
                let units = Array(document.paragraphs[i].text.utf16)
                let from = i == index ? start + kind.open.utf16.count : 0
                let to = i == last ? end : units.count
                words.append(String(decoding: units[from..<to], as: UTF16.self))
            }
            let note = body(words.joined(separator: " "), isFootnote: kind.isFootnote)
            var paragraph = document.paragraphs[index]
            let tail = document.paragraphs[last]
            let closeEnd = end + kind.close.utf16.count
            if last > index {
                // The first paragraph takes the text after the marker in the last; the ones between go.
                let offset = Array(paragraph.text.utf16).count
                paragraph.text += tail.text
                paragraph.runs += tail.runs.map { ImportedRun(range: ($0.range.lowerBound + offset)..<($0.range.upperBound + offset), attributes: $0.attributes) }
                document.paragraphs.removeSubrange((index + 1)...last)
            }
            let place = remove(start..<(last > index ? Array(paragraph.text.utf16).count - Array(tail.text.utf16).count + closeEnd : closeEnd),
                               from: &paragraph)
            document.paragraphs[index] = paragraph
            guard !note.isEmpty else { continue }
            if kind.isFootnote {
                let before = paragraph.runs.last { $0.range.lowerBound < place }?.attributes ?? [:]
                ScrivenerComments.insert(note, at: place, like: before, into: &document.paragraphs[index])
                continue
            }
            let annotation = Annotation(note: note, author: author, date: "").unique(among: taken)
            if let range = wordNear(place, in: paragraph.text) {
                annotate(range, with: annotation.id, in: &document.paragraphs[index])
            } else if let (neighbour, range) = wordBeside(paragraph: index, in: document.paragraphs) {
                // It stood alone in its paragraph: it goes on the nearest word of the paragraph before (else after),
                // and the paragraph it leaves empty goes.
                annotate(range, with: annotation.id, in: &document.paragraphs[neighbour])
                document.paragraphs.remove(at: index)
            } else {
                // No word anywhere to note: its words stay as the text.
                document.paragraphs[index] = ImportedParagraph(text: note, attributes: paragraph.attributes)
                continue
            }
            taken.insert(annotation.id)
            document.annotations[annotation.id] = annotation
        }
        return document
    }

    /// When paragraph `index` holds no word: the last word of the paragraph before it, else the first word of the
    /// one after, with that paragraph's index.
    private static func wordBeside(paragraph index: Int, in paragraphs: [ImportedParagraph]) -> (Int, Range<Int>)? {
        guard paragraphs[index].text.allSatisfy(\.isWhitespace) else { return nil }
        if index > 0, let range = wordNear(paragraphs[index - 1].text.utf16.count, in: paragraphs[index - 1].text) { return (index - 1, range) }
        if index + 1 < paragraphs.count, let range = wordNear(0, in: paragraphs[index + 1].text) { return (index + 1, range) }
        return nil
    }

    /// The first opening marker in `text`, with its UTF-16 offset.
    private static func firstMarker(in text: String) -> ((open: String, close: String, isFootnote: Bool), Int)? {
        let units = Array(text.utf16)
        return kinds.compactMap { kind in offset(of: kind.open, in: units, from: 0).map { (kind, $0) } }.min { $0.1 < $1.1 }
    }

    /// Where `close` begins: in the paragraph at `index` after `from`, or in a later one.
    private static func closing(_ close: String, after from: Int, from index: Int, in paragraphs: [ImportedParagraph]) -> (Int, Int)? {
        for i in index..<paragraphs.count {
            if let found = offset(of: close, in: Array(paragraphs[i].text.utf16), from: i == index ? from : 0) { return (i, found) }
        }
        return nil
    }

    private static func offset(of needle: String, in units: [UInt16], from start: Int) -> Int? {
        let pattern = Array(needle.utf16)
        guard units.count >= pattern.count, start <= units.count - pattern.count else { return nil }
        return (start...(units.count - pattern.count)).first { units[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// A note's words without the annotation's colour and `\text=` prefix, trimmed.
    private static func body(_ raw: String, isFootnote: Bool) -> String {
        var text = Substring(raw)
        if !isFootnote {
            if let colour = text.range(of: "\\color={"), let close = text[colour.upperBound...].firstIndex(of: "}") {
                text = text[text.index(after: close)...]
            }
            if let prefix = text.range(of: "\\text=") { text = text[prefix.upperBound...] }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Takes UTF-16 `range` out of the paragraph's text, its runs closing over the gap; a space left doubled (or
    /// before punctuation) by the cut goes too. Returns where the cut was.
    private static func remove(_ range: Range<Int>, from paragraph: inout ImportedParagraph) -> Int {
        let units = Array(paragraph.text.utf16)
        var cut = range
        let before = cut.lowerBound > 0 ? units[cut.lowerBound - 1] : nil
        let after = cut.upperBound < units.count ? units[cut.upperBound] : nil
        if before == 0x20, after == nil || after == 0x20 || ".,;:!?)".utf16.contains(after!) { cut = (cut.lowerBound - 1)..<cut.upperBound }
        paragraph.removeText(in: cut)
        return cut.lowerBound
    }

    /// The word just before `offset` (spaces and punctuation skipped), else the first word after it.
    private static func wordNear(_ offset: Int, in text: String) -> Range<Int>? {
        let units = Array(text.utf16)
        let breaks = Set(" \t\u{A0}.,;:!?)(\"'\u{201C}\u{201D}\u{2019}".utf16)
        func isBreak(_ u: UInt16) -> Bool { breaks.contains(u) }
        var end = min(offset, units.count)
        while end > 0, isBreak(units[end - 1]) { end -= 1 }
        if end > 0 {
            var start = end
            while start > 0, !isBreak(units[start - 1]) { start -= 1 }
            return start..<end
        }
        var start = offset
        while start < units.count, isBreak(units[start]) { start += 1 }
        var stop = start
        while stop < units.count, !isBreak(units[stop]) { stop += 1 }
        return start < stop ? start..<stop : nil
    }

    /// Adds `id` to the `annotation` attribute over `range`, splitting runs at its ends and filling gaps.
    private static func annotate(_ range: Range<Int>, with id: String, in paragraph: inout ImportedParagraph) {
        var result: [ImportedRun] = []
        var position = range.lowerBound
        func tagged(_ attributes: Attributes) -> Attributes {
            var attributes = attributes
            attributes[.annotation] = .array((attributes[.annotation]?.arrayValue ?? []) + [.string(id)])
            return attributes
        }
        for run in paragraph.runs {
            let overlap = max(run.range.lowerBound, range.lowerBound)..<max(max(run.range.lowerBound, range.lowerBound), min(run.range.upperBound, range.upperBound))
            guard !overlap.isEmpty else { result.append(run); continue }
            if position < overlap.lowerBound { result.append(ImportedRun(range: position..<overlap.lowerBound, attributes: tagged([:]))) }
            if run.range.lowerBound < overlap.lowerBound { result.append(ImportedRun(range: run.range.lowerBound..<overlap.lowerBound, attributes: run.attributes)) }
            result.append(ImportedRun(range: overlap, attributes: tagged(run.attributes)))
            if overlap.upperBound < run.range.upperBound { result.append(ImportedRun(range: overlap.upperBound..<run.range.upperBound, attributes: run.attributes)) }
            position = overlap.upperBound
        }
        if position < range.upperBound { result.append(ImportedRun(range: position..<range.upperBound, attributes: tagged([:]))) }
        paragraph.runs = result.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
