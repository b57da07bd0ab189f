import ArgumentParser
import MsxKit

struct Target: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "target",
        abstract: "Show or set the project's word target, deadline and session target.",
        discussion: ManualText.discussion(
            "msx stats measures the draft against them. A document's own target is set with msx meta --target.",
            examples: [
                .init("msx target --words 90000 --deadline 2027-03-01", "The draft should reach 90,000 words by 1 March."),
                .init("msx target --session 1000", "A thousand words a day."),
                .init("msx target --deadline \"\"", "No deadline any more."),
            ]))

    @Option(help: ArgumentHelp("The words the draft should reach (0: none).", valueName: "n")) var words: Int?
    @Option(help: ArgumentHelp("By when (YYYY-MM-DD; \"\": none).", valueName: "day")) var deadline: String?
    @Option(help: ArgumentHelp("The words of a day's session (0: none).", valueName: "n")) var session: Int?
    @Option(help: ArgumentHelp("What a day's words count: the draft's documents (draft, the default, as Scrivener counts a session) or all.",
                               valueName: "draft|all")) var sessionCounts: String?

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let action = TargetAction(words: words, deadline: deadline, session: session, sessionCounts: sessionCounts)
            guard let target = try console.run(action) else { return }
            guard target.words != nil || target.deadline != nil || target.session != nil else {
                console.line("No target (msx target --words N --deadline YYYY-MM-DD sets one).")
                return
            }
            var line = "Target: " + (target.words.map { "\(NumberText.grouped($0)) words" } ?? "no word count")
            if let deadline = target.deadline { line += " by \(deadline)" }
            if let session = target.session { line += "; sessions of \(NumberText.grouped(session)) words" }
            console.line(line + ".")
        }
    }
}
