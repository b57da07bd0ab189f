import MsxDiff
import MsxHistory
import MsxModel

/// The `msx diff --json` form of a document's differences (schema in docs/diff.md).
public enum DiffJSON {
    /// Writes a document's differences nested `indent` levels deep, with `fields` (the document's name, path...)
    /// among them, the paragraphs' operations one at a time: `sink` receives the JSON text's UTF-8 bytes in pieces, and a long
    /// document's differences are never held whole as JSON.
    /// - Parameters: old and new paragraph texts, so inserted, deleted and equal paragraphs carry their text and
    ///   the operations alone rebuild the new text from the old.
    /// - Parameter newParagraphs: when given, inserted paragraphs and inserted words carry their formatting
    ///   (`attributes`, `runs`), so the operations rebuild every attribute of the new version too.
    public static func write(_ diff: DocumentDiff, old: [String], new: [String], newParagraphs: [ResolvedParagraph] = [],
                             fields: [String: JSONValue] = [:], indent: Int = 0, to sink: ([UInt8]) -> Void) {
        var paragraphs = JSONArrayStream(fields.merging(summary(diff)) { $1 }, streaming: "paragraphs", indent: indent, to: sink)
        for op in diff.operations {
            paragraphs.startElement(to: sink)
            var out: [UInt8] = []
            write(op, old, new, newParagraphs, indent: paragraphs.depth, into: &out)
            sink(out)
        }
        paragraphs.finish(to: sink)
    }

    /// A document's differences as one value, as `write` streams them with `fields(c)`.
    public static func value(_ c: DocumentComparison) -> JSONValue {
        var object = fields(c).merging(summary(c.diff)) { $1 }
        object["paragraphs"] = .array(c.diff.operations.map { operation($0, c.oldTexts, c.newTexts, c.newParagraphs) })
        return .object(object)
    }

    /// A document's members of `diff --json` besides its differences: its id, title and path, how its place and
    /// metadata changed, and its formatting changes in words.
    public static func fields(_ c: DocumentComparison) -> [String: JSONValue] {
        [
            "id": .optional(c.id), "title": .string(c.title), "path": .string(c.path),
            "binder": .array(c.binder.map { .string(DiffDescription.binder($0)) }),
            "description": .array(DiffDescription.formatting(c.diff, newTexts: c.newTexts).map(JSONValue.string)),
        ]
    }

    /// The members of `diff --json` besides its documents: the files that changed, the folders' and project's own
    /// changes (a line each, as `status` words them), and the documents whose files differ but read the same (only
    /// when there are any).
    public static func members(markupOnly: [DocumentComparison], files: [FileChange], binder: [BinderStructureChange]) -> [String: JSONValue] {
        var members: [String: JSONValue] = ["files": .array(files.map { (try? JSONValueEncoder.encode(FileChangeReport($0))) ?? .null }),
                                            "binder": .array(binder.map { .string(BinderStructureWording.line($0)) })]
        if !markupOnly.isEmpty { members["markupOnly"] = .array(markupOnly.map { .string($0.path) }) }
        return members
    }

    /// The whole of `diff --json` as one value (the command line streams it a document at a time).
    public static func report(_ comparisons: [DocumentComparison], markupOnly: [DocumentComparison], files: [FileChange],
                              binder: [BinderStructureChange]) -> JSONValue {
        var object = members(markupOnly: markupOnly, files: files, binder: binder)
        object["documents"] = .array(comparisons.map(value))
        return .object(object)
    }

    /// The shape of `report`.
    static var schema: JSONSchema {
        let document = JSONSchema.object([
            "id": .nullable(.string), "title": .string, "path": .string, "binder": .array(.string), "description": .array(.string),
            "wordsAdded": .integer, "wordsRemoved": .integer, "wordsMoved": .integer, "structure": .array(.map(.any)),
            "formatting": .array(.map(.any)), "sentenceMoves": .array(.map(.any)), "paragraphAttributes": .array(.map(.any)),
            "paragraphs": .array(.map(.any)),
        ])
        return .object(["documents": .array(document), "files": .array(FileChangeReport.schema), "binder": .array(.string)],
                       optional: ["markupOnly": .array(.string)])
    }

    /// Every member of a document's differences but its paragraphs' operations.
    private static func summary(_ diff: DocumentDiff) -> [String: JSONValue] {
        [
            "wordsAdded": .int(diff.wordsAdded), "wordsRemoved": .int(diff.wordsRemoved), "wordsMoved": .int(diff.wordsMoved),
            "structure": .array(diff.structure.map { c in
                ["kind": .string(c.kind.rawValue), "oldParagraphs": .array(c.oldParagraphs.map { .int($0) }),
                 "newParagraphs": .array(c.newParagraphs.map { .int($0) })]
            }),
            "formatting": .array(diff.formatting.map { c in
                [
                    "attribute": .string(c.attribute.rawValue), "before": c.before, "after": c.after,
                    "oldParagraph": .int(c.oldParagraph), "newParagraph": .int(c.newParagraph),
                    "oldStart": .int(c.old.lowerBound), "oldEnd": .int(c.old.upperBound),
                    "newStart": .int(c.new.lowerBound), "newEnd": .int(c.new.upperBound), "text": .string(c.text),
                ]
            }),
            "sentenceMoves": .array(diff.sentenceMoves.map { m in
                ["oldParagraph": .int(m.oldParagraph), "newParagraph": .int(m.newParagraph),
                 "oldStart": .int(m.old.lowerBound), "oldEnd": .int(m.old.upperBound),
                 "newStart": .int(m.new.lowerBound), "newEnd": .int(m.new.upperBound), "text": .string(m.text)]
            }),
            "paragraphAttributes": .array(diff.paragraphFormatting.map { c in
                ["attribute": .string(c.attribute.rawValue), "before": c.before, "after": c.after,
                 "oldParagraph": .int(c.oldParagraph), "newParagraph": .int(c.newParagraph)]
            }),
        ]
    }

    private static func operation(_ op: DocumentDiff.ParagraphOperation, _ old: [String], _ new: [String],
                                  _ paragraphs: [ResolvedParagraph]) -> JSONValue {
        switch op {
        case .equal(let o, let n):
            return ["op": "equal", "oldParagraph": .int(o), "newParagraph": .int(n)]
        case .insert(let n):
            var o: [String: JSONValue] = ["op": "insert", "newParagraph": .int(n), "text": .string(new[n])]
            if n < paragraphs.count {
                o["attributes"] = .object(paragraphs[n].attributes.json)
                o["runs"] = runs(paragraphs[n], 0..<paragraphs[n].text.utf16.count)
            }
            return .object(o)
        case .delete(let o):
            return ["op": "delete", "oldParagraph": .int(o), "text": .string(old[o])]
        case .modify(let o, let n, let edits):
            return ["op": "modify", "oldParagraph": .int(o), "newParagraph": .int(n), "edits": edits.map { edit($0, n < paragraphs.count ? paragraphs[n] : nil) }.json]
        case .move(let o, let n, let edits):
            return ["op": "move", "oldParagraph": .int(o), "newParagraph": .int(n), "edits": edits.map { edit($0, n < paragraphs.count ? paragraphs[n] : nil) }.json]
        }
    }

    /// The bytes `JSONWriter` writes for `operation(op, ...)`, written member by member (a long document's operations
    /// built as values, and each one's members sorted, cost more than comparing its paragraphs).
    private static func write(_ op: DocumentDiff.ParagraphOperation, _ old: [String], _ new: [String], _ paragraphs: [ResolvedParagraph],
                              indent: Int, into out: inout [UInt8]) {
        var object = JSONObjectWriter(indent: indent)
        switch op {
        case .equal(let o, let n):
            object.member("newParagraph", n, into: &out)
            object.member("oldParagraph", o, into: &out)
            object.member("op", "equal", into: &out)
        case .insert(let n):
            let paragraph = n < paragraphs.count ? paragraphs[n] : nil
            if let paragraph { object.member("attributes", .object(paragraph.attributes.json), into: &out) }
            object.member("newParagraph", n, into: &out)
            object.member("op", "insert", into: &out)
            if let paragraph { object.member("runs", runs(paragraph, 0..<paragraph.text.utf16.count), into: &out) }
            object.member("text", new[n], into: &out)
        case .delete(let o):
            object.member("oldParagraph", o, into: &out)
            object.member("op", "delete", into: &out)
            object.member("text", old[o], into: &out)
        case .modify(let o, let n, let edits), .move(let o, let n, let edits):
            let paragraph = n < paragraphs.count ? paragraphs[n] : nil
            object.member("edits", count: edits.count, into: &out) { i, indent, out in write(edits[i], paragraph, indent: indent, into: &out) }
            object.member("newParagraph", n, into: &out)
            object.member("oldParagraph", o, into: &out)
            if case .move = op { object.member("op", "move", into: &out) } else { object.member("op", "modify", into: &out) }
        }
        object.close(into: &out)
    }

    /// The bytes `JSONWriter` writes for `edit(e, paragraph)`.
    private static func write(_ e: DocumentDiff.TextEdit, _ paragraph: ResolvedParagraph?, indent: Int, into out: inout [UInt8]) {
        var object = JSONObjectWriter(indent: indent)
        object.member("newEnd", e.new.upperBound, into: &out)
        object.member("newStart", e.new.lowerBound, into: &out)
        object.member("oldEnd", e.old.upperBound, into: &out)
        object.member("oldStart", e.old.lowerBound, into: &out)
        object.member("op", e.kind.rawValue, into: &out)
        if e.kind == .insert, let paragraph { object.member("runs", runs(paragraph, e.new), into: &out) }
        object.member("text", e.text, into: &out)
        object.close(into: &out)
    }

    /// The runs of `paragraph` within `range`, with offsets relative to the range's start.
    private static func runs(_ paragraph: ResolvedParagraph, _ range: Range<Int>) -> JSONValue {
        .array(paragraph.runs.compactMap { run in
            let lower = max(run.range.lowerBound, range.lowerBound), upper = min(run.range.upperBound, range.upperBound)
            guard lower < upper else { return nil }
            return ["start": .int(lower - range.lowerBound), "end": .int(upper - range.lowerBound), "attributes": .object(run.attributes.json)]
        })
    }

    private static func edit(_ e: DocumentDiff.TextEdit, _ paragraph: ResolvedParagraph?) -> JSONValue {
        var o: [String: JSONValue] = [
            "op": .string(e.kind.rawValue), "oldStart": .int(e.old.lowerBound), "oldEnd": .int(e.old.upperBound),
            "newStart": .int(e.new.lowerBound), "newEnd": .int(e.new.upperBound), "text": .string(e.text),
        ]
        if e.kind == .insert, let paragraph { o["runs"] = runs(paragraph, e.new) }
        return .object(o)
    }
}

extension Array where Element == JSONValue {
    var json: JSONValue { .array(self) }
}
