import MsxActions
import MsxModel

/// Every comment on the words of the project, open and resolved, each with the words it is on and a button to
/// resolve or reopen it.
enum CommentsPage {
    static func render(_ context: PageContext) async throws -> (title: String, body: String, style: String) {
        let report = try await context.run(CommentsAction(all: true))
        let e = HTMLPage.escape
        var body = report.comments.isEmpty ? "<p>No comments yet.</p>" : ""
        var previous: String?
        for placed in report.comments {
            if placed.node.id != previous {
                body += "<h2><a href=\"\(e(PageLayout.link("/document", [("id", placed.node.id)])))\">\(e(placed.node.title))</a></h2>"
                previous = placed.node.id
            }
            let a = placed.annotation
            let words = placed.places.isEmpty ? "(its words were deleted)" : "“" + placed.places.map(\.text).joined(separator: " … ") + "”"
            body += "<div class=\"change\(a.resolved ? " decided" : "")\"><p>\(e(words))</p><p><strong>\(e(a.note))</strong></p>"
                + "<p class=\"meta\">\([a.author, a.date].filter { !$0.isEmpty }.map(e).joined(separator: " · "))"
                + (a.resolved ? " · resolved" : "") + "</p>"
                + PageLayout.button(a.resolved ? "Reopen" : "Resolve", to: "/comments/resolve",
                                    fields: [("document", placed.node.id), ("id", a.id), ("reopen", a.resolved ? "1" : "")],
                                    back: "/comments", token: context.token)
                + "</div>"
        }
        return ("Comments", body, "")
    }

    static func resolve(_ form: [String: String], _ context: PageContext) async throws {
        _ = try await context.run(CommentAction(try required(form, "document"),
                                                .resolve(id: try required(form, "id"), reopen: form["reopen"] == "1")))
    }
}
