import MsxKit

/// What an action tells while it runs, on standard error in the command line's words.
struct StandardErrorReporter: Reporter {
    let sink: any TextSink

    func report(_ event: ActionEvent) {
        switch event {
        case .reattached(let rename):
            write("msx: '\(rename.node.title)' was renamed or moved outside msx to \(rename.path): re-attached there,"
                + " keeping its id, history and formatting")
        case .sameTitle(let node, let twin, let folder):
            write("warning: '\(node.title)' has the same title as \(twin.id) in '\(folder.title)': refer to them by id")
        case .snapshot(.signedWithoutIdentity(let author)):
            write("hint: versions are signed '\(author.name) <\(author.email)>'; set yours with: "
                  + "git config --global user.name \"Your Name\" && git config --global user.email you@example.com")
        case .snapshot(.housekeepingFailed(let error)):
            write("hint: the version is recorded, but \(error.message)")
        }
    }

    private func write(_ line: String) { sink.write(TerminalSafeText.escaped(line, keepingColour: false) + "\n") }
}

extension Console {
    /// Words a binder change for people: a sentence per change, or "nothing to do" (nil: printed as JSON already).
    func render(_ report: BinderChangeReport?) {
        guard let report else { return }
        for event in report.change.events { line(BinderWording.line(event, Mood(dryRun: report.dryRun))) }
        if report.change.events.isEmpty { line("nothing to do") }
    }

    /// Runs `action` on the project containing the working folder; with `--json`, prints its report and returns
    /// nil, else returns the report for the command to word.
    /// - Parameter emittingJSON: false for a command that words even its JSON itself (a report streamed a piece at a
    ///   time): the report is returned then.
    func run<A: Action>(_ action: A, emittingJSON: Bool = true) throws -> A.Report? {
        let report = try action.run(from: workingDirectory, reporter: StandardErrorReporter(sink: invocation.standardError))
        guard json && emittingJSON else { return report }
        emit(try report.json())
        return nil
    }
}
