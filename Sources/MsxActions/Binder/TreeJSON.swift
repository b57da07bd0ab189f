import MsxModel
import MsxProject

extension TreeReport {
    /// The report as `tree --json` prints it, the same bytes `JSONWriter` writes for `json()`, written node by node
    /// straight into `sink`'s pieces: a long series' binder is never built as a `JSONValue` tree (that, its
    /// `Encodable` shell and the writer's sorting of each node's members were most of what `tree --json` did).
    public func writeJSON(to sink: ([UInt8]) -> Void) {
        let info: JSONValue = ["author": .string(project.author), "id": .string(project.id), "title": .string(project.title)]
        var nodes = JSONArrayStream(JSONEnvelope.members(["project": info, "words": .int(words)]), streaming: "binder", to: sink)
        for node in binder {
            nodes.startElement(to: sink)
            var out: [UInt8] = []
            Self.write(node.counted, indent: nodes.depth, into: &out)
            sink(out)
        }
        nodes.finish(to: sink)
    }

    /// One counted node as `Node.jsonValue` has it, its members in the code point order of their names.
    private static func write(_ counted: CountedNode, indent: Int, into out: inout [UInt8]) {
        let node = counted.node
        var object = ObjectWriter(indent: indent)
        if node.kind == .folder {
            object.member("children", into: &out)
            if counted.children.isEmpty {
                object.literal("[]", into: &out)
            } else {
                out.append(UInt8(ascii: "["))
                for (i, child) in counted.children.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    JSONWriter.newline(&out, indent + 2)
                    write(child, indent: indent + 2, into: &out)
                }
                JSONWriter.newline(&out, indent + 1)
                out.append(UInt8(ascii: "]"))
            }
        }
        object.member("compileAs", node.compileAs, into: &out)
        object.member("custom", .object(node.custom), into: &out)
        object.member("id", node.id, into: &out)
        object.member("includeInCompile", node.includeInCompile, into: &out)
        if node.keywords.isEmpty {
            object.member("keywords", into: &out)
            object.literal("[]", into: &out)
        } else {
            object.member("keywords", .array(node.keywords.map(JSONValue.string)), into: &out)
        }
        object.member("kind", node.kind.rawValue, into: &out)
        object.member("label", node.label, into: &out)
        if counted.isMissing { object.member("missing", true, into: &out) }
        object.member("path", node.path, into: &out)
        if let role = node.role { object.member("role", role, into: &out) }
        object.member("status", node.status, into: &out)
        object.member("synopsis", node.synopsis, into: &out)
        object.member("target", node.target, into: &out)
        object.member("title", node.title, into: &out)
        object.member("words", counted.words, into: &out)
        object.close(into: &out)
    }

    /// An object written member by member in the pretty form, the caller giving the members in order: strings,
    /// numbers and booleans straight into the bytes, as `JSONWriter` writes them, with no `JSONValue` made of each.
    private struct ObjectWriter {
        let indent: Int
        private var opened = false

        init(indent: Int) { self.indent = indent }

        /// Writes the next member's name (plain ASCII, needing no escape), ready for its value.
        mutating func member(_ name: StaticString, into out: inout [UInt8]) {
            out.append(UInt8(ascii: opened ? "," : "{"))
            opened = true
            JSONWriter.newline(&out, indent + 1)
            out.append(UInt8(ascii: "\""))
            literal(name, into: &out)
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
        }

        /// Writes the next member, name and value.
        mutating func member(_ name: StaticString, _ value: JSONValue, into out: inout [UInt8]) {
            member(name, into: &out)
            JSONWriter.append(value, indent: indent + 1, to: &out)
        }

        mutating func member(_ name: StaticString, _ value: String?, into out: inout [UInt8]) {
            member(name, into: &out)
            if let value { JSONWriter.writeString(value, into: &out) } else { literal("null", into: &out) }
        }

        mutating func member(_ name: StaticString, _ value: Bool, into out: inout [UInt8]) {
            member(name, into: &out)
            literal(value ? "true" : "false", into: &out)
        }

        mutating func member(_ name: StaticString, _ value: Int?, into out: inout [UInt8]) {
            member(name, into: &out)
            guard let value else { return literal("null", into: &out) }
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

        /// Appends `text`'s bytes as they are.
        func literal(_ text: StaticString, into out: inout [UInt8]) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        /// Closes the object (every node has members, so it was opened).
        func close(into out: inout [UInt8]) {
            JSONWriter.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }
}
