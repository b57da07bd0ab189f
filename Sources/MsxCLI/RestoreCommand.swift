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

    @Option(help: ArgumentHelp("The version to bring back.", valueName: "rev"))
    var to: String

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
                    "changes": .array(result.descriptions.map(JSONValue.string)),
                ])
                return
            }
            if let safety = result.safetyVersion { console.line("saved the current state first as \(safety.short)") }
            for line in result.descriptions { console.line((dryRun ? "would have " : "") + line) }
        }
    }
}
