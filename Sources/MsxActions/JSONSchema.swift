import MsxModel

/// The shape of a report's JSON, written next to its type so that the two cannot drift: `docs/schema/cli/` holds
/// it rendered as JSON Schema (draft 2020-12), and tests check each command's real output against that file.
public indirect enum JSONSchema: Sendable {
    case string
    case integer
    case number
    case boolean
    /// Any JSON value (a custom metadata value, say).
    case any
    /// One of these strings.
    case oneOf([String])
    case array(JSONSchema)
    /// An object with exactly these members: `required` always there (an absent value is `null`, said by
    /// `nullable`), `optional` there only when they apply.
    case object(_ required: [String: JSONSchema], optional: [String: JSONSchema] = [:])
    /// An object of any keys, each value of this shape.
    case map(JSONSchema)
    /// This shape, or `null`.
    case nullable(JSONSchema)
    /// Exactly one of these shapes (a command that reports one thing or another).
    case either([JSONSchema])
    /// A shape with a name, defined once (`$defs`) and referred to wherever it appears, itself included.
    case named(String, JSONSchema)
    /// The named shape that encloses this one: a tree's node inside its children.
    case recursive(String)

    /// The schema of `command`'s report, `schemaVersion` included, as the file `docs/schema/cli/COMMAND.schema.json`.
    public static func document(of report: any ActionReport.Type, command: String) -> JSONValue {
        var definitions: [String: JSONValue] = [:]
        guard case .object(var body) = withVersion(report.schema).rendered(into: &definitions) else { return .null }
        body["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        body["title"] = .string("msx \(command) --json")
        if !definitions.isEmpty { body["$defs"] = .object(definitions) }
        return .object(body)
    }

    /// `schema` with the envelope's `schemaVersion` member (in each shape a report may take).
    private static func withVersion(_ schema: JSONSchema) -> JSONSchema {
        switch schema {
        case .object(var required, let optional):
            required[JSONEnvelope.versionMember] = .integer
            return .object(required, optional: optional)
        case .either(let schemas): return .either(schemas.map(withVersion))
        default: return schema
        }
    }

    /// The schema as JSON Schema, its named shapes gathered into `definitions`.
    private func rendered(into definitions: inout [String: JSONValue]) -> JSONValue {
        switch self {
        case .string: return ["type": "string"]
        case .integer: return ["type": "integer"]
        case .number: return ["type": "number"]
        case .boolean: return ["type": "boolean"]
        case .any: return [:]
        case .oneOf(let values): return ["enum": .array(values.map(JSONValue.string))]
        case .array(let element): return ["type": "array", "items": element.rendered(into: &definitions)]
        case .object(let required, let optional):
            var properties: [String: JSONValue] = [:]
            for (name, schema) in required.merging(optional, uniquingKeysWith: { first, _ in first }) {
                properties[name] = schema.rendered(into: &definitions)
            }
            return ["type": "object", "additionalProperties": false, "required": .array(required.keys.sorted().map(JSONValue.string)),
                    "properties": .object(properties)]
        case .map(let value): return ["type": "object", "additionalProperties": value.rendered(into: &definitions)]
        case .nullable(let schema): return ["anyOf": [schema.rendered(into: &definitions), ["type": "null"]]]
        case .either(let schemas): return ["oneOf": .array(schemas.map { $0.rendered(into: &definitions) })]
        case .named(let name, let schema):
            if definitions[name] == nil {
                definitions[name] = [:]
                definitions[name] = schema.rendered(into: &definitions)
            }
            return ["$ref": .string("#/$defs/\(name)")]
        case .recursive(let name): return ["$ref": .string("#/$defs/\(name)")]
        }
    }
}
