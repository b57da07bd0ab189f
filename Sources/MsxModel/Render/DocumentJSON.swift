/// The `show --as json` document model (schema version 1, `docs/schema/document.schema.json`).
public enum DocumentJSON {
    /// The model of a document, every paragraph with resolved attributes and runs, written a paragraph at a time:
    /// `sink` receives the JSON text's UTF-8 bytes in pieces, and only one paragraph's model is held at once. `annotations`,
    /// the document's notes by id (the `annotation` run attribute names them), are left out when there are none.
    public static func write(_ document: RichDocument, sheet: StyleSheet, node: BinderNode?, warnings: [String],
                             to sink: ([UInt8]) -> Void) {
        var paragraphs = JSONArrayStream(members(node: node, warnings: warnings, annotations: document.annotations),
                                         streaming: "paragraphs", to: sink)
        document.forEachResolved(with: sheet) { paragraphs.append(paragraph($0), to: sink) }
        paragraphs.finish(to: sink)
    }

    /// The whole model as one value (for a caller that holds the document anyway; `write` streams it).
    public static func model(_ document: RichDocument, sheet: StyleSheet, node: BinderNode?, warnings: [String]) -> [String: JSONValue] {
        var root = members(node: node, warnings: warnings, annotations: document.annotations)
        var paragraphs: [JSONValue] = []
        document.forEachResolved(with: sheet) { paragraphs.append(paragraph($0)) }
        root["paragraphs"] = .array(paragraphs)
        return root
    }

    /// Every member of the model but its paragraphs.
    private static func members(node: BinderNode?, warnings: [String], annotations: [String: Annotation]) -> [String: JSONValue] {
        var root: [String: JSONValue] = ["warnings": .array(warnings.map(JSONValue.string))]
        if !annotations.isEmpty { root["annotations"] = .object(annotations.mapValues(\.json)) }
        if let node {
            root["document"] = ["id": .string(node.id), "path": .string(node.path), "title": .string(node.title)]
        }
        return JSONEnvelope.members(root)
    }

    static func paragraph(_ p: ResolvedParagraph) -> JSONValue {
        var object: [String: JSONValue] = [
            "index": .int(p.index),
            "kind": .string(p.kind.name),
            "text": .string(p.text),
            "attributes": .object(p.attributes.json),
            "runs": .array(p.runs.map { run in
                [
                    "start": .int(run.range.lowerBound), "end": .int(run.range.upperBound), "text": .string(run.text),
                    "attributes": .object(run.attributes.json),
                ]
            }),
        ]
        if p.continuesListItem { object["continuesListItem"] = true }
        return .object(object)
    }
}
