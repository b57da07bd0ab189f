import ArgumentParser
import MsxKit

struct Tag: MsxCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mark a version as a milestone (\"first draft\"), or delete one.",
        discussion: "Names may contain spaces: they are stored as valid git tag names and shown as typed.")

    @Argument(help: "The milestone's name.") var name: String
    @Argument(help: "The version (default: the last snapshot).") var revision: String?
    @Option(name: .shortAndLong, help: "A note.") var message: String?
    @Flag(help: "Delete the milestone (the version stays).") var delete = false
    @Flag(name: .shortAndLong, help: "Move the milestone when it already exists.") var force = false

    @OptionGroup var authorOption: AuthorOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if delete && (revision != nil || message != nil || force) { throw ValidationError("--delete takes only the name") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let history = try console.openHistory(forWriting: true)
            if delete {
                try history.deleteMilestone(name)
                if console.json { console.report(["deleted": .string(name)]) } else { console.line("deleted milestone '\(name)'") }
                return
            }
            let milestone = try history.addMilestone(name, at: revision, note: message, author: try authorOption.resolved(environment: console.environment),
                                                     moving: force)
            if console.json {
                console.report(["milestone": Tags.json(milestone)])
            } else {
                console.line("milestone '\(milestone.name)' at \(milestone.version.short)")
            }
        }
    }
}

struct Tags: MsxCommand {
    static let configuration = CommandConfiguration(abstract: "List milestones.")

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let milestones = try console.openHistory().milestoneList()
            if console.json {
                console.report(["milestones": .array(milestones.map(Self.json))])
                return
            }
            for m in milestones {
                console.line("\(console.paint(m.version.short, "33")) \(DateArgument.display(m.time))  \(m.name)\(m.note.isEmpty ? "" : "  — \(m.note)")")
            }
            if milestones.isEmpty { console.line("No milestones.") }
        }
    }

    static func json(_ m: ProjectHistory.MilestoneInfo) -> JSONValue {
        ["name": .string(m.name), "tag": .string(m.tag), "version": .string(m.version.description),
         "short": .string(m.version.short), "note": .string(m.note), "date": .string(DateArgument.iso(m.time))]
    }
}
