import ArgumentParser
import MsxKit

struct Tag: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Mark a version as a milestone (\"first draft\"), or delete one.",
        discussion: ManualText.discussion(
            "Names may contain spaces: they are stored as valid git tag names and shown as typed.",
            examples: [
                .init("msx tag \"first draft\"",
                      "Mark the last version."),
                .init("msx tag \"sent to agent\" --at HEAD~2 -m \"Query letter batch 1\"",
                      "Mark an earlier version, with a note."),
                .init("msx tag \"first draft\" --delete",
                      "Delete the milestone (the version stays)."),
            ]))

    @Argument(help: "The milestone's name.") var name: String
    @Option(help: ArgumentHelp("The version (default: the last snapshot).", valueName: "rev")) var at: String?
    /// git tag's positional form, `tag NAME REV`, kept for people with git's habits.
    @Argument(help: .hidden) var revisionArgument: String?
    @Option(name: .shortAndLong, help: "A note.") var message: String?
    @Flag(help: "Delete the milestone (the version stays).") var delete = false
    @Flag(name: .shortAndLong, help: "Move the milestone when it already exists.") var force = false

    @OptionGroup var authorOption: AuthorOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if delete && (revision != nil || message != nil || force) { throw ValidationError("--delete takes only the name") }
        if at != nil && revisionArgument != nil { throw ValidationError("give the version once, with --at") }
    }

    private var revision: String? { at ?? revisionArgument }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let request: TagAction.Request = delete ? .delete
                : .add(revision: revision, note: message, author: try authorOption.resolved(environment: console.environment), moving: force)
            switch try console.run(TagAction(name, request)) {
            case .deleted(let name): console.line("deleted milestone '\(name)'")
            case .added(let report): console.line("milestone '\(report.milestone.name)' at \(report.milestone.version.short)")
            case nil: break
            }
        }
    }
}

struct Tags: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List milestones.",
        discussion: ManualText.discussion("", examples: [
            .init("msx tags",
                  "The milestones, newest first."),
        ]))

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let milestones = try console.run(TagsAction())?.milestones.map(\.milestone) else { return }
            for m in milestones {
                console.line("\(console.paint(m.version.short, "33")) \(DateText.display(m.time))  \(m.name)\(m.note.isEmpty ? "" : "  — \(m.note)")")
            }
            if milestones.isEmpty { console.line("No milestones.") }
        }
    }
}
