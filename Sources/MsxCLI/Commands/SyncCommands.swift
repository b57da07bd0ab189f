import ArgumentParser
import Foundation
import MsxKit

/// The remote a transfer command may name.
struct RemoteArgument: ParsableArguments {
    @Argument(help: "The remote (default: the branch's upstream, else origin, else the only one).") var remote: String?
}

/// How a merge shows its conflicts in the files.
struct MergeOptions: ParsableArguments {
    @Flag(help: "Put both sides of each conflict in the file, between <<<<<<< and >>>>>>> lines.") var markers = false
}

struct RewriteOptions: ParsableArguments {
    @Flag(help: "Merge even when the remote's history was rewritten (a force-push dropped versions it had).")
    var acceptRewrite = false
}

struct Pull: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Bring in the versions a remote has and this project does not.",
        discussion: ManualText.discussion(
            """
            When this project has no versions of its own since the remote's, its files move forward to the remote's \
            last version. When both sides have new versions they are merged: the binder by node id, each document \
            from the side that changed it, and a document both sides changed word by word, with its formatting \
            (changes to different words of a paragraph merge), recorded as a version with two parents. When both \
            sides changed the same words differently, the files hold the merge with this side's words there (both, \
            between markers, with --markers), nothing is recorded, and pull exits 1: msx conflicts shows each \
            conflict, msx resolve settles it, msx snapshot records the merge, msx merge --abort goes back. Changes \
            not yet snapshotted are never overwritten: pull refuses until they are snapshotted.
            """,
            examples: [.init("msx pull", "From the branch's remote (origin after msx clone)."),
                       .init("msx pull --markers", "Conflicts, if any, between <<<<<<< markers in the files.")]))

    @OptionGroup var remote: RemoteArgument
    @OptionGroup var merge: MergeOptions
    @OptionGroup var rewrite: RewriteOptions
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            try SyncWording.run(TransferAction(remote: remote.remote, pulls: true, pushes: false, markers: merge.markers,
                                               acceptingRewrite: rewrite.acceptRewrite, environment: console.environment), console)
        }
    }
}

struct Push: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Send this project's versions and milestones to a remote.",
        discussion: ManualText.discussion(
            "Refused when the remote has versions this project does not: pull first (msx sync does both).",
            examples: [.init("msx push origin", "Send the versions; origin becomes the branch's remote.")]))

    @OptionGroup var remote: RemoteArgument
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            try SyncWording.run(TransferAction(remote: remote.remote, pulls: false, pushes: true, environment: console.environment), console)
        }
    }
}

struct Sync: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Snapshot (when asked), pull, then push: the everyday command between machines.",
        discussion: ManualText.discussion(
            """
            With --snapshot (or -m), changes not yet snapshotted are recorded first; without, they make sync refuse, \
            since pulling could not bring the files forward under them. A merge that stops at conflicts sends \
            nothing (see msx pull).
            """,
            examples: [
                .init("msx sync --snapshot", "Record today's work, bring in the other machine's, send both."),
                .init("msx sync -m \"Chapter 3 on the train\"", "The same, with the version's message."),
            ]))

    @OptionGroup var remote: RemoteArgument
    @OptionGroup var first: SnapshotFirstOptions
    @OptionGroup var merge: MergeOptions
    @OptionGroup var rewrite: RewriteOptions
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            try SyncWording.run(TransferAction(remote: remote.remote, pulls: true, pushes: true, markers: merge.markers,
                                               acceptingRewrite: rewrite.acceptRewrite,
                                               recordFirst: try first.recordFirst(environment: console.environment),
                                               environment: console.environment), console)
        }
    }
}

/// What pull, push and sync say (and their `--json` reports).
enum SyncWording {
    /// Runs the transfer and says what it did; exits 1 when a merge stopped at conflicts.
    static func run(_ action: TransferAction, _ console: Console) throws {
        let report = try console.run(action, emittingJSON: false)
        guard let report else { return }
        if report.pulled?.isConflicted ?? false { console.exitStatus = 1 }
        if console.json { return console.emit(try report.json()) }
        let (snapshot, pulled, pushed) = (report.snapshot, report.pulled, report.pushed)
        if let snapshot { console.line("snapshot \(snapshot.short) recorded") }
        switch pulled {
        case .upToDate?: console.line("already up to date with the remote")
        case .fastForwarded(let from, let to)?: console.line("brought in the remote's versions: \(from?.short ?? "none") -> \(to.short)")
        case .remoteHasNoBranch?: console.line("the remote has no versions of this branch yet")
        case .merged(let merge)?: MergeWording.report(merge, merging: "the remote's versions with this project's", to: console)
        case .conflicted(let state)?: MergeWording.report(state, to: console)
        case nil: break
        }
        if let pushed {
            console.line(pushed.sent ? "sent \(pushed.branch) to \(pushed.remote) (at \(pushed.version.short))"
                : "\(pushed.remote) already has \(pushed.branch) at \(pushed.version.short): nothing to send")
            for name in pushed.refusedMilestones {
                console.note("warning: \(pushed.remote) has another version under the milestone '\(name)'; it was left as it is there")
            }
        }
    }
}
