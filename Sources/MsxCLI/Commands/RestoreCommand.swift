import ArgumentParser
import MsxKit

struct Restore: MsxCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring back a document, or the whole project, as it was at a version.",
        discussion: """
            Every unsnapshotted change is snapshotted first ("Before restore to REV"), so the state being replaced is \
            itself a version. With --all, documents created after REV go to the Trash; nothing is deleted. REV: a \
            version id, a milestone, ~N (the document's Nth snapshot before its last), {YYYY-MM-DD}, or HEAD.
            """)

    @Argument(help: "The document to restore.")
    var reference: String?

    @Option(help: ArgumentHelp("The version to bring back (default: the last snapshot).", valueName: "rev"))
    var to = "HEAD"

    @Flag(help: "Restore the whole project.") var all = false
    @Flag(name: .customLong("text-only"), help: "Bring back the words; keep today's formatting where they survive.") var textOnly = false
    @Flag(name: .customLong("formatting-only"), help: "Bring back the formatting onto today's words where they match.") var formattingOnly = false
    @Flag(help: "Say what would change without changing anything.") var dryRun = false

    @OptionGroup var authorOption: AuthorOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if all == (reference != nil) { throw ValidationError("give a document to restore, or --all") }
        if textOnly && formattingOnly { throw ValidationError("give --text-only or --formatting-only, not both") }
        if all && (textOnly || formattingOnly) { throw ValidationError("--text-only and --formatting-only go with one document") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let author = try authorOption.resolved(environment: console.environment)
            let history = try console.openHistory(forWriting: !dryRun)
            let result: RestoreResult
            if all {
                result = try history.restoreAll(to: to, dryRun: dryRun, author: author)
            } else {
                let version = try history.resolve(to)
                let id = try history.documentID(for: reference!, at: version, workingDirectory: console.workingDirectory)
                let mode: RestoreMode = textOnly ? .textOnly : formattingOnly ? .formattingOnly : .whole
                result = try history.restore(documentID: id, to: to, mode: mode, dryRun: dryRun, author: author)
            }
            if console.json {
                console.report([
                    "dryRun": .bool(dryRun), "version": .string(result.version.description),
                    "safetyVersion": .optional(result.safetyVersion?.description),
                    "changes": .array(result.events.map { .string(Self.line($0)) }),
                ])
                return
            }
            if let safety = result.safetyVersion { console.line("saved the current state first as \(safety.short)") }
            for event in result.events { console.line((dryRun ? "would have " : "") + Self.line(event)) }
        }
    }

    /// A restore event in words (also the `changes` strings of the `--json` report).
    static func line(_ event: RestoreEvent) -> String {
        switch event {
        case .restoredDocument(let node, let version): "restored '\(node.title)' to \(version.short)"
        case .restoredProject(let version): "restored the project to \(version.short)"
        case .broughtBack(let node, let folder, let fromTrash):
            fromTrash ? "took '\(node.title)' out of the Trash into \(folder.title)" : "brought '\(node.title)' back into \(folder.title)"
        case .metadata(let field, let now, let then):
            "\(BinderWording.name(of: field)): \(now ?? "(none)") -> \(then ?? "(none)")"
        case .text(let added, let removed): "text: +\(added) / -\(removed) words"
        case .formattingRestored: "formatting restored"
        case .formattingNotPlaced(let loss): FormattingLossWording.notRestored(loss)
        case .movedToTrash(let node): "'\(node.title)' did not exist then: moved to the Trash"
        case .nodesAsTheyWere(let count): "\(count) binder nodes as they were"
        }
    }
}
