import MsxModel

/// Encodes a report into msx's `JSONValue`, as its `--json` output prints it: every property a member, an absent
/// optional `null` (the documented shapes list every member, present or not), dictionaries as objects.
public enum JSONValueEncoder {
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        let box = Box()
        try value.encode(to: ValueEncoder(box: box, codingPath: []))
        return box.value
    }

    /// Where an encoder puts what it encodes; a nested container's box hands each change to its parent's.
    private final class Box {
        var value: JSONValue = .null {
            didSet { onChange?(value) }
        }
        var onChange: ((JSONValue) -> Void)?

        /// Sets an object's member in place: the members are taken out of the box first, so that the dictionary is
        /// not copied on every member (a report's arrays hold thousands of nodes).
        func setMember(_ key: String, _ member: JSONValue) {
            guard case .object(var members) = value else { return }
            value = .null
            members[key] = member
            value = .object(members)
        }

        /// Appends an array's element in place, as `setMember` does.
        func append(_ element: JSONValue) {
            guard case .array(var elements) = value else { return }
            value = .null
            elements.append(element)
            value = .array(elements)
        }

        /// A box whose value becomes the member `key` of this one's object.
        func member(_ key: String, starting value: JSONValue) -> Box {
            let child = Box()
            child.onChange = { [self] value in setMember(key, value) }
            child.value = value
            return child
        }

        /// A box whose value becomes the next element of this one's array.
        func element(starting value: JSONValue) -> Box {
            guard case .array(let elements) = self.value else { return Box() }
            let index = elements.count
            let child = Box()
            child.onChange = { [self] value in
                guard case .array(var elements) = self.value, index <= elements.count else { return }
                if index == elements.count { elements.append(value) } else { elements[index] = value }
                self.value = .array(elements)
            }
            child.value = value
            return child
        }
    }

    private struct ValueEncoder: Encoder {
        let box: Box
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = box.value {} else { box.value = .object([:]) }
            return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = box.value {} else { box.value = .array([]) }
            return Unkeyed(box: box, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(box: box, codingPath: codingPath) }
    }

    /// Encodes `value` on its own (a member, an element) and returns what it became.
    private static func encoded(_ value: some Encodable, at path: [any CodingKey]) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        let box = Box()
        try value.encode(to: ValueEncoder(box: box, codingPath: path))
        return box.value
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        var codingPath: [any CodingKey]

        private func set(_ value: JSONValue, _ key: Key) { box.setMember(key.stringValue, value) }

        mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            set(try JSONValueEncoder.encoded(value, at: codingPath + [key]), key)
        }
        // An absent optional is a member too, `null`: the synthesized conformance asks through these.
        mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws {
            set(try value.map { try JSONValueEncoder.encoded($0, at: codingPath + [key]) } ?? .null, key)
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value.map(JSONValue.string) ?? .null, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value.map { .number(Double($0)) } ?? .null, key) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value.map(JSONValue.bool) ?? .null, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value.map(JSONValue.number) ?? .null, key) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(box: box.member(key.stringValue, starting: .object([:])), codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(box: box.member(key.stringValue, starting: .array([])), codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(box: box.member("super", starting: .null), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            ValueEncoder(box: box.member(key.stringValue, starting: .null), codingPath: codingPath + [key])
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let box: Box
        var codingPath: [any CodingKey]
        var count: Int {
            if case .array(let elements) = box.value { elements.count } else { 0 }
        }

        private func append(_ value: JSONValue) { box.append(value) }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode(_ value: some Encodable) throws { append(try JSONValueEncoder.encoded(value, at: codingPath)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(box: box.element(starting: .object([:])), codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(box: box.element(starting: .array([])), codingPath: codingPath)
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(box: box.element(starting: .null), codingPath: codingPath) }
    }

    private struct Single: SingleValueEncodingContainer {
        let box: Box
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { box.value = .null }
        mutating func encode(_ value: Bool) throws { box.value = .bool(value) }
        mutating func encode(_ value: String) throws { box.value = .string(value) }
        mutating func encode(_ value: Double) throws { box.value = .number(value) }
        mutating func encode(_ value: Int) throws { box.value = .number(Double(value)) }
        mutating func encode(_ value: some Encodable) throws { box.value = try JSONValueEncoder.encoded(value, at: codingPath) }
    }
}
