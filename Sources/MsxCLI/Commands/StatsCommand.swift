import ArgumentParser
import Foundation
import MsxKit

struct Stats: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Words written per day, week and month, streaks, and the pace to reach the target.",
        discussion: ManualText.discussion(
            """
            Figures come from the versions (the words each added and removed, along the project's main line) and \
            today's files (words not snapshotted yet count today). A day without a version is a day with no \
            recorded words. Words brought in rather than written (the versions an import records, merges) are \
            shown apart and never count as a day's writing. With a project target (msx target), says how many words a day finish the draft by the \
            deadline.
            """,
            examples: [
                .init("msx stats", "The draft's words, the pace to the deadline, the streak and the last two weeks."),
                .init("msx stats --days 60 --json", "Every figure for scripts."),
                .init("msx stats --html progress.html", "Charts: the words over time with the target, and the words per day."),
                .init("msx stats --svg progress.svg", "The same charts as one SVG picture."),
                .init("msx stats --out progress.svg", "The format chosen by the file's extension."),
            ]))

    @Option(help: ArgumentHelp("Show the last N days that have words (default 14).", valueName: "n"))
    var days = 14

    @Option(help: ArgumentHelp("Also write a page of charts to FILE (the words over time with the target, the words per day).", valueName: "file"))
    var html: String?

    @Option(help: ArgumentHelp("Also write the same charts to FILE as one SVG picture.", valueName: "file"))
    var svg: String?

    @Option(help: ArgumentHelp("Also draw the figures to FILE, in the format --format names or else its extension: "
                               + StatsFormats.registry.map { "\($0.name) (.\($0.fileExtension): \($0.summary))" }.joined(separator: "; ") + ".",
                               valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp("How --out draws the figures: " + StatsFormats.registry.map { $0.name }.joined(separator: ", ") + ".",
                               valueName: "format"))
    var format: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if days < 1 { throw ValidationError("--days takes a number from 1") }
        if format != nil && out == nil { throw ValidationError("--format says how --out draws the figures: give --out FILE") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let drawings = try drawings()
            guard let report = try console.run(StatsAction(), emittingJSON: false) else { return }
            for (format, file) in drawings { try Self.write(format.render(report.figures), to: file, console) }
            if console.json { return console.emit(try report.json()) }
            let (stats, today, draftWords, streak) = (report.stats, report.figures.today, report.figures.draftWords, report.figures.streak)
            let (target, deadline, pace, sessionTarget, session) = (report.figures.target, report.figures.deadline, report.figures.pace,
                                                                   report.sessionTarget, report.session)
            let (folders, recent) = (report.folders, Array(report.figures.days.suffix(days)))
            var line = "Draft: \(NumberText.grouped(draftWords)) words"
            if let target {
                line += "; target \(NumberText.grouped(target))" + (deadline.map { " by \($0)" } ?? "")
                if draftWords >= target {
                    line += ": reached"
                } else if let pace, let deadline {
                    line += ": \(NumberText.grouped(pace)) words a day to finish by \(deadline)"
                } else if let deadline, deadline < today {
                    line += ": the deadline has passed, \(NumberText.grouped(target - draftWords)) words to go"
                }
            }
            console.line(line + ".")
            if let sessionTarget {
                let percent = sessionTarget > 0 ? min(100, session * 100 / sessionTarget) : 100
                console.line("Today: \(NumberText.grouped(session)) of \(NumberText.grouped(sessionTarget)) words (\(percent)%)"
                    + (session >= sessionTarget ? ", session target reached." : "."))
            }
            console.line("Streak: \(streak) day\(streak == 1 ? "" : "s") in a row with words added.")
            if recent.isEmpty {
                console.line("No words written yet: msx snapshot records them.")
            } else {
                console.line("Days with words (a day not listed has none recorded):")
                for day in recent {
                    let pending = day.day == today && (stats.unsnapshotted.added > 0 || stats.unsnapshotted.removed > 0)
                        ? ", +\(NumberText.grouped(stats.unsnapshotted.added)) / -\(NumberText.grouped(stats.unsnapshotted.removed)) not snapshotted" : ""
                    console.line("  \(day.day)  \(console.paint("+\(NumberText.grouped(day.added))", "32")) / \(console.paint("-\(NumberText.grouped(day.removed))", "31"))  "
                        + "net \(NumberText.grouped(day.net))  (\(day.versions) version\(day.versions == 1 ? "" : "s")\(pending)"
                        + (day.recordedBefore ? ", from the writing history recorded before msx" : "") + ")")
                }
                if let week = stats.totals(by: .week, today: today).last, let month = stats.totals(by: .month, today: today).last {
                    console.line("Week \(week.day): +\(NumberText.grouped(week.added)) / -\(NumberText.grouped(week.removed)); "
                        + "month \(month.day): +\(NumberText.grouped(month.added)) / -\(NumberText.grouped(month.removed)).")
                }
            }
            for how in BroughtIn.allCases {
                let brought = stats.broughtIn.filter { $0.how == how }
                guard let first = brought.first, let last = brought.last else { continue }
                let versions = brought.reduce(0) { $0 + $1.versions }
                let days = first.day == last.day ? "on \(first.day)" : "from \(first.day) to \(last.day)"
                console.line("Brought in by \(how.rawValue), not written: +\(NumberText.grouped(brought.reduce(0) { $0 + $1.added })) / "
                    + "-\(NumberText.grouped(brought.reduce(0) { $0 + $1.removed })) (\(versions) version\(versions == 1 ? "" : "s") \(days)).")
            }
            let topLevel = folders.filter { folder in report.manifest.binder.contains { $0.id == folder.folder.id } }
            if !topLevel.isEmpty {
                console.line("All time, by folder: " + topLevel.map { "\($0.folder.title) +\(NumberText.grouped($0.added)) / -\(NumberText.grouped($0.removed))" }
                    .joined(separator: "; ") + ".")
            }
        }
    }

    /// Writes a chart file where the writer asked (relative to the working folder), in one atomic write.
    /// The files to draw the figures to, each with its format.
    private func drawings() throws -> [(any StatsFormat.Type, String)] {
        var drawings: [(any StatsFormat.Type, String)] = []
        if let html { drawings.append((StatsHTMLPage.self, html)) }
        if let svg { drawings.append((StatsSVGChart.self, svg)) }
        if let out { drawings.append((try format.map(StatsFormats.named) ?? StatsFormats.forFile(out), out)) }
        return drawings
    }

    private static func write(_ text: String, to path: String, _ console: Console) throws {
        let url = URL(fileURLWithPath: path, relativeTo: console.workingDirectory).standardizedFileURL
        guard FileIO.isDirectory(url.deletingLastPathComponent()) else {
            throw MsxError(.missingFile, "\(path): the folder \(url.deletingLastPathComponent().path) does not exist")
        }
        try FileIO.writeAtomically(Data(text.utf8), to: url)
    }
}
