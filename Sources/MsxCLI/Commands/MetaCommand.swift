import ArgumentParser
import MsxKit

struct Meta: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "meta",
        abstract: "Show or set a document's or folder's metadata.",
        discussion: ManualText.discussion(
            "Without options, shows the metadata. An empty value clears --synopsis, --label and --status; --target 0 clears the target.",
            examples: [
                .init("msx meta \"The Storm\"",
                      "Show its metadata."),
                .init("msx meta \"The Storm\" --status \"First Draft\" --label Scene --add-keyword storm --target 2500",
                      "Set status, label, a keyword and a word target."),
                .init("msx meta Manuscript --compile-as part",
                      "Compile a folder as a part (a page of its own, its chapters inside it in an EPUB's contents)."),
            ]))

    @Argument(help: "The document or folder (id, title or path).")
    var reference: String

    @Option(help: "Set the synopsis.") var synopsis: String?
    @Option(help: "Set the label.") var label: String?
    @Option(help: "Set the status.") var status: String?
    @Option(name: .customLong("add-keyword"), help: ArgumentHelp("Add a keyword (repeatable).", valueName: "keyword"))
    var addKeywords: [String] = []
    @Option(name: .customLong("remove-keyword"), help: ArgumentHelp("Remove a keyword (repeatable).", valueName: "keyword"))
    var removeKeywords: [String] = []
    @Option(help: ArgumentHelp("Set the word target.", valueName: "words")) var target: Int?
    @Flag(name: .customLong("include"), help: "Include in compile.") var include = false
    @Flag(name: .customLong("exclude"), help: "Exclude from compile.") var exclude = false
    @Option(name: .customLong("compile-as"), help: ArgumentHelp(
        "What it is in the compiled book: " + MetaAction.compileAsNames.joined(separator: ", ")
            + " (auto: its label and place decide).", valueName: "type"))
    var compileAs: String?
    @Option(name: .customLong("set"), help: ArgumentHelp("Set a custom key (repeatable).", valueName: "key=value"))
    var assignments: [String] = []
    @Option(name: .customLong("unset"), help: ArgumentHelp("Remove a custom key (repeatable).", valueName: "key"))
    var unsetKeys: [String] = []

    @Flag(help: "Say what would change without changing anything.")
    var dryRun = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if include && exclude { throw ValidationError("give --include or --exclude, not both") }
        for assignment in assignments where !assignment.contains("=") || assignment.hasPrefix("=") {
            throw ValidationError("--set takes KEY=VALUE, not '\(assignment)'")
        }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            var change = BinderEditor.MetadataChange()
            change.synopsis = synopsis
            change.label = label
            change.status = status
            change.addKeywords = addKeywords
            change.removeKeywords = removeKeywords
            change.target = target
            change.includeInCompile = include ? true : (exclude ? false : nil)
            change.compileAs = compileAs
            for assignment in assignments {
                let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                change.set[String(parts[0])] = String(parts[1])
            }
            change.unset = unsetKeys
            switch try console.run(MetaAction(reference, change: change, dryRun: dryRun)) {
            case .shown(let node): show(node, console: console)
            case .changed(let report): console.render(report)
            case nil: break
            }
        }
    }

    private func show(_ node: BinderNode, console: Console) {
        console.line("\(node.title) (\(node.kind.rawValue) \(node.id))")
        console.line("path:      \(node.path)")
        console.line("synopsis:  \(node.synopsis ?? "")")
        console.line("label:     \(node.label ?? "")")
        console.line("status:    \(node.status ?? "")")
        console.line("keywords:  \(node.keywords.joined(separator: ", "))")
        console.line("target:    \(node.target.map(String.init) ?? "")")
        console.line("compile:   \(node.includeInCompile ? "included" : "excluded")"
            + (node.compileAs.map { ", as \($0)" } ?? ""))
        for (key, value) in node.custom.sorted(by: { $0.key < $1.key }) {
            console.line("\(key): \(value.stringValue ?? JSONWriter.string(value, pretty: false))")
        }
    }
}
