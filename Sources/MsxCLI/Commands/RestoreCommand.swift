import ArgumentParser
import MsxKit

struct Restore: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring back a document, or the whole project, as it was at a version.",
        discussion: ManualText.discussion(
            """
            Every unsnapshotted change is snapshotted first ("Before restore to REV", stale sidecars re-anchored), so \
            the state being replaced is itself a version; the restored state is recorded after it ("Restored 'TITLE' to \
            REV"), its words marked as brought back, so that stats never counts them as written today. With --all, documents created after REV go to the Trash; nothing is deleted. The \
            version is named as in every command: REF@REV or --at REV, where REV is git's revision syntax (an id, a \
            milestone, HEAD~2, REV@{2026-11-01}) or ~N (the document's Nth snapshot before its last).
            """,
            examples: [
                .init("msx restore \"The Storm@first draft\"",
                      "Bring it back as it was at a milestone; today's state is snapshotted first."),
                .init("msx restore \"The Storm\"",
                      "Throw away unsnapshotted edits (they are kept as a version first)."),
                .init("msx restore \"The Storm@HEAD~3\" --formatting-only",
                      "That version's formatting on today's words."),
                .init("msx restore --all --at \"first draft\" --dry-run",
                      "Say what restoring the whole project would change."),
            ]))

    @Argument(help: "The document to restore, optionally REF@REV for the version.")
    var reference: String?

    @Option(help: ArgumentHelp("The version to bring back (default: the last snapshot).", valueName: "rev"))
    var at: String?
    /// The spelling before the one revision grammar; kept so that old scripts still run.
    @Option(name: .customLong("to"), help: .hidden) var deprecatedTo: String?

    @Flag(help: "Restore the whole project.") var all = false
    @Flag(name: .customLong("text-only"), help: "Bring back the words; keep today's formatting (Markdown and sidecar) on every word that did not change.") var textOnly = false
    @Flag(name: .customLong("formatting-only"), help: "Bring back all the formatting (Markdown and sidecar) onto today's words where they match.") var formattingOnly = false
    @Flag(help: "Say what would change without changing anything.") var dryRun = false

    @OptionGroup var authorOption: AuthorOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if all == (reference != nil) { throw ValidationError("give a document to restore, or --all") }
        if textOnly && formattingOnly { throw ValidationError("give --text-only or --formatting-only, not both") }
        if all && (textOnly || formattingOnly) { throw ValidationError("--text-only and --formatting-only go with one document") }
        if at != nil && deprecatedTo != nil { throw ValidationError("give the version once, with --at") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let author = try authorOption.resolved(environment: console.environment)
            let mode: RestoreMode = textOnly ? .textOnly : formattingOnly ? .formattingOnly : .whole
            let action = RestoreAction(all ? .project : .document(reference!, mode: mode), at: at ?? deprecatedTo, dryRun: dryRun, author: author)
            guard let report = try console.run(action, emittingJSON: false) else { return }
            let result = report.result
            // Formatting whose words an outside edit took, dropped as the version recorded first re-anchored it.
            for entry in result.reanchoredFirst {
                console.warn(entry.lost.map { "\(entry.node.sidecarPath ?? entry.node.path): \(FormattingLossWording.line($0))" })
            }
            if console.json { return console.emit(try report.json()) }
            if result.savesFirst {
                let safety = result.safetyVersion.map { " as \($0.short)" } ?? ""
                console.line("\(Mood(dryRun: dryRun).verb("saved", "save")) the current state first\(safety)")
            }
            for event in result.events { console.line(RestoreWording.line(event, Mood(dryRun: dryRun))) }
            // A restore that changes something is recorded as a version of its own.
            if result.recordsVersion {
                console.line("\(Mood(dryRun: dryRun).verb("recorded", "record")) the restore" + (result.restoredVersion.map { " as \($0.short)" } ?? ""))
            }
        }
    }
}
