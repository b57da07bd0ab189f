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
            if let name {
                let draft = try console.openHistory(forWriting: true).createDraft(name, at: at)
                if console.json { console.report(["draft": Self.json(draft)]) } else {
                    console.line("started draft '\(draft.name)' at \(draft.version.short) (msx switch \(draft.name) goes to it)")
                }
                return
            }
            let drafts = try console.openHistory().drafts()
            if console.json {
                console.report(["drafts": .array(drafts.map(Self.json))])
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

    static func json(_ d: DraftInfo) -> JSONValue {
        ["name": .string(d.name), "version": .string(d.version.description), "date": .string(DateText.iso(d.time, offsetMinutes: d.offsetMinutes)),
         "subject": .string(d.subject), "words": .int(d.words), "current": .bool(d.isCurrent)]
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
            let history = try console.openHistory(forWriting: true)
            let recorded = try first.record(in: history, defaultMessage: "Before switching to \(name)", environment: console.environment)
            let draft = try history.switchDraft(to: name)
            if console.json {
                console.report(["draft": Branch.json(draft), "snapshot": .optional(recorded?.description)])
            } else {
                if let recorded { console.line("snapshot \(recorded.short) recorded") }
                console.line("now on draft '\(draft.name)' (\(draft.version.short), \(draft.words) words)")
            }
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
            let history = try console.openHistory(forWriting: true)
            let author = try authorOption.resolved(environment: console.environment)
            if abort {
                let result = try history.abortMerge(author: author)
                if console.json {
                    console.report(["outcome": "aborted", "to": .string(result.version.description), "saved": .string(result.saved.description)])
                } else {
                    console.line("back at \(result.version.short); the files as they were are kept as \(result.saved.short) "
                        + "(msx diff --from HEAD --to \(result.saved.short) shows what they held)")
                }
                return
            }
            guard let name else {
                guard let state = try history.mergeState() else { throw MsxError(.noMerge, "no merge is in progress") }
                let result = try history.snapshot(message: message, author: author)
                if console.json {
                    console.report(["outcome": "merged", "to": .optional(result.version?.description)])
                } else {
                    console.line("merged \(state.label) as \(result.version?.short ?? "?")")
                }
                return
            }
            switch try history.mergeDraft(name, markers: merge.markers) {
            case .upToDate:
                if console.json { console.report(["outcome": "up-to-date"]) } else { console.line("already has everything of '\(name)'") }
            case .fastForwarded(let to):
                if console.json { console.report(["outcome": "fast-forward", "to": .string(to.description)]) } else {
                    console.line("moved forward to '\(name)' (\(to.short))")
                }
            case .merged(let result):
                if console.json { console.report(MergeWording.json(result).objectValue ?? [:]) } else {
                    MergeWording.report(result, merging: "'\(name)'", to: console)
                }
            case .conflicted(let state):
                if console.json {
                    console.report(MergeWording.json(state).objectValue ?? [:])
                    console.exitStatus = 1
                } else {
                    MergeWording.report(state, to: console)
                }
            }
        }
    }
}
