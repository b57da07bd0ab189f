import Foundation
import MsxModel

/// A compiled `.docx`, read back, cut into its documents: each document's paragraphs are those inside the bookmark
/// msx put around it (`msx_ID`); a document whose bookmark an editor lost is looked for by its text, among the
/// paragraphs no bookmark claims.
package struct ReviewSegments {
    /// Each document's paragraphs, by binder id.
    package private(set) var documents: [String: ImportedDocument] = [:]
    /// Documents found by their text.
    package private(set) var foundByText: [BinderNode] = []
    /// The texts of the paragraphs no document holds (in a compiled file: the folder headings and separators).
    package private(set) var unclaimed: [String] = []
    /// The headings no document holds, in order (in a compiled file: the folders' titles).
    package private(set) var headings: [(level: Int, text: String)] = []
    /// Headings of `sent` the editor retitled: by index in its `headings`, the new text.
    package private(set) var retitled: [Int: String] = [:]
    /// What the reader skipped in each document's paragraphs, by binder id.
    package private(set) var warnings: [String: [ImportWarning]] = [:]

    /// - Parameter sent: the same documents as compiled, whose texts find a document whose bookmark is lost, and
    ///   whose paragraphs between documents tell the compile's headings and separators from an editor's text.
    package init(_ file: ImportedDocument, documents nodes: [BinderNode], lookingLike sent: ReviewSegments? = nil) {
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
            // A compiled heading whose text is gone, with a heading of its level in its place: the folder retitled.
            let headingIndices = file.paragraphs.indices.filter { owner[$0] == nil && file.paragraphs[$0].headingLevel != nil }
            let pairs = Self.retitles(sent.headings, headingIndices.map { (file.paragraphs[$0].headingLevel!, file.paragraphs[$0].text) })
            var settled = Set<Int>()
            for (compiledIndex, receivedIndex) in pairs {
                let index = headingIndices[receivedIndex]
                retitled[compiledIndex] = file.paragraphs[index].text.trimmingCharacters(in: .whitespaces)
                settled.insert(index)
            }
            var compiled: [String: Int] = [:]
            for text in sent.unclaimed { compiled[text, default: 0] += 1 }
            var previous: String?
            for index in file.paragraphs.indices where !settled.contains(index) {
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
        headings = file.paragraphs.indices.filter { owner[$0] == nil }.compactMap { index in
            file.paragraphs[index].headingLevel.map { ($0, file.paragraphs[index].text) }
        }
        for (paragraph, warning) in file.warningsAt {
            if let id = owner[paragraph] { warnings[id, default: []].append(warning) }
        }
        for (id, list) in indices {
            var part = ImportedDocument(paragraphs: list.map { Self.withoutEdgeSpaces(file.paragraphs[$0]) }, styles: file.styles)
            part.annotations = file.annotations
            documents[id] = part
        }
    }

    /// A paragraph without spaces at its start and end: what an editor leaves splitting a paragraph after a
    /// sentence's full stop, which Markdown would keep only as an entity (`&#32;`).
    static func withoutEdgeSpaces(_ paragraph: ImportedParagraph) -> ImportedParagraph {
        guard !paragraph.isCodeBlock, paragraph.tableRow == nil else { return paragraph }
        let units = Array(paragraph.text.utf16)
        let lower = units.prefix { $0 == 0x20 }.count
        let upper = max(lower, units.count - units.reversed().prefix { $0 == 0x20 }.count)
        guard lower > 0 || upper < units.count else { return paragraph }
        var trimmed = paragraph
        trimmed.text = String(decoding: units[lower..<upper], as: UTF16.self)
        trimmed.runs = paragraph.runs.compactMap { run in
            let range = (min(max(run.range.lowerBound, lower), upper) - lower)..<(min(max(run.range.upperBound, lower), upper) - lower)
            return range.isEmpty ? nil : ImportedRun(range: range, attributes: run.attributes)
        }
        return trimmed
    }

    /// The headings of `received` that stand where a heading of `compiled` was retitled, as (compiled index,
    /// received index): the two lists are aligned by their texts (longest common subsequence), and between two
    /// aligned headings, headings left over on both sides are paired in order where their levels agree.
    static func retitles(_ compiled: [(level: Int, text: String)], _ received: [(level: Int, text: String)]) -> [(Int, Int)] {
        let (m, n) = (compiled.count, received.count)
        var lengths = Array(repeating: Array(repeating: 0, count: n + 1), count: m + 1)
        for i in stride(from: m - 1, through: 0, by: -1) {
            for j in stride(from: n - 1, through: 0, by: -1) {
                lengths[i][j] = compiled[i].text == received[j].text ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        var leftOver: (compiled: [Int], received: [Int]) = ([], [])
        func pairLeftOvers() {
            var remaining = leftOver.received[...]
            for c in leftOver.compiled {
                guard let k = remaining.firstIndex(where: { received[$0].level == compiled[c].level }) else { continue }
                pairs.append((c, remaining[k]))
                remaining = remaining[(k + 1)...]
            }
            leftOver = ([], [])
        }
        while i < m || j < n {
            if i < m, j < n, compiled[i].text == received[j].text {
                pairLeftOvers()
                (i, j) = (i + 1, j + 1)
            } else if j == n || (i < m && lengths[i + 1][j] >= lengths[i][j + 1]) {
                leftOver.compiled.append(i)
                i += 1
            } else {
                leftOver.received.append(j)
                j += 1
            }
        }
        pairLeftOvers()
        return pairs
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
