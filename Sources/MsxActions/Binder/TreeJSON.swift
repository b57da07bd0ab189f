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
                out += "[]".utf8
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
        object.member("compileAs", .optional(node.compileAs), into: &out)
        object.member("custom", .object(node.custom), into: &out)
        object.member("id", .string(node.id), into: &out)
        object.member("includeInCompile", .bool(node.includeInCompile), into: &out)
        object.member("keywords", .array(node.keywords.map(JSONValue.string)), into: &out)
        object.member("kind", .string(node.kind.rawValue), into: &out)
        object.member("label", .optional(node.label), into: &out)
        if counted.isMissing { object.member("missing", .bool(true), into: &out) }
        object.member("path", .string(node.path), into: &out)
        if let role = node.role { object.member("role", .string(role), into: &out) }
        object.member("status", .optional(node.status), into: &out)
        object.member("synopsis", .optional(node.synopsis), into: &out)
        object.member("target", node.target.map(JSONValue.int) ?? .null, into: &out)
        object.member("title", .string(node.title), into: &out)
        object.member("words", .int(counted.words), into: &out)
        object.close(into: &out)
    }

    /// An object written member by member in the pretty form, the caller giving the members in order.
    private struct ObjectWriter {
        let indent: Int
        private var opened = false

        init(indent: Int) { self.indent = indent }

        /// Writes the next member's name, ready for its value.
        mutating func member(_ name: String, into out: inout [UInt8]) {
            out.append(UInt8(ascii: opened ? "," : "{"))
            opened = true
            JSONWriter.newline(&out, indent + 1)
            JSONWriter.writeString(name, into: &out)
            out += ": ".utf8
        }

        /// Writes the next member, name and value.
        mutating func member(_ name: String, _ value: JSONValue, into out: inout [UInt8]) {
            member(name, into: &out)
            JSONWriter.append(value, indent: indent + 1, to: &out)
        }

        /// Closes the object (every node has members, so it was opened).
        func close(into out: inout [UInt8]) {
            JSONWriter.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }
}
