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

    /// - Parameter sent: the same documents as compiled, whose texts find a document whose bookmark is lost.
    init(_ file: ImportedDocument, documents nodes: [BinderNode], lookingLike sent: ReviewSegments? = nil) {
        var idsByBookmark: [String: String] = [:]
        for node in nodes { idsByBookmark[DocxWriter.bookmarkName(node.id)] = node.id }
        // A document's bookmark may come in pieces (LibreOffice cuts one at a tracked change): it spans them all.
        var spans: [String: Range<Int>] = [:]
        for mark in file.bookmarks {
            guard let id = idsByBookmark[mark.name] else { continue }
            let known = spans[id] ?? mark.paragraphs
            spans[id] = min(known.lowerBound, mark.paragraphs.lowerBound)..<max(known.upperBound, mark.paragraphs.upperBound)
        }
        let starts = spans.values.map(\.lowerBound).sorted()
        var claimed = IndexSet()
        for (id, span) in spans {
            // One whose end was lost ends where the next document begins.
            let next = starts.first { $0 > span.lowerBound } ?? file.paragraphs.count
            let range = span.lowerBound..<(span.isEmpty ? next : min(span.upperBound, next))
            documents[id] = Self.slice(file, range)
            claimed.insert(integersIn: range)
        }
        guard let sent else { return }
        for node in nodes where documents[node.id] == nil {
            guard let compiled = sent.documents[node.id], let range = Self.locate(compiled, in: file, outside: claimed) else { continue }
            documents[node.id] = Self.slice(file, range)
            claimed.insert(integersIn: range)
            foundByText.append(node)
        }
    }

    /// A paragraph's words, lower-cased, for likeness.
    private static func words(_ text: String) -> Set<Substring> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber })
    }

    private static func slice(_ file: ImportedDocument, _ range: Range<Int>) -> ImportedDocument {
        var part = ImportedDocument(paragraphs: Array(file.paragraphs[range]), styles: file.styles)
        part.annotations = file.annotations
        return part
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
