import Foundation

/// Writes a JSON object one of whose members is a long array made an element at a time. The text is the one
/// `JSONWriter` writes for the whole object (pretty form), but only one element is held at once: a long
/// document's model or differences go out as they are made, never held whole as JSON.
package struct JSONArrayStream {
    /// How deep the array's elements are nested (for an element a caller writes itself, `startElement`).
    package let depth: Int
    /// The array's closing bracket, on its own line, and everything of the object after it.
    private let closing: String, closingEmpty: String
    private var count = 0

    /// Writes `members` nested `indent` levels deep (0: a whole document, which ends with a line break), up to
    /// the place of the first element of the array member `key` (not one of `members`).
    package init(_ members: [String: JSONValue], streaming key: String, indent: Int = 0, to sink: (String) -> Void) {
        var skeleton = members
        skeleton[key] = .array([])
        let text = indent == 0 ? JSONWriter.string(.object(skeleton)) : JSONWriter.fragment(.object(skeleton), indent: indent)
        let padding = String(repeating: "  ", count: indent + 1)
        let opening = "\n" + padding + JSONWriter.fragment(.string(key), indent: 0) + ": ["
        // Each key is written once, at its own indentation, and a line break inside a string is escaped: the
        // member's line is found once, and nowhere else.
        guard let member = text.range(of: opening + "]", options: .literal) else { preconditionFailure("\(key) is a member of the object written") }
        sink(String(text[..<member.lowerBound]) + opening)
        let rest = text[member.upperBound...]
        closing = "\n" + padding + "]" + rest
        closingEmpty = "]" + rest
        depth = indent + 2
    }

    /// Writes the next element.
    package mutating func append(_ element: JSONValue, to sink: (String) -> Void) {
        startElement(to: sink)
        sink(JSONWriter.fragment(element, indent: depth))
    }

    /// Starts the next element, which the caller then writes itself, nested `depth` levels deep.
    package mutating func startElement(to sink: (String) -> Void) {
        sink((count == 0 ? "\n" : ",\n") + String(repeating: "  ", count: depth))
        count += 1
    }

    /// Closes the array and writes the rest of the object.
    package func finish(to sink: (String) -> Void) {
        sink(count == 0 ? closingEmpty : closing)
    }
}
