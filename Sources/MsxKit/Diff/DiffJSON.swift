/// The `msx diff --json` form of a document's differences (schema in docs/diff.md).
public enum DiffJSON {
    /// - Parameters: old and new paragraph texts, so inserted, deleted and equal paragraphs carry their text and
    ///   the operations alone rebuild the new text from the old.
    public static func value(_ diff: DocumentDiff, old: [String], new: [String]) -> JSONValue {
        [
            "wordsAdded": .int(diff.wordsAdded), "wordsRemoved": .int(diff.wordsRemoved), "wordsMoved": .int(diff.wordsMoved),
            "paragraphs": .array(diff.operations.map { operation($0, old, new) }),
            "formatting": .array(diff.formatting.map { c in
                [
                    "attribute": .string(c.attribute), "before": c.before, "after": c.after,
                    "oldParagraph": .int(c.oldParagraph), "newParagraph": .int(c.newParagraph),
                    "oldStart": .int(c.old.lowerBound), "oldEnd": .int(c.old.upperBound),
                    "newStart": .int(c.new.lowerBound), "newEnd": .int(c.new.upperBound), "text": .string(c.text),
                ]
            }),
            "paragraphAttributes": .array(diff.paragraphFormatting.map { c in
                ["attribute": .string(c.attribute), "before": c.before, "after": c.after,
                 "oldParagraph": .int(c.oldParagraph), "newParagraph": .int(c.newParagraph)]
            }),
        ]
    }

    private static func operation(_ op: DocumentDiff.ParagraphOperation, _ old: [String], _ new: [String]) -> JSONValue {
        switch op {
        case .equal(let o, let n):
            return ["op": "equal", "oldParagraph": .int(o), "newParagraph": .int(n), "text": .string(old[o])]
        case .insert(let n):
            return ["op": "insert", "newParagraph": .int(n), "text": .string(new[n])]
        case .delete(let o):
            return ["op": "delete", "oldParagraph": .int(o), "text": .string(old[o])]
        case .modify(let o, let n, let edits):
            return ["op": "modify", "oldParagraph": .int(o), "newParagraph": .int(n), "edits": edits.map(edit).json]
        case .move(let o, let n, let edits):
            return ["op": "move", "oldParagraph": .int(o), "newParagraph": .int(n), "edits": edits.map(edit).json]
        }
    }

    private static func edit(_ e: DocumentDiff.TextEdit) -> JSONValue {
        ["op": .string(e.kind.rawValue), "oldStart": .int(e.old.lowerBound), "oldEnd": .int(e.old.upperBound),
         "newStart": .int(e.new.lowerBound), "newEnd": .int(e.new.upperBound), "text": .string(e.text)]
    }
}

extension Array where Element == JSONValue {
    var json: JSONValue { .array(self) }
}
