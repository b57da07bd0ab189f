import ArgumentParser
import Foundation
import MsxKit

struct Comment: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment",
        abstract: "Put a note on words of a document, or resolve one.",
        discussion: ManualText.discussion(
            """
            A comment (an annotation) sits on the words --match picks and follows them through every edit, as \
            formatting does; it lives in the document's sidecar. Word comments come in the same way with msx \
            review import, and go out as Word comments with msx compile --format docx. --resolve ID marks one \
            resolved (--reopen opens it again); msx comments lists them.
            """,
            examples: [
                .init("msx comment \"The Storm\" --match \"the gulls\" \"Too early for gulls?\"", "A note on two words."),
                .init("msx comment --resolve n3f9a01c2b4", "Mark it resolved."),
            ]))

    @Argument(help: "The document (id, title or path); with --resolve, optional.") var reference: String?
    @Argument(help: "The note.") var note: String?
    @Option(help: ArgumentHelp("The words to comment on.", valueName: "text")) var match: String?
    @Option(help: ArgumentHelp("Which occurrence of --match: a number from 1, or all.", valueName: "n|all")) var occurrence: String?
    @Option(help: ArgumentHelp("Mark the comment with this id resolved.", valueName: "id")) var resolve: String?
    @Flag(help: "With --resolve: open the comment again.") var reopen = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if resolve != nil {
            if match != nil || note != nil { throw ValidationError("--resolve takes a comment's id (and optionally its document), no note") }
        } else {
            if reopen { throw ValidationError("--reopen goes with --resolve") }
            if reference == nil || note == nil || match == nil { throw ValidationError("give the document, --match TEXT and the note") }
            if occurrence != nil && match == nil { throw ValidationError("--occurrence goes with --match") }
        }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let change: CommentAction.Change = try resolve.map { .resolve(id: $0, reopen: reopen) }
                ?? .add(note: note!, on: try selection())
            guard let placed = try console.run(CommentAction(reference, change))?.comment else { return }
            if resolve != nil {
                console.line("\(reopen ? "reopened" : "resolved") comment \(placed.annotation.id) in '\(placed.node.title)'")
            } else {
                console.line("commented \(placed.annotation.id) on \(CommentWording.quoted(placed)) in '\(placed.node.title)'")
            }
        }
    }

    private func selection() throws -> FormatRequest.Selection {
        switch occurrence {
        case nil: return .match(match!, occurrence: .only)
        case "all": return .match(match!, occurrence: .all)
        case let n?:
            guard let number = Int(n), number >= 1 else { throw ValidationError("--occurrence takes a number from 1, or all") }
            return .match(match!, occurrence: .number(number))
        }
    }
}

struct Comments: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "comments",
        abstract: "List the comments on the words of documents.",
        discussion: ManualText.discussion(
            "Open comments of every document (or of REF), each with its id, the words it is on, its author and date; --all shows resolved ones too.",
            examples: [
                .init("msx comments", "Every open comment in the project."),
                .init("msx comments \"The Storm\" --all --json", "One document's, resolved ones too, for scripts."),
            ]))

    @Argument(help: "The document or folder (default: the whole project).") var reference: String?
    @Flag(help: "Resolved comments too.") var all = false
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let comments = try console.run(CommentsAction(reference, all: all))?.comments else { return }
            for placed in comments {
                let a = placed.annotation
                console.line("\(a.id)  \(placed.node.title)  \(CommentWording.quoted(placed))\(a.resolved ? "  (resolved)" : "")")
                let by = [a.author, a.date].filter { !$0.isEmpty }.joined(separator: ", ")
                console.line("    \(by.isEmpty ? "" : by + ": ")\(a.note)")
            }
            if comments.isEmpty { console.line(all ? "No comments." : "No open comments.") }
        }
    }
}

/// Comments in the words and JSON the commands print.
enum CommentWording {
    /// The words a comment is on, quoted (cut short past 60 characters; "…" joins its stretches).
    static func quoted(_ placed: PlacedAnnotation) -> String {
        let words = placed.places.map(\.text).joined(separator: " … ")
        let short = words.count > 60 ? String(words.prefix(59)) + "…" : words
        return placed.places.isEmpty ? "(its words were deleted)" : "\u{201C}\(short)\u{201D}"
    }
}
