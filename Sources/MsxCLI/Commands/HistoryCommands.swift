import ArgumentParser
import Foundation
import MsxKit

/// The author option shared by commands that record versions.
struct AuthorOption: ParsableArguments {
    @Option(help: ArgumentHelp("Record versions as this author (default: MSX_AUTHOR, then git's user.name and user.email).", valueName: "name <mail>"))
    var author: String?

    func resolved(environment: [String: String]) throws -> Author? {
        guard let text = author ?? environment["MSX_AUTHOR"], !text.isEmpty else { return nil }
        guard let parsed = Author.parse(text) else {
            throw MsxError(.invalidAuthor, "the author must look like \"Name <mail@example.com>\", not '\(text)'")
        }
        return parsed
    }
}

/// `--snapshot` and `-m` for commands that move files (sync, switch): changes not yet snapshotted are recorded
/// first, with the writer's consent; without it, they make the command refuse.
struct SnapshotFirstOptions: ParsableArguments {
    @Flag(help: "Snapshot changes first.") var snapshot = false
    @Option(name: .shortAndLong, help: "The first snapshot's message (implies --snapshot).") var message: String?
    @OptionGroup var authorOption: AuthorOption

    /// What to record first, when asked (nil when not).
    func recordFirst(environment: [String: String]) throws -> RecordFirst? {
        guard snapshot || message != nil else { return nil }
        return RecordFirst(message: message, author: try authorOption.resolved(environment: environment))
    }
}
