/// The `show --as json` document model (schema version 1, `docs/schema/document.schema.json`).
public enum DocumentJSON {
    /// The model of a document: every paragraph with resolved attributes and runs.
    /// `annotations` are the document's notes by id (the `annotation` run attribute names them); the key is left
    /// out when there are none.
    public static func value(_ paragraphs: [ResolvedParagraph], node: BinderNode?, warnings: [String],
                             annotations: [String: Annotation] = [:]) -> JSONValue {
        var root: [String: JSONValue] = [
            "paragraphs": .array(paragraphs.map(paragraph)),
            "warnings": .array(warnings.map(JSONValue.string)),
        ]
        if !annotations.isEmpty { root["annotations"] = .object(annotations.mapValues(\.json)) }
        if let node {
            root["document"] = ["id": .string(node.id), "path": .string(node.path), "title": .string(node.title)]
        }
        return JSONEnvelope.wrap(root)
    }

    /// The same JSON text as `JSONWriter.string(value(...))`, written a paragraph at a time: `sink` receives it in
    /// pieces, and only one paragraph's model is held at once.
    public static func write(_ document: RichDocument, sheet: StyleSheet, node: BinderNode?, warnings: [String],
                             to sink: (String) -> Void) {
        let skeleton = JSONWriter.string(value([], node: node, warnings: warnings, annotations: document.annotations))
        // Keys are sorted, and a key's quotes are never escaped: this is the top-level member, found once.
        guard let member = skeleton.range(of: "\n  \"paragraphs\": []") else { return sink(skeleton) }
        sink(String(skeleton[..<member.lowerBound]) + "\n  \"paragraphs\": [")
        var count = 0
        document.forEachResolved(with: sheet) { p in
            sink((count == 0 ? "\n    " : ",\n    ") + JSONWriter.fragment(paragraph(p), indent: 2))
            count += 1
        }
        sink((count == 0 ? "]" : "\n  ]") + skeleton[member.upperBound...])
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
