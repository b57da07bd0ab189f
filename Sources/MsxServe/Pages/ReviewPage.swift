import MsxActions
import MsxModel
import MsxWorkspace

/// Another draft's changes (a reviewer's `review/NAME`), each shown as tracked changes with buttons to accept it
/// into the working files or reject it from the draft.
enum ReviewPage {
    static func index(_ context: PageContext) async throws -> (title: String, body: String, style: String) {
        guard case .list(let drafts) = try await context.run(DraftsAction()) else { return ("Review", "", "") }
        let merging = try await context.run(ConflictsAction()).state != nil
        let e = HTMLPage.escape
        var body = ""
        if merging { body += "<p class=\"summary\">A merge is in progress: <a href=\"/conflicts\">settle its conflicts</a>.</p>" }
        let others = drafts.filter { !$0.isCurrent }
        if others.isEmpty {
            body += "<p>No other draft to review. <code>msx review import FILE.docx</code> makes one of an editor's Word file.</p>"
        } else {
            body += "<ul class=\"drafts\">" + others.map { draft in
                "<li><a href=\"\(e(PageLayout.link("/review/draft", [("name", draft.name)])))\">\(e(draft.name))</a> "
                    + "<span class=\"meta\">\(e(draft.subject)) · \(NumberText.grouped(draft.words)) words</span></li>"
            }.joined() + "</ul>"
        }
        return ("Review", body, "")
    }

    static func draft(_ context: PageContext) async throws -> (title: String, body: String, style: String) {
        let name = try required(context.query, "name")
        let report = try await context.run(ReviewChangesAction(draft: name))
        let sheet = try await context.run(ProjectInfoAction()).styleSheet
        let e = HTMLPage.escape
        let back = PageLayout.link("/review/draft", [("name", report.draft)])
        let count = report.documents.reduce(0) { $0 + $1.changes.changes.count }
        var body = "<p class=\"summary\">\(count) change\(count == 1 ? "" : "s") in \(report.documents.count) "
            + "document\(report.documents.count == 1 ? "" : "s"). Accept takes a change into your files; reject drops it "
            + "from \(e(report.draft)).</p>\n" + DiffHTML.legend
        if count == 0 { body += "<p>\(e(report.draft)) proposes no change to your files.</p>" }
        for document in report.documents {
            body += "<article class=\"document\"><h2>\(e(document.node.title))</h2>"
            for (number, change) in document.changes.changes.enumerated() {
                let fields = [("draft", report.draft), ("document", document.node.id), ("change", change.fingerprint)]
                body += "<div class=\"change\" id=\"change-\(e(change.fingerprint))\"><p class=\"meta\">Change \(number + 1), "
                    + "paragraph \(change.old.lowerBound + 1)</p>" + ReviewChangeHTML.render(change, of: document, sheet: sheet)
                    + PageLayout.button("Accept", to: "/review/decide", fields: fields + [("decision", "accept")], back: back,
                                        token: context.token, name: "accept")
                    + PageLayout.button("Reject", to: "/review/decide", fields: fields + [("decision", "reject")], back: back,
                                        token: context.token, name: "reject")
                    + "</div>"
            }
            body += "</article>"
        }
        return ("Review of \(report.draft)", body, DiffHTML.style)
    }

    static func decide(_ form: [String: String], _ context: PageContext) async throws {
        guard let decision = ReviewDecisionAction.Decision(rawValue: try required(form, "decision")) else {
            throw MsxError(.usage, "a decision is accept or reject")
        }
        _ = try await context.run(ReviewDecisionAction(draft: try required(form, "draft"), reference: try required(form, "document"),
                                                       change: try required(form, "change"), decision: decision))
    }
}
