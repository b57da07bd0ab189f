import MsxConvert
import MsxModel

/// A binder node's members as every report gives them: its id, kind, title, path and metadata (`role` only on the
/// top-level folders that have one).
public struct BinderNodeReport: Encodable, Sendable {
    public var node: BinderNode

    public init(_ node: BinderNode) { self.node = node }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(node.id, forKey: .id)
        try container.encode(node.kind.rawValue, forKey: .kind)
        try container.encode(node.title, forKey: .title)
        try container.encode(node.path, forKey: .path)
        try container.encodeIfPresent(node.synopsis, forKey: .synopsis)
        try container.encodeIfPresent(node.label, forKey: .label)
        try container.encodeIfPresent(node.status, forKey: .status)
        try container.encode(node.keywords, forKey: .keywords)
        try container.encode(node.includeInCompile, forKey: .includeInCompile)
        try container.encode(node.compileAs.map(JSONValue.string) ?? .null, forKey: .compileAs)
        try container.encodeIfPresent(node.target, forKey: .target)
        try container.encode(node.custom, forKey: .custom)
        if let role = node.role { try container.encode(role, forKey: .role) }
    }

    private enum Key: String, CodingKey {
        case id, kind, title, path, synopsis, label, status, keywords, includeInCompile, compileAs, target, custom, role
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
