/// A folder or document in the binder, with its stable id, place on disk and metadata.
public struct BinderNode: Equatable, Sendable {
    public enum Kind: String, Sendable { case folder, document }

    public var id: String
    public var kind: Kind
    public var title: String
    /// Relative to the project root, "/"-separated: a folder, or a document's `.md`.
    public var path: String
    /// `draft`, `research`, `notes` or `trash` for the top-level role folders.
    public var role: String?
    public var synopsis: String?
    public var label: String?
    public var status: String?
    public var keywords: [String] = []
    public var includeInCompile = true
    /// What the node is in a compiled book ("part", "chapter", "scene", "front-matter", "back-matter"), when the
    /// writer said so; nil lets its label and place decide.
    public var compileAs: String?
    public var target: Int?
    public var custom: [String: JSONValue] = [:]
    public var children: [BinderNode] = []
    /// For a node in the Trash: the folder it was trashed from.
    public var trashedFrom: String?
    /// For a node in the Trash: the sibling it came before in that folder (nil: it was last).
    public var trashedBefore: String?
    package var extra: [String: JSONValue] = [:]

    public init(id: String, kind: Kind, title: String, path: String) {
        self.id = id
        self.kind = kind
        self.title = title
        self.path = path
    }

    public var isFolder: Bool { kind == .folder }

    /// The path of the sidecar of a document (`NAME.attrs.json` next to `NAME.md`).
    public var sidecarPath: String? { companionPath(".attrs.json") }

    /// The path of a document's notes (`NAME.notes.md` next to `NAME.md`): plain Markdown that belongs to the
    /// document (it moves, goes to the Trash, is snapshotted, restored and merged with it) and is never compiled.
    public var notesPath: String? { companionPath(".notes.md") }

    /// The document's path with `suffix` instead of `.md`, written straight into one new string (every command asks
    /// for these for every document); nil for a folder or a path without `.md`.
    private func companionPath(_ suffix: StaticString) -> String? {
        guard kind == .document else { return nil }
        var path = path
        return path.withUTF8 { bytes -> String? in
            let stem = bytes.count - 3
            guard stem >= 0, bytes[stem] == UInt8(ascii: "."), bytes[stem + 1] == UInt8(ascii: "m"),
                bytes[stem + 2] == UInt8(ascii: "d")
            else { return nil }
            return String(unsafeUninitializedCapacity: stem + suffix.utf8CodeUnitCount) { out in
                let start = UnsafeMutableRawPointer(out.baseAddress!)
                start.copyMemory(from: bytes.baseAddress!, byteCount: stem)
                (start + stem).copyMemory(from: suffix.utf8Start, byteCount: suffix.utf8CodeUnitCount)
                return stem + suffix.utf8CodeUnitCount
            }
        }
    }

    /// The files that travel with a document's Markdown, in a fixed order: its sidecar, then its notes (either may
    /// not exist). None for a folder.
    public var companionPaths: [String] { paths(startingWith: nil) }

    /// Every file of a document: its Markdown, then its companions; a folder's path alone.
    public var files: [String] { paths(startingWith: path) }

    /// `first` (when given) and the companions, in one array made its size at once (commands ask for these for every
    /// document).
    private func paths(startingWith first: String?) -> [String] {
        var paths: [String] = []
        paths.reserveCapacity(3)
        if let first { paths.append(first) }
        if let sidecarPath { paths.append(sidecarPath) }
        if let notesPath { paths.append(notesPath) }
        return paths
    }

    /// The last path component without `.md`.
    package var slug: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return kind == .document && name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }
}

extension BinderNode {
    /// Reads a node (and its children) from `value`; `fieldPath` says where it is in `file` ("binder[2].children[0]"),
    /// worked out only for an error message.
    ///
    /// The object's fields are walked once and sorted out by name, instead of being looked up one by one and then
    /// checked for unknown ones (a thousand-node binder hashed every name three times); problems are reported in the
    /// same order as before, whatever order the fields come in.
    init(json value: JSONValue, file: String, path fieldPath: @autoclosure @escaping () -> String) throws {
        let r = try JSONReader(value, file: file, path: fieldPath())
        var fields = Fields()
        for (key, value) in r.object { fields.take(key, value) }
        let kindName = try r.requiredString("kind", fields.kind)
        guard let kind = Kind(rawValue: kindName) else { throw r.fail("kind", "\"folder\" or \"document\"") }
        self.init(id: try r.requiredString("id", fields.id), kind: kind, title: try r.requiredString("title", fields.title),
                  path: try r.requiredString("path", fields.path))
        role = try r.string("role", fields.role)
        synopsis = try r.string("synopsis", fields.synopsis)
        label = try r.string("label", fields.label)
        status = try r.string("status", fields.status)
        trashedFrom = try r.string("trashedFrom", fields.trashedFrom)
        trashedBefore = try r.string("trashedBefore", fields.trashedBefore)
        keywords = try r.strings("keywords", fields.keywords)
        includeInCompile = try r.bool("includeInCompile", fields.includeInCompile) ?? true
        compileAs = try r.string("compileAs", fields.compileAs)
        target = try r.int("target", fields.target)
        custom = try r.object("custom", fields.custom)
        extra = fields.unknown
        children = try r.array("children", fields.children).enumerated().map { i, child in
            try BinderNode(json: child, file: file, path: "\(r.field("children"))[\(i)]")
        }
        if kind == .document && !children.isEmpty { throw r.fail("children", "absent on a document") }
    }

    /// A node object's fields by name, and the ones msx does not know (kept for the next write).
    private struct Fields {
        var id, kind, title, path, role, synopsis, label, status, keywords, includeInCompile, target, custom, children,
            trashedFrom, trashedBefore, compileAs: JSONValue?
        var unknown: [String: JSONValue] = [:]

        mutating func take(_ key: String, _ value: JSONValue) {
            guard let field = Field(key: key) else {
                unknown[key] = value
                return
            }
            switch field {
            case .id: id = value
            case .kind: kind = value
            case .title: title = value
            case .path: path = value
            case .role: role = value
            case .synopsis: synopsis = value
            case .label: label = value
            case .status: status = value
            case .keywords: keywords = value
            case .includeInCompile: includeInCompile = value
            case .target: target = value
            case .custom: custom = value
            case .children: children = value
            case .trashedFrom: trashedFrom = value
            case .trashedBefore: trashedBefore = value
            case .compileAs: compileAs = value
            }
        }
    }

    /// The fields of a node object msx reads; any other is kept as it is (`extra`).
    enum Field: Int, CaseIterable {
        case id, kind, title, path, role, synopsis, label, status, keywords, includeInCompile, target, custom, children
        case trashedFrom, trashedBefore, compileAs

        /// The field named `key`.
        init?(key: String) {
            var key = key
            guard let field = key.withUTF8({ Self(keyBytes: $0[...]) }) else { return nil }
            self = field
        }

        /// The field whose name is `bytes` (a manifest's thousand nodes name their fields without a string each).
        init?(keyBytes bytes: UnsafeBufferPointer<UInt8>.SubSequence) {
            guard bytes.count < Self.byLength.count,
                let field = Self.byLength[bytes.count].first(where: { $0.name.elementsEqual(bytes) })?.field
            else { return nil }
            self = field
        }

        /// The key that names it in a node object.
        var name: String {
            switch self {
            case .id: "id"
            case .kind: "kind"
            case .title: "title"
            case .path: "path"
            case .role: "role"
            case .synopsis: "synopsis"
            case .label: "label"
            case .status: "status"
            case .keywords: "keywords"
            case .includeInCompile: "includeInCompile"
            case .target: "target"
            case .custom: "custom"
            case .children: "children"
            case .trashedFrom: "trashedFrom"
            case .trashedBefore: "trashedBefore"
            case .compileAs: "compileAs"
            }
        }

        /// The fields by the length of their names (at most three share one), so that a key is compared with few.
        private static let byLength: [[(field: Field, name: [UInt8])]] = {
            var byLength = Array(repeating: [(field: Field, name: [UInt8])](), count: 1 + allCases.map(\.name.utf8.count).max()!)
            for field in allCases { byLength[field.name.utf8.count].append((field, Array(field.name.utf8))) }
            return byLength
        }()

        /// The field's bit in a set of fields seen.
        var bit: UInt16 { 1 << rawValue }
    }

    var json: JSONValue {
        var o = extra
        o["id"] = .string(id)
        o["kind"] = .string(kind.rawValue)
        o["title"] = .string(title)
        o["path"] = .string(path)
        if let role { o["role"] = .string(role) }
        if let synopsis, !synopsis.isEmpty { o["synopsis"] = .string(synopsis) }
        if let label { o["label"] = .string(label) }
        if let status { o["status"] = .string(status) }
        if !keywords.isEmpty { o["keywords"] = .array(keywords.map(JSONValue.string)) }
        if !includeInCompile { o["includeInCompile"] = .bool(false) }
        if let compileAs { o["compileAs"] = .string(compileAs) }
        if let target { o["target"] = .int(target) }
        if !custom.isEmpty { o["custom"] = .object(custom) }
        if let trashedFrom { o["trashedFrom"] = .string(trashedFrom) }
        if let trashedBefore { o["trashedBefore"] = .string(trashedBefore) }
        if !children.isEmpty { o["children"] = .array(children.map(\.json)) }
        return .object(o)
    }
}

extension BinderNode {
    /// The node with one field of the manifest set to `value` (removed for `.null`); `custom.NAME` names a custom
    /// field. Its children stay as they are.
    /// - Throws: `damaged` when the value is not one the field can hold.
    package func setting(_ field: String, to value: JSONValue) throws -> BinderNode {
        var object = json.objectValue ?? [:]
        if field.hasPrefix("custom.") {
            var custom = object["custom"]?.objectValue ?? [:]
            custom[String(field.dropFirst("custom.".count))] = value == .null ? nil : value
            object["custom"] = custom.isEmpty ? nil : .object(custom)
        } else {
            object[field] = value == .null ? nil : value
        }
        object["children"] = nil
        var node = try BinderNode(json: .object(object), file: Manifest.fileName, path: field)
        node.children = children
        return node
    }
}
