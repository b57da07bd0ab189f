import ArgumentParser
import MsxKit

struct Blame: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "blame",
        abstract: "Show, per paragraph, the version that last changed its words and the one that last changed its formatting.",
        discussion: ManualText.discussion(
            """
            Follows the document by id through its versions (renames, moves and the Trash included) and matches \
            paragraphs as msx diff does: a paragraph moved unchanged keeps its origin, an edited one takes the \
            version that edited it. Words and formatting are traced apart, so bolding a word does not hide who wrote \
            the sentence. Without a version, today's files count too: what changed since the last snapshot is \
            "not snapshotted". The formatting traced is the document's own (its sidecar, its Markdown, its \
            paragraphs' styles): every version is read with the style sheet of the state blamed, so a change to the \
            project's defaults or to a style's definition, which msx diff reports on a line of its own, is laid on \
            no paragraph.
            """,
            examples: [
                .init("msx blame \"The Storm\"", "Each paragraph with the versions behind its words and its formatting."),
                .init("msx blame \"The Storm@first draft\"", "The same, as the document was at a milestone."),
                .init("msx blame \"The Storm\" --json | jq '.paragraphs[] | select(.words == null)'",
                      "The paragraphs changed since the last snapshot."),
            ]))

    @Argument(help: "The document (id, title or path), optionally @REV for a version.")
    var reference: String

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let paragraphs = try console.run(BlameAction(reference))?.paragraphs else { return }
            // The columns: the paragraph's number, the version that last changed its words, the one that last
            // changed its formatting, and its beginning.
            let width = 18
            console.line("   ¶  " + Status.padded("words", to: width) + "  " + Status.padded("formatting", to: width) + "  text")
            for p in paragraphs {
                let words = Self.origin(p.words, console), formatting = Self.origin(p.formatting, console)
                let oneLine = p.text.replacingOccurrences(of: "\n", with: " ")
                let preview = oneLine.count > 60 ? String(oneLine.prefix(57)) + "..." : oneLine
                let number = String(p.index + 1)
                console.line(String(repeating: " ", count: max(0, 4 - number.count)) + "\(number)  \(words)  \(formatting)  \(preview)")
            }
        }
    }

    /// "a1b2c3d 2026-11-02" (coloured on a terminal), or "not snapshotted" padded to the same width.
    private static func origin(_ entry: LogEntry?, _ console: Console) -> String {
        guard let entry else { return "not snapshotted   " }
        return console.paint(entry.version.short, "33") + " " + String(DateText.display(entry.time, offsetMinutes: entry.offsetMinutes).prefix(10))
    }
}
