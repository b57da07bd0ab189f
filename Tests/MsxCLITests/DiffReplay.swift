import Foundation
import XCTest

/// An independent reader of `msx diff --json`: replays a document's paragraph operations on the old version's
/// paragraph texts, and checks formatting entries against the runs of `msx show --as json`.
///
/// The operations must say everything (docs/diff.md): `insert` and `delete` carry the paragraph's `text`, `equal`
/// names the old paragraph; `modify` and `move` carry `edits` (`op`, `oldStart`, `oldEnd`, `newStart`, `newEnd`, `text`, UTF-16 offsets) that walk the old
/// paragraph from start to end and build the new one. Any gap, overlap or wrong offset is a problem.
enum DiffReplay {
    /// Rebuilds the new version's paragraph texts from `old` and `operations`. Returns the texts (by new index) and
    /// every inconsistency found; a correct diff gives no problems and exactly the new texts.
    static func rebuild(old: [String], operations: [[String: Any]]) -> (texts: [String], problems: [String]) {
        var rebuilt: [Int: String] = [:]
        var consumed: [Int] = []
        var problems: [String] = []
        // A split old paragraph is walked by several modify operations, each from where the last one stopped.
        var walked: [Int: Int] = [:]
        var previousNew: Int?
        for (position, operation) in operations.enumerated() {
            let name = operation["op"] as? String ?? "?"
            let o = operation["oldParagraph"] as? Int, n = operation["newParagraph"] as? Int
            let label = "operation \(position) (\(name) old \(o.map(String.init) ?? "-") new \(n.map(String.init) ?? "-"))"
            defer { previousNew = n }
            if let o, walked[o] == nil { consumed.append(o) }
            if let o, !old.indices.contains(o) { problems.append("\(label): no old paragraph \(o)"); continue }
            let produced: String?
            switch name {
            case "equal", "delete":
                // docs/diff.md: a delete carries its text; an equal names the old paragraph (and may quote it).
                let text = operation["text"] as? String
                if let o, name == "delete" || text != nil, !same(text, old[o]) {
                    problems.append("\(label): text \(debug(text)) is not the old paragraph \(debug(old[o]))")
                }
                produced = name == "equal" ? o.map { old[$0] } : nil
            case "insert":
                produced = operation["text"] as? String
                if produced == nil { problems.append("\(label): no text") }
            case "modify", "move":
                guard let o, let edits = operation["edits"] as? [[String: Any]] else {
                    problems.append("\(label): no old paragraph or no edits"); continue
                }
                let joining = name == "modify" && n != nil && previousNew == n
                let (text, end, editProblems) = apply(edits, to: old[o], from: walked[o] ?? 0,
                                                      newBase: joining ? rebuilt[n!]?.utf16.count ?? 0 : 0)
                walked[o] = end
                problems += editProblems.map { "\(label): \($0)" }
                produced = text
            default:
                problems.append("\(label): unknown op")
                produced = nil
            }
            guard let produced else { continue }
            guard let n else { problems.append("\(label): produces text but has no newParagraph"); continue }
            // A joined new paragraph is built by consecutive modify operations, one piece after another.
            if let earlier = rebuilt[n] {
                if name != "modify" || previousNew != n { problems.append("\(label): new paragraph \(n) produced twice") }
                rebuilt[n] = earlier + produced
            } else {
                rebuilt[n] = produced
            }
        }
        for (o, end) in walked where old.indices.contains(o) && end != old[o].utf16.count {
            problems.append("old paragraph \(o): edits end at offset \(end) of \(old[o].utf16.count)")
        }
        if consumed.sorted() != Array(old.indices) {
            problems.append("old paragraphs used \(consumed.sorted()), expected each of 0..<\(old.count) once")
        }
        let count = (rebuilt.keys.max() ?? -1) + 1
        if Set(rebuilt.keys) != Set(0..<count) { problems.append("new paragraphs produced: \(rebuilt.keys.sorted())") }
        return ((0..<count).map { rebuilt[$0] ?? "" }, problems)
    }

    /// Applies one paragraph's edits to its old text from offset `start` (where an earlier piece of a split
    /// paragraph stopped): `equal` and `delete` must continue exactly where the previous old stretch ended and quote
    /// it; `equal` and `insert` must land exactly at the end of the text built so far (after `newBase` units that
    /// the earlier pieces of a joined paragraph built). Returns where the edits end.
    static func apply(_ edits: [[String: Any]], to old: String, from start: Int = 0,
                      newBase: Int = 0) -> (text: String, end: Int, problems: [String]) {
        let oldUnits = Array(old.utf16)
        var built: [UInt16] = []
        var cursor = start
        var problems: [String] = []
        for (i, edit) in edits.enumerated() {
            let op = edit["op"] as? String ?? "?", text = edit["text"] as? String ?? ""
            let units = Array(text.utf16)
            guard let oldStart = edit["oldStart"] as? Int, let oldEnd = edit["oldEnd"] as? Int,
                let newStart = edit["newStart"] as? Int, let newEnd = edit["newEnd"] as? Int
            else { problems.append("edit \(i): offsets missing"); continue }
            let where_ = "edit \(i) (\(op) \(debug(text)) old \(oldStart)-\(oldEnd) new \(newStart)-\(newEnd))"
            if op == "equal" || op == "delete" {
                if oldStart != cursor { problems.append("\(where_): old text resumes at \(cursor)") }
                let inBounds = 0 <= oldStart && oldStart <= oldEnd && oldEnd <= oldUnits.count
                if !inBounds || Array(oldUnits[oldStart..<oldEnd]) != units {
                    problems.append("\(where_): does not quote the old paragraph")
                }
                cursor = max(cursor, oldEnd)
            } else if op == "insert", oldStart != cursor || oldEnd != cursor {
                problems.append("\(where_): inserted at old \(oldStart)-\(oldEnd), the old text is at \(cursor)")
            }
            let at = newBase + built.count
            if op == "equal" || op == "insert" {
                if newStart != at || newEnd != at + units.count {
                    problems.append("\(where_): new range should be \(at)-\(at + units.count)")
                }
                built += units
            } else if op == "delete", newStart != at || newEnd != at {
                problems.append("\(where_): deleted at new \(newStart)-\(newEnd), the new text is at \(at)")
            } else if !["equal", "insert", "delete"].contains(op) {
                problems.append("\(where_): unknown op")
            }
        }
        return (String(decoding: built, as: UTF16.self), cursor, problems)
    }

    /// Checks each `formatting[]` entry against the resolved runs of both versions (`show --as json` paragraphs):
    /// the entry's `text` is at `newStart..<newEnd` of `newParagraph` and at `oldStart..<oldEnd` of `oldParagraph`;
    /// every new run it overlaps has `attribute` = `after`, every old run `before`.
    static func formattingProblems(_ entries: [[String: Any]], old: [[String: Any]], new: [[String: Any]]) -> [String] {
        var problems: [String] = []
        for (i, entry) in entries.enumerated() {
            let attribute = entry["attribute"] as? String ?? "?", text = entry["text"] as? String ?? ""
            let label = "formatting \(i) (\(attribute) '\(text)')"
            for (side, paragraphs, key) in [("new", new, "after"), ("old", old, "before")] {
                guard let p = entry["\(side)Paragraph"] as? Int, paragraphs.indices.contains(p),
                    let start = entry["\(side)Start"] as? Int, let end = entry["\(side)End"] as? Int
                else { problems.append("\(label): bad \(side) paragraph or range"); continue }
                let units = Array((paragraphs[p]["text"] as? String ?? "").utf16)
                guard 0 <= start, start < end, end <= units.count else { problems.append("\(label): \(side) range \(start)-\(end) out of bounds"); continue }
                if String(decoding: units[start..<end], as: UTF16.self) != text { problems.append("\(label): not the \(side) text at \(start)-\(end)") }
                for run in paragraphs[p]["runs"] as? [[String: Any]] ?? [] {
                    guard let rs = run["start"] as? Int, let re = run["end"] as? Int, rs < end, start < re else { continue }
                    let value = (run["attributes"] as? [String: Any])?[attribute] ?? NSNull()
                    if !jsonEqual(value, entry[key] ?? NSNull()) {
                        problems.append("\(label): \(side) run '\(run["text"] ?? "")' has \(attribute) \(value), entry says \(key) \(entry[key] ?? "nil")")
                    }
                }
            }
        }
        return problems
    }

    /// Checks each `paragraphAttributes[]` entry against the paragraphs' resolved `attributes`: `before` is the old
    /// paragraph's value of `attribute` and `after` the new one's (a missing key is null).
    static func paragraphAttributeProblems(_ entries: [[String: Any]], old: [[String: Any]], new: [[String: Any]]) -> [String] {
        entries.enumerated().flatMap { i, entry -> [String] in
            let attribute = entry["attribute"] as? String ?? "?"
            return [("old", old, "before"), ("new", new, "after")].compactMap { side, paragraphs, key -> String? in
                guard let p = entry["\(side)Paragraph"] as? Int, paragraphs.indices.contains(p) else {
                    return "paragraph attribute \(i) (\(attribute)): bad \(side)Paragraph"
                }
                let value = (paragraphs[p]["attributes"] as? [String: Any])?[attribute] ?? NSNull()
                return jsonEqual(value, entry[key] ?? NSNull()) ? nil
                    : "paragraph attribute \(i) (\(attribute)): \(side) paragraph has \(value), entry says \(key) \(entry[key] ?? "nil")"
            }
        }
    }

    /// Checks the `runs` that inserted paragraphs and inserted words carry (offsets from the start of the inserted
    /// text) against the new version's resolved runs: the same attributes wherever they overlap.
    static func insertedRunProblems(_ operations: [[String: Any]], new: [[String: Any]]) -> [String] {
        var problems: [String] = []
        for operation in operations {
            guard let n = operation["newParagraph"] as? Int, new.indices.contains(n) else { continue }
            let inserted: [(base: Int, runs: [[String: Any]])] = operation["op"] as? String == "insert"
                ? [(0, operation["runs"] as? [[String: Any]] ?? [])]
                : (operation["edits"] as? [[String: Any]] ?? []).filter { $0["op"] as? String == "insert" }
                    .map { ($0["newStart"] as? Int ?? 0, $0["runs"] as? [[String: Any]] ?? []) }
            for (base, runs) in inserted {
                for run in runs {
                    let start = base + (run["start"] as? Int ?? 0), end = base + (run["end"] as? Int ?? 0)
                    let attributes = run["attributes"] as? [String: Any] ?? [:]
                    for shown in new[n]["runs"] as? [[String: Any]] ?? [] {
                        guard let s = shown["start"] as? Int, let e = shown["end"] as? Int, s < end, start < e else { continue }
                        let expected = shown["attributes"] as? [String: Any] ?? [:]
                        let differing = Set(expected.keys).union(attributes.keys).filter { !jsonEqual(attributes[$0] ?? NSNull(), expected[$0] ?? NSNull()) }
                        if !differing.isEmpty {
                            problems.append("paragraph \(n): inserted run \(start)-\(end) differs from show's run '\(shown["text"] ?? "")' in \(differing.sorted())")
                        }
                    }
                }
            }
        }
        return problems
    }

    // MARK: Unicode

    /// The UTF-16 offsets at which `text` may be cut without splitting a grapheme (0 and the end included).
    static func graphemeBoundaries(_ text: String) -> Set<Int> {
        var offsets: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.insert(offset)
        }
        return offsets
    }

    // MARK: Helpers

    /// Exact equality, code point by code point (Swift's `==` would call `é` and `e`+U+0301 equal).
    static func same(_ a: String?, _ b: String?) -> Bool {
        a.map { Array($0.unicodeScalars) } == b.map { Array($0.unicodeScalars) }
    }

    /// Equality of two values from JSONSerialization (`NSNull` for null).
    static func jsonEqual(_ a: Any, _ b: Any) -> Bool {
        if a is NSNull || b is NSNull { return a is NSNull && b is NSNull }
        if let x = a as? String, let y = b as? String { return x == y }
        if let x = a as? Bool, let y = b as? Bool { return x == y }
        if let x = jsonNumber(a), let y = jsonNumber(b) { return x == y }
        return "\(a)" == "\(b)"
    }

    private static func debug(_ text: String?) -> String { text.map { $0.debugDescription } ?? "nil" }
}

extension DiffTestCase {
    /// Asserts that `msx diff --json REF [--from FROM] [--to TO]` describes exactly how REF changed: its operations
    /// rebuild the paragraphs of `show REF@TO` (or the working copy) from those of `show REF@FROM` (default: the
    /// last version), its formatting and paragraph attribute entries agree with both versions, and the runs of
    /// inserted text with the new version's. Returns the document entry.
    @discardableResult
    func assertReplays(_ reference: String, from: String? = nil, to: String? = nil, in root: URL,
                       file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let revisions = (from.map { ["--from", $0] } ?? []) + (to.map { ["--to", $0] } ?? [])
        let documents = try diffDocuments([reference] + revisions, in: root, file: file, line: line)
        XCTAssertEqual(documents.count, 1, "diff \(reference) \(revisions) lists one document", file: file, line: line)
        let document = try XCTUnwrap(documents.first, file: file, line: line)
        let old = try paragraphs(of: "\(reference)@\(try from ?? revision(in: root))", in: root, file: file, line: line)
        let new = try paragraphs(of: to.map { "\(reference)@\($0)" } ?? reference, in: root, file: file, line: line)
        let (texts, problems) = DiffReplay.rebuild(old: old.map { $0["text"] as? String ?? "" },
                                                   operations: document["paragraphs"] as? [[String: Any]] ?? [])
        XCTAssertEqual(problems, [], "replaying diff \(reference) \(revisions)", file: file, line: line)
        XCTAssertEqual(texts.map { Data($0.utf8) }, new.map { Data(($0["text"] as? String ?? "").utf8) },
                       "the replayed paragraphs are not the new version's: \(texts)", file: file, line: line)
        let formatting = DiffReplay.formattingProblems(document["formatting"] as? [[String: Any]] ?? [], old: old, new: new)
        XCTAssertEqual(formatting, [], "formatting entries of diff \(reference) \(revisions)", file: file, line: line)
        let attributes = DiffReplay.paragraphAttributeProblems(document["paragraphAttributes"] as? [[String: Any]] ?? [], old: old, new: new)
        XCTAssertEqual(attributes, [], "paragraph attribute entries of diff \(reference) \(revisions)", file: file, line: line)
        let inserted = DiffReplay.insertedRunProblems(document["paragraphs"] as? [[String: Any]] ?? [], new: new)
        XCTAssertEqual(inserted, [], "runs of inserted text in diff \(reference) \(revisions)", file: file, line: line)
        return document
    }
}
