import MsxModel

/// The frame of every page: the project's name, the way to the other pages, and the watch that reloads the page
/// when the project's files change on disk (an edit in another program, a commit, a decision taken in another tab).
enum PageLayout {
    static func page(title: String, project: String, body: String, style: String = "") -> String {
        let e = HTMLPage.escape
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(title)) · \(e(project))</title>
            <style>
            body { font-family: Georgia, Palatino, serif; max-width: 52em; margin: 0 auto; padding: 0 1em 3em; color: #222; line-height: 1.45; }
            nav { font-family: sans-serif; font-size: 0.95em; padding: 0.8em 0; border-bottom: 1px solid #DDD; margin-bottom: 1em; }
            nav a { margin-right: 1.2em; color: #1565C0; text-decoration: none; }
            nav .project { font-weight: bold; margin-right: 1.5em; }
            .meta, .summary, .notes, table, form, .legend, .versions { font-family: sans-serif; font-size: 0.9em; }
            .meta { color: #666; }
            .error { color: #B00020; font-family: sans-serif; }
            .change, .conflict { border: 1px solid #DDD; border-radius: 6px; padding: 0.6em 0.9em; margin: 0.8em 0; }
            .decided { color: #666; }
            button { font-family: sans-serif; margin-right: 0.5em; padding: 0.25em 0.8em; cursor: pointer; }
            .progress { display: inline-block; width: 8em; height: 0.6em; background: #EEE; border-radius: 3px; vertical-align: middle; }
            .progress span { display: block; height: 100%; background: #2E7D32; border-radius: 3px; }
            ul.binder { list-style: none; padding-left: 1.2em; }
            ul.timeline { list-style: none; padding-left: 0; border-left: 3px solid #90CAF9; }
            ul.timeline li { margin: 0 0 0.8em 0; padding-left: 0.8em; }
            \(style)
            </style>
            </head>
            <body>
            <nav><span class="project">\(e(project))</span><a href="/">Binder</a><a href="/changes">Changes</a><a href="/review">Review</a><a href="/conflicts">Conflicts</a><a href="/comments">Comments</a><a href="/stats">Statistics</a></nav>
            <h1>\(e(title))</h1>
            \(body)
            <script src="/app.js"></script>
            </body>
            </html>

            """
    }

    /// The pages' one script (served from the server, so its policy allows no inline script): it asks every second
    /// whether the project's files changed, and reloads the page when they did.
    static let script = """
        (function () {
          var seen = null;
          function look() {
            fetch('/stamp', { credentials: 'same-origin', cache: 'no-store' }).then(function (r) { return r.text(); }).then(function (stamp) {
              if (seen === null) { seen = stamp; } else if (stamp !== seen) { location.reload(); }
            }).catch(function () {});
          }
          look();
          setInterval(look, 1000);
        })();

        """

    /// A button that posts `fields` (and the token) to `action`, then comes back to `back`.
    static func button(_ label: String, to action: String, fields: [(String, String)], back: String, token: String,
                       name: String? = nil) -> String {
        let e = HTMLPage.escape
        let hidden = (fields + [("token", token), ("back", back)]).map { "<input type=\"hidden\" name=\"\(e($0.0))\" value=\"\(e($0.1))\">" }.joined()
        let id = name.map { " name=\"\(e($0))\"" } ?? ""
        return "<form method=\"post\" action=\"\(e(action))\" style=\"display:inline\">\(hidden)<button type=\"submit\"\(id)>\(e(label))</button></form>"
    }

    /// A link within the server, its query encoded.
    static func link(_ path: String, _ query: [(String, String)] = []) -> String {
        query.isEmpty ? path : path + "?" + Form.encode(query)
    }
}
