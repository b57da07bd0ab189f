import MsxActions
import MsxModel

/// The binder with each document's words, and progress against the project's and the documents' targets.
enum BinderPage {
    static func render(_ context: PageContext) async throws -> (title: String, body: String, style: String) {
        let tree = try await context.run(TreeAction())
        let target = try await context.run(TargetAction())
        let e = HTMLPage.escape
        // The target is the draft's, as `msx target` and `msx stats` count it.
        let draft = tree.binder.first { $0.counted.node.role == "draft" }?.counted.words ?? tree.words
        var body = "<p class=\"summary\">The draft: \(NumberText.grouped(draft)) words"
        if let words = target.words {
            body += " of \(NumberText.grouped(words)) " + progress(draft, of: words)
        }
        if let deadline = target.deadline { body += " · deadline \(e(deadline))" }
        body += "</p>\n<ul class=\"binder\">" + tree.binder.map(item).joined() + "</ul>"
        return ("Binder", body, "")
    }

    private static func item(_ node: TreeReport.Node) -> String {
        let e = HTMLPage.escape
        let counted = node.counted
        let title = counted.node.kind == .document
            ? "<a href=\"\(e(PageLayout.link("/document", [("id", counted.node.id)])))\">\(e(counted.node.title))</a>"
            : "<strong>\(e(counted.node.title))</strong>"
        var line = "<li>\(title) <span class=\"meta\">\(NumberText.grouped(counted.words)) words"
        if let target = counted.node.target, target > 0 { line += " of \(NumberText.grouped(target)) " + progress(counted.words, of: target) }
        if let status = counted.node.status { line += " · \(e(status))" }
        if counted.isMissing { line += " · <span class=\"error\">file missing</span>" }
        line += "</span>"
        if !counted.children.isEmpty { line += "<ul class=\"binder\">" + counted.children.map { item(TreeReport.Node($0)) }.joined() + "</ul>" }
        return line + "</li>"
    }

    /// A bar and a percentage.
    private static func progress(_ words: Int, of target: Int) -> String {
        let percent = target > 0 ? min(100, words * 100 / target) : 100
        return "<span class=\"progress\" title=\"\(percent)%\"><span style=\"width: \(percent)%\"></span></span> \(percent)%"
    }
}
