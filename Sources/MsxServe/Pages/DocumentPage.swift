import MsxActions
import MsxModel

/// One document's history as a timeline: each version that changed it, with its words, and the way to see the
/// changes of each, since the last version, or between any two.
enum DocumentPage {
    static func render(_ context: PageContext) async throws -> (title: String, body: String, style: String) {
        let id = try required(context.query, "id")
        let report = try await context.run(LogAction(id))
        let document = report.document
        let e = HTMLPage.escape
        var body = "<p class=\"meta\">\(e(document?.path ?? "")) · <a href=\"\(e(PageLayout.link("/changes", [("id", id)])))\">"
            + "changes since the last version</a></p>\n"
        let versions = report.versions
        if versions.count > 1 {
            let options = { (selected: Int) in
                versions.enumerated().map { index, entry in
                    "<option value=\"\(entry.version.description)\"\(index == selected ? " selected" : "")>\(e(entry.version.short)) · "
                        + "\(e(DateText.display(entry.time, offsetMinutes: entry.offsetMinutes))) · \(e(entry.subject))</option>"
                }.joined()
            }
            body += "<form method=\"get\" action=\"/changes\"><input type=\"hidden\" name=\"id\" value=\"\(e(id))\">Compare "
                + "<select name=\"from\">\(options(versions.count - 1))</select> with <select name=\"to\">"
                + "<option value=\"\">the working copy</option>\(options(-1))</select> <button type=\"submit\">Show the changes</button></form>\n"
        }
        body += "<ul class=\"timeline\">"
        for (index, entry) in versions.enumerated() {
            let words = entry.change.map { " · <ins>+\($0.wordsAdded)</ins> / <del>-\($0.wordsRemoved)</del> words" } ?? ""
            let milestones = entry.milestones.map { " · milestone “\(e($0))”" }.joined()
            body += "<li class=\"version\"><strong>\(e(entry.subject))</strong><br><span class=\"meta\">\(e(entry.version.short)) · "
                + "\(e(DateText.display(entry.time, offsetMinutes: entry.offsetMinutes))) · \(e(entry.author))\(words)\(milestones)"
            if index + 1 < versions.count {
                let link = PageLayout.link("/changes", [("id", id), ("from", versions[index + 1].version.description),
                                                        ("to", entry.version.description)])
                body += " · <a href=\"\(e(link))\">what it changed</a>"
            }
            body += "</span></li>"
        }
        body += "</ul>"
        if versions.isEmpty { body += "<p>No version holds this document yet: msx snapshot records it.</p>" }
        return (document?.title ?? "Document", body, DiffHTML.style)
    }
}
