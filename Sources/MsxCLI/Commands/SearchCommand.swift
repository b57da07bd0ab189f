import ArgumentParser
import MsxKit

struct Search: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find text in the documents, or in every version of them.",
        discussion: ManualText.discussion(
            """
            Searches the text a reader sees (Markdown markup left out), paragraph by paragraph. Without --history, \
            lists each paragraph of today's documents that holds it. With --history, lists every version, newest \
            first, in which it occurs a different number of times in a document than in the version before: when \
            a phrase first appeared and when it was cut (as git log -S does, but following each document by id). \
            Exit status 0 when something was found, 1 when nothing was.
            """,
            examples: [
                .init("msx search \"the lamp room\"",
                      "Every paragraph that says it today."),
                .init("msx search --history \"the lamp room\"",
                      "The versions that added or removed it, and in which document."),
                .init("msx search --regex -i \"\\\\bgr[ae]y\\\\b\"",
                      "Both spellings, in any case."),
            ]))

    @Argument(help: "What to look for.")
    var text: String

    @Flag(help: "Search every version, not only today's documents.")
    var history = false

    @Flag(help: "Read TEXT as a regular expression.")
    var regex = false

    @Flag(name: [.customShort("i"), .long], help: "Ignore case.")
    var ignoreCase = false

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let pattern = try TextPattern(text, regex: regex, ignoringCase: ignoreCase)
            guard let report = try console.run(SearchAction(pattern, inHistory: history), emittingJSON: false) else { return }
            if console.json {
                console.emit(try report.json())
            } else if case .versions(let versions) = report {
                for match in versions {
                    let change = match.after > match.before ? "added" : "removed"
                    console.line("\(console.paint(match.version.short, "33")) \(DateText.display(match.time, offsetMinutes: match.offsetMinutes))  "
                        + "\(match.title)  \(change) (\(match.before) → \(match.after))  \(match.subject)")
                }
            } else if case .matches(let matches) = report {
                for match in matches { console.line("\(console.paint(match.node.path, "35")):\(match.paragraph + 1): \(Self.highlighted(match, console))") }
            }
            if report.count == 0 { throw ExitCode(1) }
        }
    }

    /// The paragraph with its matches painted (on a terminal), cut where the matches' UTF-16 offsets fall, its
    /// UTF-8 read once in place. (Matches start and end on whole characters: a regular expression matches code
    /// points, a literal is found by its bytes.)
    private static func highlighted(_ match: TextMatch, _ console: Console) -> String {
        guard console.color else { return match.text }
        var slicer = UTF16Slicer(match.text)
        var out = "", position = 0
        for range in match.ranges {
            out += slicer.slice(position..<range.lowerBound)
            out += console.paint(String(slicer.slice(range)), "1;31")
            position = range.upperBound
        }
        return out + slicer.slice(position..<Int.max)
    }
}
