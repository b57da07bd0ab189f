import ArgumentParser
import MsxKit

struct Tag: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mark a version as a milestone (\"first draft\"), or delete one.",
        discussion: "Names may contain spaces: they are stored as valid git tag names and shown as typed.")

    @Argument(help: "The milestone's name.") var name: String
    @Argument(help: "The version (default: the last snapshot).") var revision: String?
    @Option(name: .shortAndLong, help: "A note.") var message: String?
    @Flag(help: "Delete the milestone (the version stays).") var delete = false

    @OptionGroup var authorOption: AuthorOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if delete && (revision != nil || message != nil) { throw ValidationError("--delete takes only the name") }
    }

    func run() throws {
        try global.run { output in
            let history = try global.openHistory(forWriting: true)
            if delete {
                try history.deleteMilestone(name)
                if output.json { output.emit(["schemaVersion": 1, "deleted": .string(name)]) } else { output.line("deleted milestone '\(name)'") }
                return
            }
            let milestone = try history.addMilestone(name, at: revision, note: message, author: try authorOption.resolved())
            if output.json {
                output.emit(["schemaVersion": 1, "milestone": Tags.json(milestone)])
            } else {
                output.line("milestone '\(milestone.name)' at \(milestone.version.short)")
            }
        }
    }
}

struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List milestones.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try global.run { output in
            let milestones = try global.openHistory().milestoneList()
            if output.json {
                output.emit(["schemaVersion": 1, "milestones": .array(milestones.map(Self.json))])
                return
            }
            for m in milestones {
                output.line("\(output.paint(m.version.short, "33")) \(DateArgument.display(m.time))  \(m.name)\(m.note.isEmpty ? "" : "  — \(m.note)")")
            }
            if milestones.isEmpty { output.line("No milestones.") }
        }
    }

    static func json(_ m: ProjectHistory.MilestoneInfo) -> JSONValue {
        ["name": .string(m.name), "tag": .string(m.tag), "version": .string(m.version.description),
         "short": .string(m.version.short), "note": .string(m.note), "date": .string(DateArgument.iso(m.time))]
    }
}
