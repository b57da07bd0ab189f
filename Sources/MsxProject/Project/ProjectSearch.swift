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
    /// Every paragraph of the documents, in binder order, where `pattern` matches, and the documents whose file is
    /// missing (deleted or moved outside msx), which could not be searched.
    ///
    /// Documents are read on all cores, a batch at a time. Each document's files are read and checked as showing it
    /// would (a damaged file stops the search, naming it), but its paragraphs are looked at only when its bytes may
    /// hold the pattern (`TextPattern.mayOccur`), and its Markdown is parsed only when `ParagraphTextCache` does not
    /// hold the paragraphs of this very text.
    public func search(_ pattern: TextPattern) throws -> (matches: [TextMatch], missing: [BinderNode]) {
        let documents = manifest.entries.map(\.node).filter { $0.kind == .document }
        let cache = ParagraphTextCache(paths: paths)
        var found: [TextMatch] = [], missing: [BinderNode] = [], recorded: [String: [UInt8]] = [:]
        try documents.concurrentMap(batchesOf: Self.searchBatch, { node in try matches(of: pattern, in: node, cache: cache) }) { batch in
            for (node, document) in batch {
                guard let document else { missing.append(node); continue }
                found += document.matches
                if let entry = document.entry { recorded[node.id] = entry }
            }
        }
        if !recorded.isEmpty { cache.save(recorded, documents: Set(documents.map(\.id))) }
        return (found, missing)
    }

    /// How many documents search reads at once: enough to keep every core busy, few enough that a large project's
    /// texts are not all held at once.
    private static let searchBatch = 64

    /// The paragraphs of `node` where `pattern` matches, and the entry to record in `cache` when its paragraphs
    /// were parsed; nil when its file is missing.
    private func matches(of pattern: TextPattern, in node: BinderNode,
                         cache: ParagraphTextCache) throws -> (matches: [TextMatch], entry: [UInt8]?)? {
        let url = try url(node.path)
        guard FileIO.exists(url) else { return nil }
        let text = try FileIO.readDocument(url, displayPath: node.path)
        _ = try loadSidecar(node)
        guard pattern.mayOccur(in: text) else { return ([], nil) }
        let (paragraphs, entry) = cache.paragraphs(of: node.id, markdown: text)
        let matches = paragraphs.ranges.indices.compactMap { index -> TextMatch? in
            guard pattern.mayMatch(paragraphs.utf8(index)) else { return nil }
            let paragraph = paragraphs.text(index)
            let ranges = pattern.matches(in: paragraph)
            return ranges.isEmpty ? nil : TextMatch(node: node, paragraph: index, text: paragraph, ranges: ranges)
        }
        return (matches, entry)
    }
}
