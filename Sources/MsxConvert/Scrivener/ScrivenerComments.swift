import Foundation
import MsxModel

/// Scrivener's inspector comments and footnotes: the text they sit on is a link `scrivcmt://<ID>` in the
/// document's RTF, their words are in the document's comments file (`content.comments` in Scrivener 3, `N.comments`
/// in Scrivener 2: `<Comments><Comment ID=".." [Footnote="Yes"]>RTF</Comment></Comments>`). A comment becomes an
/// annotation on those words; a footnote becomes an inline footnote `^[…]` right after them.
struct ScrivenerComments {
    struct Note {
        var text: String
        var isFootnote: Bool
    }

    private(set) var notes: [String: Note] = [:]

    /// The comments file's notes (none when there is no file or it cannot be read).
    init(_ url: URL?) {
        guard let url, let data = try? Data(contentsOf: url), let root = try? XMLNode.parse(data) else { return }
        for comment in root.children("Comment") {
            guard let id = comment.attribute("ID") else { continue }
            let body = comment.textContent
            let text = body.hasPrefix("{\\rtf")
                ? ((try? RTFReader.read(Array(body.utf8)))?.paragraphs.map(\.text).joined(separator: "\n") ?? body)
                : body
            notes[id.uppercased()] = Note(text: text.trimmingCharacters(in: .whitespacesAndNewlines), isFootnote: comment.attribute("Footnote") == "Yes")
        }
    }

    /// `document` with its comment links made annotations (by `author`, dated `date`) and its footnote links inline
    /// footnotes; a link to a note the file does not hold is dropped, its words kept.
    func applied(to document: ImportedDocument, author: String, date: String) -> ImportedDocument {
        var document = document
        var taken = Set<String>()
        var annotations: [String: String] = [:]  // Scrivener id -> annotation id
        for index in document.paragraphs.indices {
            var paragraph = document.paragraphs[index]
            var insertions: [(offset: Int, text: String, attributes: Attributes)] = []
            for runIndex in paragraph.runs.indices {
                guard let link = paragraph.runs[runIndex].attributes[.link]?.stringValue, link.lowercased().hasPrefix("scrivcmt://") else { continue }
                let id = String(link.dropFirst("scrivcmt://".count)).uppercased()
                paragraph.runs[runIndex].attributes[.link] = nil
                guard let note = notes[id], !note.text.isEmpty else { continue }
                if note.isFootnote {
                    // After the last run of the stretch the link covers.
                    let next = runIndex + 1 < paragraph.runs.count ? paragraph.runs[runIndex + 1].attributes[.link]?.stringValue : nil
                    if next != link { insertions.append((paragraph.runs[runIndex].range.upperBound, note.text, paragraph.runs[runIndex].attributes)) }
                    continue
                }
                let annotationID = annotations[id] ?? {
                    let annotation = Annotation(note: note.text, author: author, date: date).unique(among: taken)
                    taken.insert(annotation.id)
                    document.annotations[annotation.id] = annotation
                    annotations[id] = annotation.id
                    return annotation.id
                }()
                let ids = paragraph.runs[runIndex].attributes[.annotation]?.arrayValue ?? []
                paragraph.runs[runIndex].attributes[.annotation] = .array(ids + [.string(annotationID)])
            }
            for insertion in insertions.reversed() { Self.insert(insertion.text, at: insertion.offset, like: insertion.attributes, into: &paragraph) }
            document.paragraphs[index] = paragraph
        }
        return document
    }

    /// Puts `^[note]` at UTF-16 offset `offset` of `paragraph`, as a footnote formatted like the text it follows (a
    /// run over `offset` is cut in two around it).
    static func insert(_ note: String, at offset: Int, like attributes: Attributes, into paragraph: inout ImportedParagraph) {
        let units = Array(paragraph.text.utf16)
        let added = "^[" + note.replacingOccurrences(of: "\n", with: " ") + "]"
        let length = added.utf16.count
        paragraph.text = String(decoding: units[..<offset], as: UTF16.self) + added + String(decoding: units[offset...], as: UTF16.self)
        paragraph.runs = paragraph.runs.flatMap { run -> [ImportedRun] in
            let range = run.range
            if range.upperBound <= offset { return [run] }
            if range.lowerBound >= offset { return [ImportedRun(range: (range.lowerBound + length)..<(range.upperBound + length), attributes: run.attributes)] }
            return [ImportedRun(range: range.lowerBound..<offset, attributes: run.attributes),
                    ImportedRun(range: (offset + length)..<(range.upperBound + length), attributes: run.attributes)]
        }
        var footnote = attributes
        footnote[.footnote] = true
        footnote[.annotation] = nil
        let position = paragraph.runs.firstIndex { $0.range.lowerBound >= offset + length } ?? paragraph.runs.count
        paragraph.runs.insert(ImportedRun(range: offset..<(offset + length), attributes: footnote), at: position)
    }
}
