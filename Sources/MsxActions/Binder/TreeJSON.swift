import MsxModel
import MsxProject

extension TreeReport {
    /// The report as `tree --json` prints it, the same bytes `JSONWriter` writes for `json()`, written node by node
    /// straight into `sink`'s pieces: a long series' binder is never built as a `JSONValue` tree (that, its
    /// `Encodable` shell and the writer's sorting of each node's members were most of what `tree --json` did).
    public func writeJSON(to sink: ([UInt8]) -> Void) {
        let info: JSONValue = ["author": .string(project.author), "id": .string(project.id), "title": .string(project.title)]
        var nodes = JSONArrayStream(JSONEnvelope.members(["project": info, "words": .int(words)]), streaming: "binder", to: sink)
        // One buffer, handed on whenever it holds a piece's worth: a series' draft folder is most of the binder, and
        // written whole it was grown in fresh memory and copied again.
        var out: [UInt8] = []
        out.reserveCapacity(2 * Self.piece)
        for node in binder {
            nodes.startElement(to: sink)
            Self.write(node.counted, indent: nodes.depth, into: &out, handingOn: sink)
            sink(out)
            out.removeAll(keepingCapacity: true)
        }
        nodes.finish(to: sink)
    }

    /// How many bytes the writer gathers before handing them on.
    private static let piece = 1 << 16

    /// One counted node as `Node.jsonValue` has it, its members in the code point order of their names; what `out`
    /// holds goes to `sink` after any child that leaves it a piece or more.
    private static func write(_ counted: CountedNode, indent: Int, into out: inout [UInt8], handingOn sink: ([UInt8]) -> Void) {
        let node = counted.node
        var object = JSONObjectWriter(indent: indent)
        if node.kind == .folder {
            object.member("children", count: counted.children.count, into: &out) { i, indent, out in
                write(counted.children[i], indent: indent, into: &out, handingOn: sink)
                if out.count >= piece {
                    sink(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
        }
        object.member("compileAs", node.compileAs, into: &out)
        object.member("custom", .object(node.custom), into: &out)
        object.member("id", node.id, into: &out)
        object.member("includeInCompile", node.includeInCompile, into: &out)
        object.member("keywords", count: node.keywords.count, into: &out) { i, _, out in JSONWriter.writeString(node.keywords[i], into: &out) }
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
}
