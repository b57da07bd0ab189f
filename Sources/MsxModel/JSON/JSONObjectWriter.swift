/// An object written member by member in `JSONWriter`'s pretty form, the caller giving the members in the code
/// point order of their names: strings, numbers and booleans go straight into the bytes, as `JSONWriter` writes them,
/// with no `JSONValue` made of each. For long reports written a piece at a time (`tree --json`, `diff --json`), whose
/// values built and sorted member by member cost more than the rest of the command.
package struct JSONObjectWriter {
    /// How deep the object is nested.
    package let indent: Int
    private var opened = false
    #if DEBUG
    private var lastName: [UInt8] = []
    #endif

    package init(indent: Int) { self.indent = indent }

    /// Writes the next member's name (plain ASCII, needing no escape), ready for its value.
    package mutating func member(_ name: StaticString, into out: inout [UInt8]) {
        #if DEBUG
        let bytes = name.withUTF8Buffer { Array($0) }
        assert(!opened || lastName.lexicographicallyPrecedes(bytes), "members out of order: \(name) after \(String(decoding: lastName, as: UTF8.self))")
        lastName = bytes
        #endif
        // Put together apart and appended once: an append a piece cost more than the rest of the member.
        let width = 2 * (indent + 1), length = name.utf8CodeUnitCount
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width + length + 6) { header in
            let start = header.baseAddress!
            start[0] = UInt8(ascii: opened ? "," : "{")
            start[1] = 0x0A
            (start + 2).initialize(repeating: UInt8(ascii: " "), count: width)
            start[2 + width] = UInt8(ascii: "\"")
            (start + 3 + width).initialize(from: name.utf8Start, count: length)
            let end = start + 3 + width + length
            (end[0], end[1], end[2]) = (UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: " "))
            out.append(contentsOf: UnsafeBufferPointer(header))
        }
        opened = true
    }

    package mutating func member(_ name: StaticString, _ value: JSONValue, into out: inout [UInt8]) {
        member(name, into: &out)
        JSONWriter.append(value, indent: indent + 1, to: &out)
    }

    package mutating func member(_ name: StaticString, _ value: String?, into out: inout [UInt8]) {
        member(name, into: &out)
        if let value { JSONWriter.writeString(value, into: &out) } else { Self.literal("null", into: &out) }
    }

    package mutating func member(_ name: StaticString, _ value: Bool, into out: inout [UInt8]) {
        member(name, into: &out)
        Self.literal(value ? "true" : "false", into: &out)
    }

    package mutating func member(_ name: StaticString, _ value: Int?, into out: inout [UInt8]) {
        member(name, into: &out)
        guard let value else { return Self.literal("null", into: &out) }
        // Digits written where they go; past 2^53 a number is written as the general writer writes a double.
        guard value.magnitude < 1 << 53 else { return out.append(contentsOf: JSONWriter.format(Double(value)).utf8) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value.magnitude, start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes the next member, an array of `count` elements that `element` writes one by one (given its index and
    /// the depth to write it at), as the general writer lays an array out.
    package mutating func member(_ name: StaticString, count: Int, into out: inout [UInt8],
                                 element: (Int, Int, inout [UInt8]) -> Void) {
        member(name, into: &out)
        guard count > 0 else { return Self.literal("[]", into: &out) }
        out.append(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.newline(&out, indent + 2)
            element(i, indent + 2, &out)
        }
        JSONWriter.newline(&out, indent + 1)
        out.append(UInt8(ascii: "]"))
    }

    /// Closes the object (it must have members: an empty object is written `{}` whole).
    package func close(into out: inout [UInt8]) {
        JSONWriter.newline(&out, indent)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends `text`'s bytes as they are.
    private static func literal(_ text: StaticString, into out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
