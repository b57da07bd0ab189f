import Foundation
import MsxDiff
import MsxModel
import MsxProject

/// The differences between two versions as a Word document of tracked changes: words inserted
/// and deleted as `w:ins` and `w:del`, formatting changes as `w:rPrChange` and `w:pPrChange`, whole paragraphs
/// inserted or deleted with their paragraph marks, so that an editor can accept or reject each in Word or
/// LibreOffice: accepting all gives the newer version, rejecting all the older one. Each document compared starts
/// with its title as a heading (not a change). Paragraphs moved are `w:moveFrom` where they were and `w:moveTo` where
/// they are, each place inside its named range, as Word writes moves. Footnotes are Word footnotes, a change inside
/// one tracked there (a change that takes in a note's `^[` or `]` leaves the note as text); pictures are pictures.
public enum DocxChanges {
    /// One paragraph of the file: what it shows, and how it changed.
    private struct Entry {
        var paragraph: ResolvedParagraph
        var revisions: [Int: DocxRevision] = [:]
        /// The paragraph's mark (its end), inserted or deleted.
        var mark: DocxRevision?
        /// The whole paragraph inserted or deleted (its checklist box goes with it).
        var whole: DocxRevision?
        var former: ResolvedParagraph?
        /// The move the paragraph belongs to, where it was or where it is now.
        var move: String?

        /// Whether the whole paragraph is new here (inserted, or moved here).
        var isAdded: Bool { whole == .inserted || whole == .moved(away: false) }
    }

    /// - Parameters:
    ///   - reviser: who the changes are credited to (the newer version's author), `date` when.
    ///   - pictures: a picture's bytes by project path (the newer version's, else the older's): pictures are
    ///     pictures in the file.
    public static func render(_ comparisons: [DocumentComparison], sheet: StyleSheet, title: String, author: String,
                              reviser: String, date: Date, pictures: @escaping (String) -> Data? = { _ in nil }) throws -> Data {
        var entries: [Entry] = []
        var placement = PicturePlacement(load: pictures)
        for comparison in comparisons {
            entries.append(Entry(paragraph: heading(comparison.title, sheet: sheet)))
            entries += Self.entries(comparison).map { entry in
                var entry = entry
                entry.paragraph = placement.place(entry.paragraph, documentPath: comparison.path, keepingUnplaceable: true)
                return entry
            }
        }
        let tables = OutputTables(entries.map(\.paragraph), sheet: sheet)
        var writer = DocxParagraphWriter(tables: tables, sheet: sheet)
        writer.pictures = placement.placed
        let stamp = ISO8601DateFormatter()
        stamp.formatOptions = [.withInternetDateTime]
        writer.reviser = (reviser, stamp.string(from: date))
        var body = "", openMove: (name: String, away: Bool, end: String)?
        for (position, entry) in entries.enumerated() {
            let away = entry.whole == .moved(away: true)
            if let move = openMove, move.name != entry.move || move.away != away {
                body += move.end
                openMove = nil
            }
            if openMove == nil, let name = entry.move {
                let range = writer.moveRange(away: away, name: name)
                body += range.start
                openMove = (name, away, range.end)
            }
            body += writer.write(entry.paragraph, at: position, revisions: entry.revisions, mark: entry.mark, box: entry.whole,
                                 former: entry.former)
        }
        body += openMove?.end ?? ""
        return try DocxWriter.package(body: body, writer: writer, tables: tables, sheet: sheet,
                                      layout: .init(title: title, author: author, wordCount: 0))
    }

    /// A document's title as a level 1 heading in the project's style.
    private static func heading(_ title: String, sheet: StyleSheet) -> ResolvedParagraph {
        var attributes = sheet.defaults.overlaid(with: sheet.style(named: "Heading 1")?.attributes ?? [:])
        attributes[.style] = "Heading 1"
        let character = attributes.filter { AttributeKey.character.contains($0.key) }
        return ResolvedParagraph(index: 0, kind: .heading(level: 1, setext: false), text: title, attributes: attributes,
                                 runs: [ResolvedRun(range: 0..<title.utf16.count, text: title, attributes: character)])
    }

    /// The document's paragraphs in an order that reads as the newer version once every change is accepted and
    /// as the older once every change is rejected: paragraphs both versions hold (in the same order), and between
    /// them the older's others (deleted, or moved away) and then the newer's (inserted, or moved here). Paragraphs
    /// moved together (next to each other in both versions) make one move.
    private static func entries(_ comparison: DocumentComparison) -> [Entry] {
        let old = comparison.oldParagraphs, new = comparison.newParagraphs
        var pairs: [Pair] = [], moves: [Pair] = []
        for operation in comparison.diff.operations {
            switch operation {
            case .equal(let o, let n): pairs.append(Pair(old: o, new: n, edits: nil))
            case .modify(let o, let n, let edits): pairs.append(Pair(old: o, new: n, edits: edits))
            case .move(let o, let n, let edits): moves.append(Pair(old: o, new: n, edits: edits))
            case .insert, .delete: break
            }
        }
        var backbone: [Pair] = []
        for pair in pairs.sorted(by: { $0.new < $1.new }) {
            if pair.old > (backbone.last?.old ?? -1) && pair.new > (backbone.last?.new ?? -1) {
                backbone.append(pair)
            } else {
                moves.append(pair)
            }
        }
        let moved = moveNames(moves)
        var entries: [Entry] = [], nextOld = 0, nextNew = 0
        for pair in backbone + [Pair(old: old.count, new: new.count, edits: nil)] {
            for index in nextOld..<pair.old {
                guard let name = moved.away[index] else { entries.append(whole(old[index], .deleted)); continue }
                entries.append(whole(old[index], .moved(away: true), move: name))
            }
            for index in nextNew..<pair.new {
                guard let (name, move) = moved.here[index] else { entries.append(whole(new[index], .inserted)); continue }
                var entry = changed(old[move.old], new[index], edits: move.edits, moved: true)
                entry.move = name
                entries.append(entry)
            }
            guard pair.old < old.count, pair.new < new.count else { break }
            entries.append(changed(old[pair.old], new[pair.new], edits: pair.edits))
            (nextOld, nextNew) = (pair.old + 1, pair.new + 1)
        }
        return marksAsWordWritesThem(entries)
    }

    /// A paragraph of the older version and the one it became.
    private struct Pair {
        var old: Int, new: Int
        var edits: [DocumentDiff.TextEdit]?
    }

    /// Each move's name, by the older version's paragraph (`away`) and by the newer's (`here`, with the pair):
    /// paragraphs next to each other in both versions share a name.
    private static func moveNames(_ moves: [Pair]) -> (away: [Int: String], here: [Int: (String, Pair)]) {
        var away: [Int: String] = [:], here: [Int: (String, Pair)] = [:], count = 0, previous: Pair?
        for move in moves.sorted(by: { $0.old < $1.old }) {
            if previous.map({ $0.old + 1 != move.old || $0.new + 1 != move.new }) ?? true { count += 1 }
            away[move.old] = "msxMove\(count)"
            here[move.new] = ("msxMove\(count)", move)
            previous = move
        }
        return (away, here)
    }

    /// Paragraphs inserted after a paragraph that stays get their marks as Word writes them: the new mark is the
    /// one at the end of the paragraph before (where the writer pressed Enter), and the last inserted paragraph
    /// ends with that paragraph's old mark, its former properties those of the paragraph before. Word and
    /// LibreOffice then undo the insertion without joining the paragraphs around it.
    private static func marksAsWordWritesThem(_ entries: [Entry]) -> [Entry] {
        var entries = entries, index = 1
        while index < entries.count {
            guard entries[index].isAdded, entries[index - 1].mark == nil else { index += 1; continue }
            var end = index
            while end + 1 < entries.count, entries[end + 1].isAdded { end += 1 }
            entries[index - 1].mark = entries[index].whole
            entries[end].mark = nil
            entries[end].former = entries[index - 1].former ?? entries[index - 1].paragraph
            index = end + 1
        }
        return entries
    }

    private static func whole(_ p: ResolvedParagraph, _ revision: DocxRevision, move: String? = nil) -> Entry {
        Entry(paragraph: p, revisions: Dictionary(uniqueKeysWithValues: p.runs.indices.map { ($0, revision) }), mark: revision,
              whole: revision, move: move)
    }

    /// A paragraph both versions hold: the newer's text and formatting with the older's words it lost (deleted),
    /// the words it gained (inserted), and the former formatting of words whose formatting changed. A paragraph
    /// `moved` here is the newer's words: those it kept moved here, those it gained inserted (the words it lost
    /// are with it where it was).
    private static func changed(_ old: ResolvedParagraph, _ new: ResolvedParagraph, edits: [DocumentDiff.TextEdit]?,
                                moved: Bool = false) -> Entry {
        let oldUnits = Array(old.text.utf16), newUnits = Array(new.text.utf16)
        let steps = edits ?? [.init(kind: .equal, old: 0..<oldUnits.count, new: 0..<newUnits.count, text: new.text)]
        var runs: [ResolvedRun] = [], revisions: [Int: DocxRevision] = [:], length = 0
        func add(_ units: ArraySlice<UInt16>, _ attributes: Attributes, _ revision: DocxRevision?) {
            guard !units.isEmpty else { return }
            let text = String(decoding: units, as: UTF16.self)
            if let revision { revisions[runs.count] = revision }
            runs.append(ResolvedRun(range: length..<(length + units.count), text: text, attributes: attributes))
            length += units.count
        }
        for step in steps {
            switch step.kind {
            case .insert:
                for (range, attributes) in pieces(of: new, over: step.new) { add(newUnits[range], attributes, .inserted) }
            case .delete:
                guard !moved else { continue }
                for (range, attributes) in pieces(of: old, over: step.old) { add(oldUnits[range], attributes, .deleted) }
            case .equal where moved:
                for (range, attributes) in pieces(of: new, over: step.new) { add(newUnits[range], attributes, .moved(away: false)) }
            case .equal:
                for (range, attributes) in pieces(of: new, over: step.new) {
                    // The same words in the older version, cut where its formatting changes.
                    let shift = step.old.lowerBound - step.new.lowerBound
                    for (oldRange, former) in pieces(of: old, over: (range.lowerBound + shift)..<(range.upperBound + shift)) {
                        let piece = (oldRange.lowerBound - shift)..<(oldRange.upperBound - shift)
                        // Only what Word shows counts as a change of formatting (not a comment or a link's address).
                        let shown = { (a: Attributes) in a.filter { AttributeKey.character.contains($0.key) || $0.key == .code } }
                        add(newUnits[piece], attributes, shown(former) == shown(attributes) ? nil : .formatted(from: former))
                    }
                }
            }
        }
        var paragraph = new
        paragraph.text = runs.map(\.text).joined()
        paragraph.runs = runs
        guard !moved else { return Entry(paragraph: paragraph, revisions: revisions, mark: .moved(away: false), whole: .moved(away: false)) }
        return Entry(paragraph: paragraph, revisions: revisions, former: old)
    }

    /// `range` of a paragraph cut at its runs' bounds, each piece with its run's attributes.
    private static func pieces(of p: ResolvedParagraph, over range: Range<Int>) -> [(Range<Int>, Attributes)] {
        p.runs.compactMap { run in
            let lower = max(run.range.lowerBound, range.lowerBound), upper = min(run.range.upperBound, range.upperBound)
            return lower < upper ? (lower..<upper, run.attributes) : nil
        }
    }
}

extension DocxChanges {
    /// A picture's bytes by project path, as `newer` has it, else as `older` does (for a document of the changes
    /// between them).
    public static func pictures(newer: any ProjectReader, older: any ProjectReader) -> (String) -> Data? {
        { path in
            (try? newer.fileData(path, limit: Manuscript.largestPicture)).flatMap { $0 }
                ?? (try? older.fileData(path, limit: Manuscript.largestPicture)).flatMap { $0 }
        }
    }
}
