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
            let found = history
                ? Self.present(try console.openHistory().searchHistory(pattern), as: "versions", console, json: Self.json) { match in
                    let change = match.after > match.before ? "added" : "removed"
                    return "\(console.paint(match.version.short, "33")) \(DateText.display(match.time, offsetMinutes: match.offsetMinutes))  \(match.title)  "
                        + "\(change) (\(match.before) → \(match.after))  \(match.subject)"
                }
                : Self.present(try console.openProject().search(pattern), as: "matches", console, json: Self.json) { match in
                    "\(console.paint(match.node.path, "35")):\(match.paragraph + 1): \(Self.highlighted(match, console))"
                }
            if found == 0 { throw ExitCode(1) }
        }
    }

    /// Prints what was found (as `key` in JSON, else a line each); returns how many.
    private static func present<Match>(_ matches: [Match], as key: String, _ console: Console, json: (Match) -> JSONValue,
                                       line: (Match) -> String) -> Int {
        if console.json {
            console.report([key: .array(matches.map(json))])
        } else {
            for match in matches { console.line(line(match)) }
        }
        return matches.count
    }

    /// The paragraph with its matches painted (on a terminal).
    private static func highlighted(_ match: TextMatch, _ console: Console) -> String {
        let units = Array(match.text.utf16)
        var out = "", position = 0
        for range in match.ranges {
            out += String(decoding: units[position..<range.lowerBound], as: UTF16.self)
            out += console.paint(String(decoding: units[range], as: UTF16.self), "1;31")
            position = range.upperBound
        }
        return out + String(decoding: units[position...], as: UTF16.self)
    }

    static func json(_ match: TextMatch) -> JSONValue {
        [
            "id": .string(match.node.id), "title": .string(match.node.title), "path": .string(match.node.path),
            "paragraph": .int(match.paragraph), "text": .string(match.text),
            "ranges": .array(match.ranges.map { ["start": .int($0.lowerBound), "end": .int($0.upperBound)] }),
        ]
    }

    static func json(_ match: HistoryMatch) -> JSONValue {
        [
            "version": .string(match.version.description), "short": .string(match.version.short),
            "date": .string(DateText.iso(match.time, offsetMinutes: match.offsetMinutes)), "message": .string(match.subject),
            "id": .string(match.documentID), "title": .string(match.title), "path": .string(match.path),
            "before": .int(match.before), "after": .int(match.after),
        ]
    }
}
