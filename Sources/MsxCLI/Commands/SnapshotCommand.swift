import ArgumentParser
import MsxKit

struct Snapshot: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Record the current state of documents as a new version.",
        discussion: ManualText.discussion(
            """
            Without REF, every changed document. Nothing changed: says so, records nothing, exits 0. A sidecar \
            gone stale (its document edited in another editor) is saved re-anchored first, so the version's \
            formatting is anchored to its own text; formatting whose words are gone is named. A document renamed or moved outside msx \
            (found by its words) is re-attached first and recorded as moved, keeping its history.
            """,
            examples: [
                .init("msx snapshot -m \"Storm scene drafted\" --tag \"first draft\"",
                      "A version of everything changed, marked as a milestone."),
                .init("msx snapshot \"The Storm\"",
                      "A version of one document only."),
            ]))

    @Argument(help: "Documents or folders to snapshot (default: every changed document).")
    var references: [String] = []

    @Option(name: .shortAndLong, help: "The version's message (default: names the documents).")
    var message: String?

    @Option(help: ArgumentHelp("Also mark the new version as a milestone.", valueName: "name"))
    var tag: String?

    @OptionGroup var authorOption: AuthorOption
    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let author = try authorOption.resolved(environment: console.environment)
            // A document renamed or moved by hand is recorded as moved, keeping its history, not as deleted and new.
            let (history, reattached) = try console.openHistory(forWriting: true, create: true, asFound: true).reattachingHandRenames()
            let resolver = history.project.references(from: console.workingDirectory)
            let nodes = try references.map { try resolver.resolve($0) }
            let result = try history.snapshot(nodes, message: message, author: author)
            let milestone = try tag.flatMap { name in try result.version.map { _ in try history.addMilestone(name, author: author) } }
            switch result.note {
            case .signedWithoutIdentity(let author)?:
                console.note("hint: versions are signed '\(author.name) <\(author.email)>'; set yours with: "
                             + "git config --global user.name \"Your Name\" && git config --global user.email you@example.com")
            case .housekeepingFailed(let error)?:
                console.note("hint: the version is recorded, but \(error.message)")
            case nil:
                break
            }
            // Formatting whose words the outside edit took, dropped as the stale sidecar was saved re-anchored.
            var warnings = result.reanchored.flatMap { entry in
                entry.lost.map { "\(entry.node.sidecarPath ?? entry.node.path): \(FormattingLossWording.line($0))" }
            }
            if result.onDetachedHead, let version = result.version {
                warnings.append("HEAD is detached: version \(version.short) is on no branch (git switch -c NAME keeps it on one)")
            }
            console.warn(warnings)
            if console.json {
                console.report([
                    "version": .optional(result.version?.description),
                    "short": .optional(result.version?.short), "message": .string(result.message),
                    "documents": .array(result.documents.map(Status.json)), "milestone": .optional(milestone?.name),
                    "files": .array(result.files.map(Status.json)),
                    "reanchored": .array(result.reanchored.map { .string($0.node.id) }),
                    "reattached": .array(reattached.map { ["id": .string($0.node.id), "from": .string($0.node.path), "to": .string($0.path)] }),
                    "warnings": .array(warnings.map(JSONValue.string)),
                ])
                return
            }
            for rename in reattached { console.line(Check.line(.reattached(rename.node, at: rename.path))) }
            guard let version = result.version else {
                console.line("Nothing changed since the last snapshot.")
                return
            }
            console.line("\(version.short) \(result.message.messageSubject)")
            for change in result.documents { console.line("  \(ChangeWording.summary(change)): \(change.node.title)") }
            for file in result.files { console.line("  \(Status.summary(file)): \(file.path)") }
            if let milestone { console.line("milestone '\(milestone.name)'") }
        }
    }
}
