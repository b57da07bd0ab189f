/// Reads binder nodes straight from a manifest's bytes, without a `JSONValue` and a dictionary for every node: the
/// fast path of `Manifest(json:file:)`, which every command takes (the binder of a long series is most of the
/// manifest).
///
/// It accepts only what the general reader, `BinderNode(json:file:path:)`, reads to the same node. On anything else
/// (a field of the wrong type, a missing one, a document with children) it stops with a syntax error, and the
/// manifest is read again the general way, whose error names the field; so a problem is reported alike on both
/// paths. `BinderNodeReaderTests` checks the two against each other on valid and damaged manifests.
extension JSONParser {
    /// The manifest's top-level members, the binder read into nodes and every other member as a value.
    mutating func readManifest() throws(SyntaxError) -> (members: [String: JSONValue], binder: [BinderNode]) {
        guard next(is: UInt8(ascii: "{")) else { throw fail("the manifest is not an object") }
        var members: [String: JSONValue] = [:]
        var binder: [BinderNode]?
        try readObject { parser, key throws(SyntaxError) in
            guard key == "binder" else { return members.updateValue(try parser.parseValue(), forKey: key) == nil }
            guard binder == nil else { return false }
            binder = try parser.readItems { parser throws(SyntaxError) in try parser.readBinderNode() }
            return true
        }
        return (members, binder ?? [])
    }

    private mutating func readBinderNode() throws(SyntaxError) -> BinderNode {
        guard next(is: UInt8(ascii: "{")) else { throw fail("a binder node is not an object") }
        var node = BinderNode(id: "", kind: .folder, title: "", path: "")
        var id, kind, title, path: String?
        var seen: UInt16 = 0
        try readObject(keys: { parser throws(SyntaxError) in try parser.readNodeKey() }) { parser, key throws(SyntaxError) in
            guard case .field(let field) = key else {
                return node.extra.updateValue(try parser.parseValue(), forKey: key.description) == nil
            }
            guard seen & field.bit == 0 else { return false }
            seen |= field.bit
            switch field {
            case .id: id = try parser.readOptionalString()
            case .kind: kind = try parser.readOptionalString()
            case .title: title = try parser.readOptionalString()
            case .path: path = try parser.readOptionalString()
            case .role: node.role = try parser.readOptionalString()
            case .synopsis: node.synopsis = try parser.readOptionalString()
            case .label: node.label = try parser.readOptionalString()
            case .status: node.status = try parser.readOptionalString()
            case .trashedFrom: node.trashedFrom = try parser.readOptionalString()
            case .trashedBefore: node.trashedBefore = try parser.readOptionalString()
            case .compileAs: node.compileAs = try parser.readOptionalString()
            case .keywords: node.keywords = try parser.readStrings()
            case .includeInCompile: node.includeInCompile = try parser.readOptionalBool() ?? true
            case .target: node.target = try parser.readOptionalWholeNumber()
            case .custom:
                switch try parser.parseValue() {
                case .null: node.custom = [:]
                case .object(let custom): node.custom = custom
                default: throw parser.fail("custom is not an object")
                }
            case .children: node.children = try parser.readItems { parser throws(SyntaxError) in try parser.readBinderNode() }
            }
            return true
        }
        guard let id, let title, let path, let kind = kind.flatMap(BinderNode.Kind.init(rawValue:)) else {
            throw fail("a binder node lacks its id, kind, title or path")
        }
        if kind == .document && !node.children.isEmpty { throw fail("a document has children") }
        (node.id, node.kind, node.title, node.path) = (id, kind, title, path)
        return node
    }

    /// A node's key: one of its fields (matched by its bytes when it holds no escape), or another member's name.
    private mutating func readNodeKey() throws(SyntaxError) -> NodeKey {
        if let plain = readPlainString() {
            return BinderNode.Field(keyBytes: plain).map(NodeKey.field) ?? .other(String(decoding: plain, as: UTF8.self))
        }
        let key = try parseString()
        return BinderNode.Field(key: key).map(NodeKey.field) ?? .other(key)
    }

    /// true or false, or nil for null.
    private mutating func readOptionalBool() throws(SyntaxError) -> Bool? {
        if next(is: UInt8(ascii: "n")) { try parseNull(); return nil }
        return try parseBool()
    }

    /// An array of strings (null: none).
    private mutating func readStrings() throws(SyntaxError) -> [String] {
        if next(is: UInt8(ascii: "n")) { try parseNull(); return [] }
        guard next(is: UInt8(ascii: "[")) else { throw fail("expected an array of strings") }
        var strings: [String] = []
        try readArray { parser throws(SyntaxError) in
            guard parser.next(is: UInt8(ascii: "\"")) else { throw parser.fail("expected a string") }
            strings.append(try parser.parseString())
        }
        return strings
    }
}

/// A binder node's key as its reader sees it.
private enum NodeKey: CustomStringConvertible {
    case field(BinderNode.Field)
    /// Any other member, kept in the node's `extra`.
    case other(String)

    var description: String {
        switch self {
        case .field(let field): field.name
        case .other(let name): name
        }
    }
}
