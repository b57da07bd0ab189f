import ArgumentParser
import Foundation
import MsxKit

struct Conflicts: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List the conflicts of the merge in progress, each side word by word.",
        discussion: ManualText.discussion(
            """
            A conflict is a passage both sides of a merge changed differently: the words before the merge (base), this \
            project's (here) and the other side's (there), with the text around them; or an attribute both set to \
            different values on the same characters. Each is numbered within its document, as msx resolve takes it.
            """,
            examples: [.init("msx conflicts", "Every conflict of the merge in progress."),
                       .init("msx conflicts \"Chapter 3\" --json", "One document's, for a script.")]))

    @Argument(help: "Only this document's conflicts (id, title or path), or a file's.") var reference: String?
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let history = try console.openHistory()
            guard let state = try history.mergeState() else {
                if console.json { console.report(["merging": false, "conflicts": []]) } else { console.line("no merge is in progress") }
                return
            }
            let target = try reference.map { try ConflictTarget.resolve($0, in: state, history: history, console: console) }
            let shown = state.conflicts.filter { target == nil || $0.document == target || $0.path == target }
            if console.json {
                console.report(["merging": true, "label": .string(state.label), "ours": .string(state.ours.description),
                                "theirs": .string(state.theirs.description), "unresolved": .int(state.unresolved.count),
                                "conflicts": .array(shown.map { .object($0.json) })])
                return
            }
            console.line("merging \(state.label): \(state.conflicts.count) conflict\(state.conflicts.count == 1 ? "" : "s"), "
                + "\(state.unresolved.count) left")
            var previous: String?
            for entry in shown {
                if entry.path != previous {
                    console.line()
                    console.line(entry.document == nil ? entry.path : "\(entry.title) (\(entry.path))")
                    previous = entry.path
                }
                for line in MergeWording.lines(entry, console: console) { console.line(line) }
            }
            console.line()
            console.line(state.unresolved.isEmpty ? "every conflict is resolved: msx snapshot records the merge"
                : "msx resolve REF [N] --ours|--theirs|--both|--edit settles one (or every one of a document)")
        }
    }
}

struct Resolve: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Settle conflicts of the merge in progress: keep this side's words, the other's, or both.",
        discussion: ManualText.discussion(
            """
            Without N, every conflict of the document still open is settled the same way. The chosen words replace \
            the conflict's where they now stand in the file (found by their words and context, so other edits made \
            meanwhile stay); a formatting conflict takes the chosen side's value. --edit opens the document in \
            $VISUAL or $EDITOR and counts the conflicts as settled by hand when it exits (the file must hold no \
            conflict markers then). When none is left, msx snapshot records the merge.
            """,
            examples: [.init("msx resolve \"Chapter 3\" --theirs", "Keep the other side's words in every conflict of Chapter 3."),
                       .init("msx resolve \"Chapter 3\" 2 --both", "Keep both versions of its second conflict, to edit later."),
                       .init("msx resolve images/map.png --ours", "Keep this side's picture.")]))

    enum Choice: String, EnumerableFlag {
        case ours, theirs, both, edit
        static func help(for value: Choice) -> ArgumentHelp? {
            switch value {
            case .ours: "Keep this project's version."
            case .theirs: "Keep the other side's version."
            case .both: "Keep this project's version, then the other's."
            case .edit: "Settle it by hand in $VISUAL or $EDITOR."
            }
        }
    }

    @Argument(help: "The document (id, title or path), or the file, in conflict.") var reference: String
    @Argument(help: "The conflict's number in the document (default: every open one).") var number: Int?
    @Flag(help: "How to settle it.") var choice: Choice
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            // No lock is held while the writer edits: the target is found first, and the project opened again after.
            let (target, file) = try { () throws -> (String, URL) in
                let history = try console.openHistory()
                guard let state = try history.mergeState() else { throw MsxError(.noMerge, "no merge is in progress") }
                let target = try ConflictTarget.resolve(reference, in: state, history: history, console: console)
                let path = state.conflicts.first { $0.document == target || $0.path == target }?.path ?? reference
                return (target, try history.project.url(path))
            }()
            if choice == .edit { try ExternalEditor.edit(file, console: console, failure: "the conflicts stay open") }
            let history = try console.openHistory(forWriting: true)
            let settled = choice == .edit ? try history.markConflictsEdited(of: target, number: number)
                : try history.resolveConflicts(of: target, number: number, choosing: ConflictChoice(rawValue: choice.rawValue)!)
            let left = try history.mergeState()?.unresolved.count ?? 0
            if console.json {
                console.report(["resolved": .array(settled.map { .object($0.json) }), "unresolved": .int(left)])
                return
            }
            let title = settled.first?.title ?? reference
            console.line("settled \(settled.count) conflict\(settled.count == 1 ? "" : "s") of '\(title)'"
                + (choice == .edit ? " by hand" : " (\(choice.rawValue))"))
            console.line(left == 0 ? "no conflict is left: msx snapshot records the merge"
                : "\(left) conflict\(left == 1 ? " is" : "s are") left (msx conflicts)")
        }
    }
}

/// What a conflict command's REF names: a file in conflict (by its path), else a document of the binder (its id).
enum ConflictTarget {
    static func resolve(_ reference: String, in state: MergeState, history: ProjectHistory, console: Console) throws -> String {
        if state.conflicts.contains(where: { $0.document == nil && $0.path == reference }) { return reference }
        return try history.project.references(from: console.workingDirectory).document(reference).id
    }
}
