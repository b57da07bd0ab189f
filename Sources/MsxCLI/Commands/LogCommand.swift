import ArgumentParser
import MsxKit

struct Log: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List versions of the project, or of one document.",
        discussion: ManualText.discussion(
            "A document's history follows it by id across renames, moves and the Trash.",
            examples: [
                .init("msx log \"The Storm\"",
                      "Its versions across renames and moves, with words added and removed."),
                .init("msx log -n 10 --since 2026-11-01",
                      "The last ten versions of the project since a day."),
            ]))

    @Argument(help: "A document (default: the whole project).")
    var reference: String?

    @Option(name: [.customShort("n"), .long], help: ArgumentHelp("Show at most N versions.", valueName: "n")) var limit: Int?
    @Option(help: ArgumentHelp("Only versions from this day (YYYY-MM-DD) on.", valueName: "date")) var since: String?
    @Option(help: ArgumentHelp("Only versions up to the end of this day.", valueName: "date")) var until: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit takes a number from 1") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let filter = LogFilter(limit: limit, since: try since.map { try DateText.seconds($0, endOfDay: false) },
                                   until: try until.map { try DateText.seconds($0, endOfDay: true) })
            let action = LogAction(reference, filter: filter)
            if console.json { return _ = try console.run(action) }
            // Versions go out as they are found (off a terminal), a kilobyte at a time: `msx log |
            // head` reads little more than what it shows.
            var shown = 0
            var failure: Error?
            console.stream(chunk: 1024) { sink in
                let print = { (entry: LogEntry) in
                    shown += 1
                    sink(Self.lines(entry, console).map(console.formatted).joined())
                }
                do {
                    try action.stream(from: console.workingDirectory, each: print)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            if shown == 0 { console.line("No versions.") }
        }
    }

    /// A version as `log` shows it: its id, date, author and subject (and milestones), then what it changed in the
    /// document, when it is a document's log.
    private static func lines(_ entry: LogEntry, _ console: Console) -> [String] {
        var line = "\(console.paint(entry.version.short, "33")) \(DateText.display(entry.time, offsetMinutes: entry.offsetMinutes))  \(entry.author)  \(entry.subject)"
        if !entry.milestones.isEmpty { line += "  " + console.paint("[\(entry.milestones.joined(separator: ", "))]", "36") }
        guard let change = entry.change else { return [line] }
        let kinds = [change.text ? "text" : nil, change.formatting ? "formatting" : nil, change.metadata ? "metadata" : nil,
                     change.notes ? "notes" : nil].compactMap { $0 }.joined(separator: ", ")
        let binder = [change.renamed ? "renamed" : nil, change.moved ? "moved" : nil].compactMap { $0 }.joined(separator: ", ")
        let all = [kinds, binder].filter { !$0.isEmpty }.joined(separator: "; ")
        let what = change.created ? "created" : change.deleted ? "deleted" : change.unchanged ? "unchanged (recorded on purpose)"
            : all.isEmpty ? "markup only" : all
        return [line, "        \(console.paint("+\(change.wordsAdded)", "32")) / \(console.paint("-\(change.wordsRemoved)", "31")) words; \(what)"]
    }
}
