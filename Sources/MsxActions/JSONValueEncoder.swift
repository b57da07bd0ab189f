import MsxModel

/// Encodes a report into msx's `JSONValue`, as its `--json` output prints it: every property a member, an absent
/// optional `null` (the documented shapes list every member, present or not), dictionaries as objects.
public enum JSONValueEncoder {
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        let slot = Slot()
        try slot.encode(value, at: [])
        return slot.json
    }

    /// Where an encoder writes: a value, or an object or array still being written, whose members are slots of their
    /// own. Containers write into their slot in place, and the whole is made a `JSONValue` once, at the end, so that
    /// no object is copied as its members arrive (a report's arrays hold thousands of nodes).
    private final class Slot {
        private enum Content {
            case value(JSONValue)
            case object([String: Slot])
            case array([Slot])
        }

        private var content = Content.value(.null)

        var json: JSONValue {
            switch content {
            case .value(let value): value
            case .object(let members): .object(members.mapValues(\.json))
            case .array(let elements): .array(elements.map(\.json))
            }
        }

        var count: Int {
            if case .array(let elements) = content { elements.count } else { 0 }
        }

        func set(_ value: JSONValue) { content = .value(value) }

        /// Makes the slot an object, keeping the members it has when it is one already (a type that encodes another's
        /// members, then its own, asks twice).
        func becomeObject() {
            if case .object = content {} else { content = .object([:]) }
        }

        func becomeArray() {
            if case .array = content {} else { content = .array([]) }
        }

        /// The slot of the member `key`, new (the member taken out of the dictionary first, so that it is not copied).
        func member(_ key: String) -> Slot {
            let child = Slot()
            guard case .object(var members) = content else { return child }
            content = .value(.null)
            members[key] = child
            content = .object(members)
            return child
        }

        /// A new slot at the end of the array.
        func appended() -> Slot {
            let child = Slot()
            guard case .array(var elements) = content else { return child }
            content = .value(.null)
            elements.append(child)
            content = .array(elements)
            return child
        }

        /// Writes `value` here: a `JSONValue` (or a value that makes one) as it is, anything else through its own
        /// `encode(to:)`.
        func encode(_ value: some Encodable, at path: [any CodingKey]) throws {
            if let json = value as? JSONValue {
                set(json)
            } else if let convertible = value as? any JSONValueConvertible {
                set(convertible.jsonValue)
            } else {
                try value.encode(to: ValueEncoder(slot: self, codingPath: path))
            }
        }
    }

    private struct ValueEncoder: Encoder {
        let slot: Slot
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            slot.becomeObject()
            return KeyedEncodingContainer(Keyed<Key>(slot: slot, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            slot.becomeArray()
            return Unkeyed(slot: slot, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot, codingPath: codingPath) }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: Slot
        var codingPath: [any CodingKey]

        private func set(_ value: JSONValue, _ key: Key) { slot.member(key.stringValue).set(value) }

        mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(Double(value)), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { set(.number(value), key) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try slot.member(key.stringValue).encode(value, at: codingPath + [key])
        }
        // An absent optional is a member too, `null`: the synthesized conformance asks through these.
        mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { set(.null, key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value.map(JSONValue.string) ?? .null, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value.map { .number(Double($0)) } ?? .null, key) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value.map(JSONValue.bool) ?? .null, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value.map(JSONValue.number) ?? .null, key) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let member = slot.member(key.stringValue)
            member.becomeObject()
            return KeyedEncodingContainer(Keyed<NestedKey>(slot: member, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let member = slot.member(key.stringValue)
            member.becomeArray()
            return Unkeyed(slot: member, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(slot: slot.member("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            ValueEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let slot: Slot
        var codingPath: [any CodingKey]
        var count: Int { slot.count }

        mutating func encodeNil() throws { slot.appended().set(.null) }
        mutating func encode(_ value: Bool) throws { slot.appended().set(.bool(value)) }
        mutating func encode(_ value: String) throws { slot.appended().set(.string(value)) }
        mutating func encode(_ value: Int) throws { slot.appended().set(.number(Double(value))) }
        mutating func encode(_ value: Double) throws { slot.appended().set(.number(value)) }
        mutating func encode(_ value: some Encodable) throws { try slot.appended().encode(value, at: codingPath) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let element = slot.appended()
            element.becomeObject()
            return KeyedEncodingContainer(Keyed<NestedKey>(slot: element, codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let element = slot.appended()
            element.becomeArray()
            return Unkeyed(slot: element, codingPath: codingPath)
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(slot: slot.appended(), codingPath: codingPath) }
    }

    private struct Single: SingleValueEncodingContainer {
        let slot: Slot
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { slot.set(.null) }
        mutating func encode(_ value: Bool) throws { slot.set(.bool(value)) }
        mutating func encode(_ value: String) throws { slot.set(.string(value)) }
        mutating func encode(_ value: Double) throws { slot.set(.number(value)) }
        mutating func encode(_ value: Int) throws { slot.set(.number(Double(value))) }
        mutating func encode(_ value: some Encodable) throws { try slot.encode(value, at: codingPath) }
    }
}

/// A report's part that makes its JSON value itself: `JSONValueEncoder` takes that value whole instead of asking
/// Codable for it member by member (a tree's thousand binder nodes cost fifty times as much so). Its `encode(to:)`
/// encodes the same value, for any other encoder.
public protocol JSONValueConvertible: Encodable {
    var jsonValue: JSONValue { get }
}

extension JSONValueConvertible {
    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
