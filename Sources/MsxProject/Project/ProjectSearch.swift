import MsxModel

/// A paragraph of today's documents where a pattern matches.
public struct TextMatch: Sendable {
    public var node: BinderNode
    /// The paragraph's position in its document (0-based) and text.
    public var paragraph: Int
    public var text: String
    /// Where the pattern matches in `text` (UTF-16).
    public var ranges: [Range<Int>]
}

extension Project {
    /// Every paragraph of the documents, in binder order, where `pattern` matches.
    public func search(_ pattern: TextPattern) throws -> [TextMatch] {
        var found: [TextMatch] = []
        for entry in manifest.entries where entry.node.kind == .document {
            guard FileIO.exists(try url(entry.node.path)) else { continue }
            let document = try loadDocument(entry.node, sourceMap: false)
            for (index, text) in document.paragraphTexts.enumerated() {
                let ranges = pattern.matches(in: text)
                if !ranges.isEmpty { found.append(TextMatch(node: entry.node, paragraph: index, text: text, ranges: ranges)) }
            }
        }
        return found
    }
}
