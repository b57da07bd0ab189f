/// Typed reading of JSON objects with errors that name the file and the field.
package struct JSONReader {
    let file: String
    /// Where the object is in the file ("nodes[3].children[0]"), worked out only for an error message: building it
    /// for every object of a thousand-node binder cost more than reading the binder.
    private let lazyPath: () -> String
    var path: String { lazyPath() }
    package let object: [String: JSONValue]

    package init(_ value: JSONValue, file: String, path: @autoclosure @escaping () -> String = "") throws {
        guard case .object(let object) = value else {
            let path = path()
            throw MsxError(.invalidJSON, "\(file): \(path.isEmpty ? "top level" : path) must be an object")
        }
        self.file = file
        self.lazyPath = path
        self.object = object
    }

    package func fail(_ key: String, _ expected: String) -> MsxError {
        MsxError(.invalidJSON, "\(file): \(field(key)) must be \(expected)")
    }

    func field(_ key: String) -> String {
        let path = path
        return path.isEmpty ? key : "\(path).\(key)"
    }

    package func string(_ key: String) throws -> String? { try string(key, object[key]) }

    /// `value`, the field `key`'s (read by the caller, for readers that walk an object's fields once), as a string.
    package func string(_ key: String, _ value: JSONValue?) throws -> String? {
        guard let value, value != .null else { return nil }
        guard case .string(let s) = value else { throw fail(key, "a string") }
        return s
    }

    package func requiredString(_ key: String) throws -> String { try requiredString(key, object[key]) }

    package func requiredString(_ key: String, _ value: JSONValue?) throws -> String {
        guard let s = try string(key, value) else { throw MsxError(.invalidJSON, "\(file): \(field(key)) is missing") }
        return s
    }

    package func int(_ key: String) throws -> Int? { try int(key, object[key]) }

    package func int(_ key: String, _ value: JSONValue?) throws -> Int? {
        guard let value, value != .null else { return nil }
        guard case .number(let n) = value, let whole = Self.wholeNumber(n) else { throw fail(key, "a whole number") }
        return whole
    }

    /// `n` as a whole number, when it is one msx takes: integral and under 10^15 in size.
    static func wholeNumber(_ n: Double) -> Int? { n == n.rounded() && abs(n) < 1e15 ? Int(n) : nil }

    package func requiredInt(_ key: String) throws -> Int {
        guard let n = try int(key) else { throw MsxError(.invalidJSON, "\(file): \(field(key)) is missing") }
        return n
    }

    func bool(_ key: String) throws -> Bool? { try bool(key, object[key]) }

    func bool(_ key: String, _ value: JSONValue?) throws -> Bool? {
        guard let value, value != .null else { return nil }
        guard case .bool(let b) = value else { throw fail(key, "true or false") }
        return b
    }

    package func array(_ key: String) throws -> [JSONValue] { try array(key, object[key]) }

    package func array(_ key: String, _ value: JSONValue?) throws -> [JSONValue] {
        guard let value, value != .null else { return [] }
        guard case .array(let items) = value else { throw fail(key, "an array") }
        return items
    }

    package func strings(_ key: String) throws -> [String] { try strings(key, object[key]) }

    package func strings(_ key: String, _ value: JSONValue?) throws -> [String] {
        try array(key, value).enumerated().map { i, item in
            guard case .string(let s) = item else { throw fail("\(key)[\(i)]", "a string") }
            return s
        }
    }

    /// The object at `key` (empty when absent or null).
    func object(_ key: String) throws -> [String: JSONValue] { try object(key, object[key]) }

    func object(_ key: String, _ value: JSONValue?) throws -> [String: JSONValue] {
        guard let value, value != .null else { return [:] }
        guard case .object(let o) = value else { throw fail(key, "an object") }
        return o
    }

    /// Colours by name: the object at `key`, each value `#RRGGBB`.
    func colors(_ key: String) throws -> [String: String] {
        try object(key).reduce(into: [:]) { colors, entry in
            guard let color = entry.value.stringValue, color.wholeMatch(of: #/#[0-9A-Fa-f]{6}/#) != nil else {
                throw fail("\(key).\(entry.key)", "a colour as #RRGGBB")
            }
            colors[entry.key] = color.uppercased()
        }
    }

    /// Formatting attributes: the object at `key` read as attribute names and values.
    /// Formatting attributes with every numeric value brought within its limits (`AttributeKey.limits`); the
    /// fields that were not are added to `outOfLimits` ("paragraphs[0].attributes.tailIndent").
    func attributes(_ key: String, outOfLimits: inout [String]) throws -> Attributes {
        let attributes = Attributes(json: try object(key))
        guard attributes.firstOutOfLimits() != nil else { return attributes }
        let clamped = attributes.clampedToLimits()
        outOfLimits += attributes.keys.filter { attributes[$0] != clamped[$0] }.map { "\(field(key)).\($0.rawValue)" }.sorted()
        return clamped
    }

    /// Formatting attributes, each numeric one within its limits (`AttributeKey.limits`).
    func attributes(_ key: String) throws -> Attributes {
        let attributes = Attributes(json: try object(key))
        if let (name, expected) = attributes.firstOutOfLimits() { throw fail("\(key).\(name.rawValue)", expected) }
        return attributes
    }

    package func child(_ key: String) throws -> JSONReader? {
        guard let value = object[key], value != .null else { return nil }
        return try JSONReader(value, file: file, path: self.field(key))
    }

    /// The fields not in `known`, to be written back unchanged.
    func unknown(except known: Set<String>) -> [String: JSONValue] {
        object.keys.allSatisfy(known.contains) ? [:] : object.filter { !known.contains($0.key) }
    }

    /// Refuses files written by a newer msx.
    package func checkFormatVersion(supported: Int) throws {
        guard let version = try int("formatVersion") else {
            throw MsxError(.invalidJSON, "\(file): formatVersion is missing")
        }
        if version > supported {
            throw MsxError(.newerFormat, "\(file): format version \(version) was written by a newer msx (this one reads up to \(supported)); upgrade msx")
        }
        if version < 1 { throw fail("formatVersion", "1 or more") }
    }

    /// Parses a JSON file's text, naming the file and position of any syntax error.
    package static func parse(_ text: String, file: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw MsxError(.invalidJSON, "\(file): malformed JSON at \(error.description)")
        }
    }
}
