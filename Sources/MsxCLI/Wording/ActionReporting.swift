import MsxKit

/// What an action tells while it runs, on standard error in the command line's words; progress on one line
/// rewritten in place, on a terminal only.
final class StandardErrorReporter: Reporter, @unchecked Sendable {
    let sink: any TextSink
    private let progress: ProgressLine?
    private var lastPercent = -1

    init(sink: any TextSink, progress: ProgressLine? = nil) { (self.sink, self.progress) = (sink, progress) }

    var showsProgress: Bool { progress?.isVisible ?? false }

    /// Clears the progress line, if one was shown.
    func finish() { progress?.finish() }

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
        case .transferred(let done, let total):
            guard total > 0 else { return }
            progress?.update {
                let percent = done * 100 / total
                guard percent != lastPercent else { return nil }
                lastPercent = percent
                return "transferring objects: \(percent)% (\(done)/\(total))"
            }
        case .documentsRead(let done, let total):
            guard total >= 100, done % 50 == 0 || done == total else { return }
            progress?.update { "reading \(done)/\(total) documents" }
        case .hostKeyAdded(let host, let fingerprint, let file):
            sink.write("msx: added \(host)'s host key (\(fingerprint)) to \(file)\n")
        case .missingFile(let node):
            write("warning: \(node.path): the document '\(node.title)' is missing its file: left out (msx check says how to mend it)")
        case .unreadableSidecar(let node):
            write("warning: '\(node.title)' (\(node.sidecarPath ?? node.path)): its sidecar cannot be read; "
                + "msx check --repair brings back its last readable one")
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
        let reporter = StandardErrorReporter(sink: invocation.standardError, progress: ProgressLine(invocation))
        defer { reporter.finish() }
        return try emitting(try action.run(from: workingDirectory, reporter: reporter), json: emittingJSON)
    }

    /// Runs an action that needs no project (`init`, `clone`, `templates`), as `run` runs the others.
    func run<A: StandaloneAction>(_ action: A, emittingJSON: Bool = true) throws -> A.Report? {
        let reporter = StandardErrorReporter(sink: invocation.standardError, progress: ProgressLine(invocation))
        defer { reporter.finish() }
        return try emitting(try action.run(reporter: reporter), json: emittingJSON)
    }

    private func emitting<R: ActionReport>(_ report: R, json emittingJSON: Bool) throws -> R? {
        guard json && emittingJSON else { return report }
        emit(try report.json())
        return nil
    }
}
