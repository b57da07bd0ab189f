import ArgumentParser
import MsxKit

struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the binder with word counts, status and label.",
        discussion: "Words are counted one way everywhere: split at white space, each CJK character a word.",
        aliases: ["ls"])

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try global.run { output in
            let project = try global.openProject()
            let tree = try project.countedTree()
            if output.json {
                let m = project.manifest
                output.emit([
                    "schemaVersion": 1,
                    "project": ["id": .string(m.id), "title": .string(m.title), "author": .string(m.author.name)],
                    "words": .int(tree.filter { $0.node.role != "trash" }.reduce(0) { $0 + $1.words }),
                    "binder": .array(tree.map(NodeRendering.json)),
                ])
                return
            }
            output.line(output.paint(project.manifest.title, "1"))
            for node in tree { render(node, depth: 0, output: output) }
        }
    }

    private func render(_ counted: CountedNode, depth: Int, output: Output) {
        let node = counted.node
        let indent = String(repeating: "  ", count: depth)
        let name = node.kind == .folder ? output.paint(node.title + "/", "1;34") : node.title
        var details = ["\(counted.words) word\(counted.words == 1 ? "" : "s")"]
        if let status = node.status { details.append(status) }
        if let label = node.label { details.append(label) }
        if !node.includeInCompile { details.append("not compiled") }
        let id = output.paint(String(node.id.prefix(7)), "2")
        output.line("\(indent)\(id) \(name)  " + output.paint("(\(details.joined(separator: ", ")))", "2"))
        for child in counted.children { render(child, depth: depth + 1, output: output) }
    }
}
