import MsxKit

/// What an action tells while it runs, on standard error in the command line's words.
struct StandardErrorReporter: Reporter {
    let sink: any TextSink

    func report(_ event: ActionEvent) {
        switch event {
        case .reattached(let rename):
            sink.write("msx: '\(TerminalSafeText.escaped(rename.node.title, keepingColour: false))' was renamed or moved outside msx to "
                + "\(TerminalSafeText.escaped(rename.path, keepingColour: false)): re-attached there, keeping its id, history and formatting\n")
        }
    }
}

extension Console {
    /// Runs `action` on the project containing the working folder; with `--json`, prints its report and returns
    /// nil, else returns the report for the command to word.
    func run<A: Action>(_ action: A) throws -> A.Report? {
        let report = try action.run(from: workingDirectory, reporter: StandardErrorReporter(sink: invocation.standardError))
        guard json else { return report }
        emit(try report.json())
        return nil
    }
}
