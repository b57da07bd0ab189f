import ArgumentParser
import MsxKit

struct Tree: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Show the binder with word counts, status and label.",
        discussion: ManualText.discussion(
            "Words are counted one way everywhere: split at white space, each CJK character a word.",
            examples: [
                .init("msx tree",
                      "The binder with ids, word counts, status and label."),
                .init("msx tree --json",
                      "The same for scripts."),
            ]),
        aliases: ["ls"])

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let tree = try console.run(TreeAction(), emittingJSON: false) else { return }
            if console.json { return console.streamBytes { tree.writeJSON(to: $0) } }
            console.line(console.paint(tree.project.title, "1"))
            for node in tree.binder { render(node.counted, depth: 0, console: console) }
        }
    }

    private func render(_ counted: CountedNode, depth: Int, console: Console) {
        let node = counted.node
        let indent = String(repeating: "  ", count: depth)
        let name = node.kind == .folder ? console.paint(node.title + "/", "1;34") : node.title
        var words = counted.isMissing ? "file missing" : "\(counted.words) word\(counted.words == 1 ? "" : "s")"
        // Progress against the node's own target: "1,200 of 2,500 words, 48%".
        if let target = node.target, target > 0, !counted.isMissing {
            words = "\(NumberText.grouped(counted.words)) of \(NumberText.grouped(target)) words, \(min(999, counted.words * 100 / target))%"
        }
        var details = [words]
        if let status = node.status { details.append(status) }
        if let label = node.label { details.append(label) }
        if !node.includeInCompile { details.append("not compiled") }
        let id = console.paint(String(node.id.prefix(7)), "2")
        console.line("\(indent)\(id) \(name)  " + console.paint("(\(details.joined(separator: ", ")))", "2"))
        for child in counted.children { render(child, depth: depth + 1, console: console) }
    }
}
