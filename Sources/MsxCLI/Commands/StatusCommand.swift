import ArgumentParser
import MsxKit

struct Status: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what changed since the last snapshot.",
        discussion: ManualText.discussion(
            """
            Per document: new, deleted, modified (text, formatting, metadata, notes), moved, renamed, trashed; renamed or \
            moved by hand (a file renamed outside msx, found by its words: its changes are read there). Pictures and \
            other files under contents/: added, changed, deleted. And the merge \
            in progress, if one stopped at conflicts (its changes are listed as changes until it is recorded). Read-only.
            """,
            examples: [
                .init("msx status",
                      "What changed since the last version."),
                .init("msx status --json",
                      "The same for scripts."),
            ]))

    @OptionGroup var global: GlobalOptions

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let report = try console.run(StatusAction()) else { return }
            let (changes, strays, files, markers) = (report.documents, report.notInBinder, report.files, report.conflictMarkers)
            let (merging, hasHistory) = (report.merge, report.hasHistory)
            if let merging {
                console.line("Merging \(merging.label): \(merging.unresolved.count) of \(merging.conflicts.count) conflicts left "
                    + "(msx conflicts; msx snapshot records the merge once none is left; msx merge --abort goes back).")
            }
            for left in markers {
                console.note("warning: '\(left.node.title)' (\(left.node.path)) holds git's conflict markers from line \(left.line), "
                    + "left by a merge made outside msx: keep the words you want there and delete the marker lines")
            }
            if !hasHistory { console.line("No versions yet: every document is new (msx snapshot records the first).") }
            // Three aligned columns: what changed, the title, the path.
            let summaries = changes.map(ChangeWording.summary) + strays.map { _ in "not in the binder" } + files.map(ChangeWording.summary)
            let summaryWidth = summaries.map(\.count).max() ?? 0
            let titleWidth = changes.map(\.node.title.count).max() ?? 0
            for (change, summary) in zip(changes, summaries) {
                let color = change.isNew ? "32" : change.isDeleted || change.trashed ? "31" : "33"
                console.line("  \(console.paint(Self.padded(summary, to: summaryWidth), color)) "
                             + "\(Self.padded(change.node.title, to: titleWidth))  \(console.paint(change.node.path, "2"))")
            }
            for path in strays { console.line("  \(console.paint(Self.padded("not in the binder", to: summaryWidth), "31")) \(path)") }
            for change in report.binder { console.line("  \(console.paint("binder", "33")) \(BinderStructureWording.line(change))") }
            for file in files {
                let color = file.kind == .added ? "32" : file.kind == .deleted ? "31" : "33"
                console.line("  \(console.paint(Self.padded(ChangeWording.summary(file), to: summaryWidth), color)) \(file.path)")
            }
            if report.isClean { console.line("Nothing changed since the last snapshot.") }
        }
    }

    /// `text` padded with spaces to `width` characters (never cut).
    static func padded(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }

}
