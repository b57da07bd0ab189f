import Foundation
import MsxModel

/// A compiled `.docx`, read back, cut into its documents: each document's paragraphs are those inside the bookmark
/// msx put around it (`msx_ID`); a document whose bookmark an editor lost is looked for by its text, among the
/// paragraphs no bookmark claims.
struct ReviewSegments {
    /// Each document's paragraphs, by binder id.
    private(set) var documents: [String: ImportedDocument] = [:]
    /// Documents found by their text.
    private(set) var foundByText: [BinderNode] = []
    /// The texts of the paragraphs no document holds (in a compiled file: the folder headings and separators).
    private(set) var unclaimed: [String] = []

    /// - Parameter sent: the same documents as compiled, whose texts find a document whose bookmark is lost, and
    ///   whose paragraphs between documents tell the compile's headings and separators from an editor's text.
    init(_ file: ImportedDocument, documents nodes: [BinderNode], lookingLike sent: ReviewSegments? = nil) {
        var idsByBookmark: [String: String] = [:]
        for node in nodes { idsByBookmark[DocxWriter.bookmarkName(node.id)] = node.id }
        // A document's bookmark may come in pieces (LibreOffice cuts one at a tracked change): it spans them all.
        var spans: [String: (lower: Int, upper: Int?)] = [:]
        for mark in file.bookmarks {
            guard let id = idsByBookmark[mark.name] else { continue }
            var span = spans[id] ?? (mark.paragraphs.lowerBound, nil)
            span.lower = min(span.lower, mark.paragraphs.lowerBound)
            if mark.closed { span.upper = max(span.upper ?? mark.paragraphs.upperBound, mark.paragraphs.upperBound) }
            spans[id] = span
        }
        let starts = spans.values.map(\.lower).sorted()
        var indices: [String: [Int]] = [:]
        var owner: [Int: String] = [:]
        for (id, span) in spans {
            // One whose end was lost ends where the next document begins; one the editor emptied holds nothing.
            let next = starts.first { $0 > span.lower } ?? file.paragraphs.count
            let range = span.lower..<max(span.lower, min(span.upper ?? next, next))
            indices[id] = Array(range)
            for index in range { owner[index] = id }
        }
        if let sent {
            for node in nodes where indices[node.id] == nil {
                guard let compiled = sent.documents[node.id],
                      let range = Self.locate(compiled, in: file, outside: IndexSet(owner.keys)) else { continue }
                indices[node.id] = Array(range)
                for index in range { owner[index] = node.id }
                foundByText.append(node)
            }
            // Paragraphs no document holds: the compile's own (headings, separators) stay out; an editor's (typed
            // after a document's last paragraph, outside its bookmark) belong to the document before them.
            var compiled: [String: Int] = [:]
            for text in sent.unclaimed { compiled[text, default: 0] += 1 }
            var previous: String?
            for index in file.paragraphs.indices {
                if let id = owner[index] { previous = id; continue }
                let text = file.paragraphs[index].text
                if let count = compiled[text], count > 0 {
                    compiled[text] = count - 1
                } else if let id = previous {
                    indices[id, default: []].append(index)
                    owner[index] = id
                }
            }
        }
        unclaimed = file.paragraphs.indices.filter { owner[$0] == nil }.map { file.paragraphs[$0].text }
        for (id, list) in indices {
            var part = ImportedDocument(paragraphs: list.map { file.paragraphs[$0] }, styles: file.styles)
            part.annotations = file.annotations
            documents[id] = part
        }
    }

    /// A paragraph's words, lower-cased, for likeness.
    private static func words(_ text: String) -> Set<Substring> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber })
    }

    /// Paragraphs are this far apart at most within one document found by its text (the editor rewrote the ones
    /// between).
    private static let largestGap = 3

    /// The paragraphs of `file`, outside `claimed`, that hold `compiled`: the largest cluster of paragraphs (at most
    /// `largestGap` apart) that are, or share most words with, one of its paragraphs; from the first to the last.
    private static func locate(_ compiled: ImportedDocument, in file: ImportedDocument, outside claimed: IndexSet) -> Range<Int>? {
        let texts = Set(compiled.paragraphs.map(\.text).filter { !$0.isEmpty })
        let wordSets = compiled.paragraphs.map { Self.words($0.text) }.filter { !$0.isEmpty }
        // A paragraph is the document's if it is one of its paragraphs, or shares most words with one (edited).
        let matches = file.paragraphs.indices.filter { index in
            guard !claimed.contains(index) else { return false }
            let text = file.paragraphs[index].text
            if texts.contains(text) { return true }
            let words = Self.words(text)
            return !words.isEmpty && wordSets.contains { Double($0.intersection(words).count) / Double($0.union(words).count) >= 0.5 }
        }
        var best: [Int] = [], current: [Int] = []
        for index in matches {
            if let last = current.last, index - last > largestGap || claimed.intersects(integersIn: (last + 1)..<index) {
                current = []
            }
            current.append(index)
            if current.count > best.count { best = current }
        }
        guard let first = best.first, let last = best.last else { return nil }
        return first..<(last + 1)
    }
}
