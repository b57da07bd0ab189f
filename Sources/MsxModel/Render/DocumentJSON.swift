/// The `show --as json` document model (schema version 1, `docs/schema/document.schema.json`).
public enum DocumentJSON {
    /// The model of a document: every paragraph with resolved attributes and runs.
    public static func value(_ paragraphs: [ResolvedParagraph], node: BinderNode?, warnings: [String]) -> JSONValue {
        var root: [String: JSONValue] = [
            "paragraphs": .array(paragraphs.map(paragraph)),
            "warnings": .array(warnings.map(JSONValue.string)),
        ]
        if let node {
            root["document"] = ["id": .string(node.id), "path": .string(node.path), "title": .string(node.title)]
        }
        return JSONEnvelope.wrap(root)
    }

    static func paragraph(_ p: ResolvedParagraph) -> JSONValue {
        [
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
    }
}
