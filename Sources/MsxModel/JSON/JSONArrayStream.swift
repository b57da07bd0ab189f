import Foundation

/// Writes a JSON object one of whose members is a long array made an element at a time. The text is the one
/// `JSONWriter` writes for the whole object (pretty form), but only one element is held at once: a long
/// document's model or differences go out as they are made, never held whole as JSON.
package struct JSONArrayStream {
    /// How deep the array's elements are nested (for an element a caller writes itself, `startElement`).
    package let depth: Int
    /// The array's closing bracket, on its own line, and everything of the object after it.
    private let closing: [UInt8], closingEmpty: [UInt8]
    private var count = 0

    /// Writes `members` nested `indent` levels deep (0: a whole document, which ends with a line break), up to
    /// the place of the first element of the array member `key` (not one of `members`). `sink` receives UTF-8
    /// bytes, each piece whole characters: the pieces go to a file as they are, with no string made of each.
    package init(_ members: [String: JSONValue], streaming key: String, indent: Int = 0, to sink: ([UInt8]) -> Void) {
        var skeleton = members
        skeleton[key] = .array([])
        let text = indent == 0 ? JSONWriter.string(.object(skeleton)) : JSONWriter.fragment(.object(skeleton), indent: indent)
        let padding = String(repeating: "  ", count: indent + 1)
        let opening = "\n" + padding + JSONWriter.fragment(.string(key), indent: 0) + ": ["
        // Each key is written once, at its own indentation, and a line break inside a string is escaped: the
        // member's line is found once, and nowhere else.
        guard let member = text.range(of: opening + "]", options: .literal) else { preconditionFailure("\(key) is a member of the object written") }
        sink(Array((String(text[..<member.lowerBound]) + opening).utf8))
        let rest = text[member.upperBound...]
        closing = Array(("\n" + padding + "]" + rest).utf8)
        closingEmpty = Array(("]" + rest).utf8)
        depth = indent + 2
    }

    /// Writes the next element.
    package mutating func append(_ element: JSONValue, to sink: ([UInt8]) -> Void) {
        var piece = separator()
        JSONWriter.append(element, indent: depth, to: &piece)
        sink(piece)
    }

    /// Starts the next element, which the caller then writes itself, nested `depth` levels deep.
    package mutating func startElement(to sink: ([UInt8]) -> Void) {
        sink(separator())
    }

    /// What goes before the next element: a comma after the one before, a line break and the indentation.
    private mutating func separator() -> [UInt8] {
        var bytes: [UInt8] = count == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A]
        bytes += repeatElement(UInt8(ascii: " "), count: 2 * depth)
        count += 1
        return bytes
    }

    /// Closes the array and writes the rest of the object.
    package func finish(to sink: ([UInt8]) -> Void) {
        sink(count == 0 ? closingEmpty : closing)
    }
}
