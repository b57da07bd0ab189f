import MsxConvert
import MsxModel

/// A binder node's members as every report gives them: its id, kind, title, path and metadata (`role` only on the
/// top-level folders that have one).
public struct BinderNodeReport: JSONValueConvertible, Sendable {
    public var node: BinderNode

    public init(_ node: BinderNode) { self.node = node }

    public var jsonValue: JSONValue { .object(members) }

    /// The members by name: every report of binder nodes (a tree of a thousand of them) writes them so.
    public var members: [String: JSONValue] {
        var members: [String: JSONValue] = [
            "id": .string(node.id), "kind": .string(node.kind.rawValue), "title": .string(node.title), "path": .string(node.path),
            "synopsis": .optional(node.synopsis), "label": .optional(node.label), "status": .optional(node.status),
            "keywords": .array(node.keywords.map(JSONValue.string)), "includeInCompile": .bool(node.includeInCompile),
            "compileAs": .optional(node.compileAs), "target": node.target.map(JSONValue.int) ?? .null, "custom": .object(node.custom),
        ]
        if let role = node.role { members["role"] = .string(role) }
        return members
    }

    /// The members' shapes, with `more` required members and `optional` ones of the report that includes them.
    static func schema(adding more: [String: JSONSchema] = [:], optional: [String: JSONSchema] = [:]) -> JSONSchema {
        .object([
            "id": .string, "kind": .oneOf(["folder", "document"]), "title": .string, "path": .string,
            "synopsis": .nullable(.string), "label": .nullable(.string), "status": .nullable(.string), "keywords": .array(.string),
            "includeInCompile": .boolean, "compileAs": .nullable(.oneOf(SectionType.allCases.map(\.rawValue))),
            "target": .nullable(.integer), "custom": .map(.any),
        ].merging(more) { first, _ in first }, optional: ["role": .oneOf(["draft", "research", "notes", "trash"])].merging(optional) { first, _ in first })
    }
}
