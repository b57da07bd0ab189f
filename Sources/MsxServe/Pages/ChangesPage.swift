import MsxActions
import MsxModel

/// The difference between two versions (or a version and the working copy) as tracked changes: deleted words struck
/// through, new ones underlined, formatting changes outlined and named.
enum ChangesPage {
    static func render(_ context: PageContext) async throws -> (title: String, body: String, style: String) {
        let query = context.query
        let references = query["id"].map { [$0] } ?? []
        let report = try await context.run(CompareAction(references, from: query["from"].flatMap { $0.isEmpty ? nil : $0 },
                                                         to: query["to"].flatMap { $0.isEmpty ? nil : $0 }))
        let e = HTMLPage.escape
        var body = "<dl class=\"versions\"><dt>From</dt><dd>\(e(report.heading.old))</dd><dt>To</dt><dd>\(e(report.heading.new))</dd></dl>\n"
        body += DiffHTML.legend
        if report.comparisons.isEmpty {
            body += "<p class=\"summary\">No differences in the words or the formatting.</p>"
        }
        for comparison in report.comparisons {
            let link = comparison.id.map { "<a href=\"\(e(PageLayout.link("/document", [("id", $0)])))\">\(e(comparison.title))</a>" }
                ?? e(comparison.title)
            body += "<article class=\"document\"><h2>\(link)</h2><p class=\"summary\"><ins>+\(comparison.diff.wordsAdded)</ins> / "
                + "<del>-\(comparison.diff.wordsRemoved)</del> words</p>\n" + DiffHTML.changes(comparison) + "</article>\n"
        }
        for file in report.files { body += "<p class=\"meta\">\(e(file.kind.rawValue)): \(e(file.path))</p>" }
        return ("Changes", body, DiffHTML.style)
    }
}
