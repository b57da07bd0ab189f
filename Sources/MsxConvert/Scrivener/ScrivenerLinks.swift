import Foundation
import MsxModel

/// Scrivener's links from one document to another (`scrivlnk://<UUID>`, or `scrivlnk://<N>` in the older format),
/// made relative Markdown links to the msx document the target became (`[the storm](../part-two/storm.md)`),
/// which any Markdown editor follows.
package enum ScrivenerLinks {
    private static let scheme = "scrivlnk://"

    /// `document` with each link to an item in `targets` (Scrivener id, upper-cased, to project-relative path) made
    /// relative to `path`, the document's own; with how many links name an item that became no document.
    package static func resolved(_ document: RichDocument, at path: String, targets: [String: String]) -> (document: RichDocument, unresolved: Int) {
        let markdown = document.markdown.sourceText
        guard markdown.contains(scheme) else { return (document, 0) }
        var unresolved = 0
        let rewritten = markdown.replacing(#/\]\(<?scrivlnk://([0-9A-Za-z-]+)>?\)/#) { match in
            guard let target = targets[String(match.output.1).uppercased()] else {
                unresolved += 1
                return String(match.output.0)
            }
            return "](" + relative(from: path, to: target) + ")"
        }
        return (RichDocument(markdown: MarkdownDocument(rewritten, sourceMap: false), sidecar: document.sidecar), unresolved)
    }

    /// The path of `target` seen from the folder of `path` (both project-relative), percent-encoded where a
    /// Markdown destination needs it.
    static func relative(from path: String, to target: String) -> String {
        let from = path.split(separator: "/").dropLast()
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[from.startIndex + common] == to[common] { common += 1 }
        let steps = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return steps.joined(separator: "/").addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? steps.joined(separator: "/")
    }
}
