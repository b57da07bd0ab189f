import ArgumentParser
import MsxKit

struct Snapshot: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Record the current state of documents as a new version.",
        discussion: ManualText.discussion(
            """
            Without REF, every changed document. Nothing changed: says so, records nothing, exits 0. A sidecar \
            gone stale (its document edited in another editor) is saved re-anchored first, so the version's \
            formatting is anchored to its own text; formatting whose words are gone is named. A document renamed or moved outside msx \
            (found by its words) is re-attached first and recorded as moved, keeping its history.
            """,
            examples: [
                .init("msx snapshot -m \"Storm scene drafted\" --tag \"first draft\"",
                      "A version of everything changed, marked as a milestone."),
                .init("msx snapshot \"The Storm\"",
                      "A version of one document only."),
            ]))

    @Argument(help: "Documents or folders to snapshot (default: every changed document).")
    var references: [String] = []

    @Option(name: .shortAndLong, help: "The version's message (default: names the documents).")
    var message: String?

    @Option(help: ArgumentHelp("Also mark the new version as a milestone.", valueName: "name"))
    var tag: String?

    @OptionGroup var authorOption: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let author = try authorOption.resolved(environment: console.environment)
            let action = SnapshotAction(references, message: message, author: author, milestone: tag)
            let report = try action.run(from: console.workingDirectory, reporter: StandardErrorReporter(sink: console.invocation.standardError))
            console.warn(report.warnings)
            if console.json { return console.emit(try report.json()) }
            let (result, reattached, milestone) = (report.result, report.reattached, report.milestone)
            for rename in reattached { console.line(CheckWording.line(.reattached(rename.node, at: rename.path))) }
            guard let version = result.version else {
                console.line("Nothing changed since the last snapshot.")
                return
            }
            console.line("\(version.short) \(result.message.messageSubject)")
            for change in result.documents { console.line("  \(ChangeWording.summary(change)): \(change.node.title)") }
            for file in result.files { console.line("  \(ChangeWording.summary(file)): \(file.path)") }
            if let milestone { console.line("milestone '\(milestone.name)'") }
        }
    }
}
