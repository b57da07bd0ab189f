import ArgumentParser
import Foundation
import MsxKit

struct Move: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv", abstract: "Move a document or folder in the binder (its files follow).",
        discussion: ManualText.discussion("", examples: [
            .init("msx mv \"The Storm\" --into \"Part Two\" --before \"Chapter 3\"",
                  "Move a document; its files follow, its id stays."),
            .init("msx mv \"The Storm\" --into \"Part Two\" --dry-run",
                  "Say what would move, change nothing."),
        ]))

    @Argument(help: "The document or folder to move (id, title or path).")
    var reference: String

    @Option(help: ArgumentHelp("The folder to move into.", valueName: "folder"))
    var into: String?

    @Option(help: ArgumentHelp("Place it just before this sibling.", valueName: "ref"))
    var before: String?

    @Option(help: ArgumentHelp("Place it just after this sibling.", valueName: "ref"))
    var after: String?

    @Flag(help: "Say what would change without changing anything.")
    var dryRun = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if before != nil && after != nil { throw ValidationError("give --before or --after, not both") }
        if into == nil && before == nil && after == nil { throw ValidationError("say where: --into FOLDER, --before REF or --after REF") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let position: MoveAction.Position = before.map { .before($0) } ?? after.map { .after($0) } ?? .end
            try console.render(console.run(MoveAction(reference, into: into, position: position, dryRun: dryRun)))
        }
    }
}

struct Rename: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a document or folder a new title (its file is renamed, its id stays).",
        discussion: ManualText.discussion("", examples: [
            .init("msx rename \"The Storm\" \"Lights Out\"",
                  "A new title; the file is renamed to match."),
        ]))

    @Argument(help: "The document or folder (id, title or path).")
    var reference: String

    @Argument(help: "The new title.")
    var title: String

    @Flag(help: "Say what would change without changing anything.")
    var dryRun = false

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            try console.render(console.run(RenameAction(reference, to: title, dryRun: dryRun)))
        }
    }
}

struct Trash: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "Move a document or folder to the Trash, or empty the Trash.",
        discussion: ManualText.discussion(
            "Trashed items keep their ids and can come back with `msx untrash`. --empty deletes them for good.",
            examples: [
                .init("msx trash \"Lights Out\"",
                      "Move a document to the Trash."),
                .init("msx trash --empty --yes",
                      "Delete everything in the Trash for good."),
            ]))

    @Argument(help: "The document or folder to trash.")
    var reference: String?

    @Flag(help: "Delete everything in the Trash for good.")
    var empty = false

    @Flag(name: .shortAndLong, help: "With --empty: do not ask for confirmation.")
    var yes = false

    @Flag(help: "Say what would change without changing anything.")
    var dryRun = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if empty == (reference != nil) { throw ValidationError("give a document or folder to trash, or --empty") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            if empty && !dryRun && !yes {
                let preview = try TrashAction(nil, dryRun: true).run(from: console.workingDirectory)
                let count = preview.change.events.count
                if count > 0, !console.confirm("Delete \(count) item\(count == 1 ? "" : "s") in the Trash for good?") {
                    throw MsxError(.notConfirmed, "the Trash was not emptied (use --yes to skip the question)")
                }
            }
            try console.render(console.run(TrashAction(reference, dryRun: dryRun)))
        }
    }
}

struct Untrash: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "untrash",
        abstract: "Bring a document or folder back from the Trash to where it was.",
        discussion: ManualText.discussion("", examples: [
            .init("msx untrash \"Lights Out\"",
                  "Back where it was before it was trashed."),
        ]))

    @Argument(help: "The trashed document or folder.")
    var reference: String

    @Option(help: ArgumentHelp("Put it in this folder instead of where it was.", valueName: "folder"))
    var into: String?

    @Flag(help: "Say what would change without changing anything.")
    var dryRun = false

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            try console.render(console.run(UntrashAction(reference, into: into, dryRun: dryRun)))
        }
    }
}
