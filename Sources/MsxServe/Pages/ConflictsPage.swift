import MsxActions
import MsxHistory
import MsxModel

/// The conflicts of the merge in progress, each with both sides and buttons to keep one, the other or both; when
/// none is left, the button that records the merge.
enum ConflictsPage {
    static func render(_ context: PageContext) async throws -> (title: String, body: String, style: String) {
        let report = try await context.run(ConflictsAction())
        let e = HTMLPage.escape
        guard let state = report.state else { return ("Conflicts", "<p>No merge is in progress.</p>", "") }
        var body = "<p class=\"summary\">Merging \(e(state.label)): \(state.conflicts.count) conflict\(state.conflicts.count == 1 ? "" : "s"), "
            + "\(state.unresolved.count) left.</p>"
        var previous: String?
        for entry in report.shown {
            if entry.path != previous {
                body += "<h2>\(e(entry.document == nil ? entry.path : entry.title))</h2>"
                previous = entry.path
            }
            body += "<div class=\"conflict\" id=\"conflict-\(entry.number)\">" + describe(entry)
            if let resolution = entry.resolution {
                body += "<p class=\"decided\">Settled: \(e(resolution.rawValue)).</p>"
            } else {
                let fields = [("target", entry.document ?? entry.path), ("number", String(entry.number))]
                var choices = [("Keep mine", "ours"), ("Take theirs", "theirs")]
                if entry.conflict.kind == .text || entry.conflict.kind == .deleted { choices.append(("Keep both", "both")) }
                body += choices.map { label, choice in
                    PageLayout.button(label, to: "/conflicts/resolve", fields: fields + [("choice", choice)], back: "/conflicts",
                                      token: context.token, name: choice)
                }.joined()
            }
            body += "</div>"
        }
        if state.unresolved.isEmpty {
            body += "<p>Every conflict is settled. " + PageLayout.button("Record the merge", to: "/conflicts/record", fields: [],
                                                                          back: "/conflicts", token: context.token, name: "record") + "</p>"
        }
        return ("Conflicts", body, DiffHTML.style)
    }

    /// Both sides of a conflict, in their context.
    private static func describe(_ entry: MergeState.Conflict) -> String {
        let e = HTMLPage.escape
        let conflict = entry.conflict
        switch conflict.kind {
        case .formatting, .metadata:
            let what = conflict.attribute.map { DiffDescription.name(of: $0) } ?? conflict.field ?? "a value"
            return "<p>\(e(what)) on “\(e(conflict.placed))”: mine <strong>\(e(conflict.oursValue.map(DiffDescription.text) ?? conflict.ours))</strong>, "
                + "theirs <strong>\(e(conflict.theirsValue.map(DiffDescription.text) ?? conflict.theirs))</strong></p>"
        case .file:
            return "<p>The file differs on both sides.</p>"
        case .text, .deleted:
            return "<p class=\"meta\">Mine:</p><p>\(e(conflict.before))<del>\(e(conflict.ours))</del>\(e(conflict.after))</p>"
                + "<p class=\"meta\">Theirs:</p><p>\(e(conflict.before))<ins>\(e(conflict.theirs))</ins>\(e(conflict.after))</p>"
        }
    }

    static func resolve(_ form: [String: String], _ context: PageContext) async throws {
        guard let choice = ConflictChoice(rawValue: try required(form, "choice")), let number = Int(try required(form, "number")) else {
            throw MsxError(.usage, "a conflict is settled with ours, theirs or both, by its number")
        }
        _ = try await context.run(ResolveAction(try required(form, "target"), number: number, choice: .side(choice)))
    }

    static func record(_ form: [String: String], _ context: PageContext) async throws {
        _ = try await context.run(SnapshotAction(message: nil))
    }
}
