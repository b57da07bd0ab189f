import ArgumentParser
import Foundation
import MsxKit

struct Branch: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "branch",
        abstract: "List the alternate drafts, or start one.",
        discussion: ManualText.discussion(
            """
            A draft is a line of versions of its own (a git branch): try another ending, then switch back, or merge \
            it in. Without NAME, lists the drafts with their last version and word count; * marks the current one.
            """,
            examples: [
                .init("msx branch dark-ending", "Start a draft from the last version (msx switch dark-ending goes to it)."),
                .init("msx branch before-cuts --at \"first draft\"", "Start a draft from a milestone."),
                .init("msx branch", "List the drafts."),
            ]))

    @Argument(help: "The new draft's name.") var name: String?
    @Option(help: ArgumentHelp("The version it starts from (default: the last one).", valueName: "rev")) var at: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if name == nil && at != nil { throw ValidationError("--at goes with a new draft's NAME") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let report = try console.run(DraftsAction(new: name.map { ($0, at) })) else { return }
            guard case .list(let drafts) = report else {
                if case .started(let draft) = report {
                    console.line("started draft '\(draft.name)' at \(draft.version.short) (msx switch \(draft.name) goes to it)")
                }
                return
            }
            let width = drafts.map(\.name.count).max() ?? 0
            for d in drafts {
                let name = d.name.padding(toLength: width, withPad: " ", startingAt: 0)
                console.line("\(d.isCurrent ? "*" : " ") \(name)  \(console.paint(d.version.short, "33")) \(DateText.display(d.time, offsetMinutes: d.offsetMinutes))  "
                             + "\(d.words) words  \(d.subject)")
            }
        }
    }
}

struct Switch: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Go to another draft: its files replace this one's.",
        discussion: ManualText.discussion(
            """
            Changes not yet snapshotted make switch refuse (no word is overwritten); with --snapshot (or -m) they \
            are recorded first, on the draft being left.
            """,
            examples: [.init("msx switch dark-ending", "Work on the other ending."),
                       .init("msx switch main --snapshot", "Back to the main draft, recording today's work on this one first.")]))

    @Argument(help: "The draft.") var name: String
    @OptionGroup var first: SnapshotFirstOptions
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let action = SwitchAction(name, recordFirst: try first.recordFirst(environment: console.environment))
            guard let report = try console.run(action) else { return }
            if let recorded = report.snapshot { console.line("snapshot \(recorded.short) recorded") }
            console.line("now on draft '\(report.draft.name)' (\(report.draft.version.short), \(report.draft.words) words)")
        }
    }
}

struct Merge: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Bring another draft's versions into this one; finish or abandon a merge that stopped at conflicts.",
        discussion: ManualText.discussion(
            """
            As pull merges a remote: the binder by node id, each document from the draft that changed it, a document \
            both changed word by word with its formatting, as a version with two parents. When both drafts changed \
            the same words differently, the files hold the merge with this draft's words there (both, between \
            markers, with --markers), nothing is recorded, and merge exits 1: msx conflicts shows each conflict, msx \
            resolve settles it, and msx snapshot (or merge --continue) records the merge once none is left. \
            merge --abort goes back to the last version; the files as they were are kept as a version named \
            refs/msx/aborted-merge. msx restore REF@DRAFT takes one document whole instead.
            """,
            examples: [.init("msx merge dark-ending", "Bring the other ending's changes in."),
                       .init("msx merge --continue -m \"Both endings, reconciled\"", "Record the merge once its conflicts are resolved."),
                       .init("msx merge --abort", "Give up a merge that stopped at conflicts."),
                       .init("msx restore \"Chapter 12@dark-ending\"", "Or take one chapter from it.")]))

    @Argument(help: "The draft to merge in.") var name: String?
    @Flag(help: "Go back to the last version, abandoning the merge in progress.") var abort = false
    @Flag(name: .customLong("continue"), help: "Record the merge in progress (every conflict resolved).") var proceed = false
    @Option(name: .shortAndLong, help: "With --continue: the merge version's message.") var message: String?
    @OptionGroup var merge: MergeOptions
    @OptionGroup var authorOption: AuthorOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard [name != nil, abort, proceed].filter({ $0 }).count == 1 else {
            throw ValidationError("name a draft to merge, or give --abort or --continue")
        }
        if message != nil && !proceed { throw ValidationError("-m goes with --continue") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let author = try authorOption.resolved(environment: console.environment)
            let request: MergeAction.Request = abort ? .abort : name.map { .draft($0, markers: merge.markers) } ?? .proceed(message: message)
            let report = try console.run(MergeAction(request, author: author), emittingJSON: false)
            guard let report else { return }
            if report.isConflicted { console.exitStatus = 1 }
            if console.json { return console.emit(try report.json()) }
            switch report {
            case .aborted(let result):
                console.line("back at \(result.version.short); the files as they were are kept as \(result.saved.short) "
                    + "(msx diff --from HEAD --to \(result.saved.short) shows what they held)")
            case .recorded(let label, let version):
                console.line("merged \(label) as \(version?.short ?? "?")")
            case .merge(.upToDate):
                console.line("already has everything of '\(name ?? "")'")
            case .merge(.fastForwarded(let to)):
                console.line("moved forward to '\(name ?? "")' (\(to.short))")
            case .merge(.merged(let result)):
                MergeWording.report(result, merging: "'\(name ?? "")'", to: console)
            case .merge(.conflicted(let state)):
                MergeWording.report(state, to: console)
            }
        }
    }
}
