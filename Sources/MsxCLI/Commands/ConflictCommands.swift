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
            guard let report = try console.run(ConflictsAction(reference)) else { return }
            guard let state = report.state else { return console.line("no merge is in progress") }
            console.line("merging \(state.label): \(state.conflicts.count) conflict\(state.conflicts.count == 1 ? "" : "s"), "
                + "\(state.unresolved.count) left")
            var previous: String?
            for entry in report.shown {
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
            if choice == .edit {
                try ExternalEditor.edit(try ResolveAction.file(of: reference, from: console.workingDirectory), console: console,
                                        failure: "the conflicts stay open")
            }
            let action = ResolveAction(reference, number: number,
                                       choice: choice == .edit ? .edited : .side(ConflictChoice(rawValue: choice.rawValue)!))
            guard let report = try console.run(action) else { return }
            let title = report.resolved.first?.title ?? reference
            console.line("settled \(report.resolved.count) conflict\(report.resolved.count == 1 ? "" : "s") of '\(title)'"
                + (choice == .edit ? " by hand" : " (\(choice.rawValue))"))
            console.line(report.unresolved == 0 ? "no conflict is left: msx snapshot records the merge"
                : "\(report.unresolved) conflict\(report.unresolved == 1 ? " is" : "s are") left (msx conflicts)")
        }
    }
}
