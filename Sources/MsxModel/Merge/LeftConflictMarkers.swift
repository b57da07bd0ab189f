/// Conflict markers a merge outside msx left in a document's Markdown: a line `<<<<<<< `, then `=======`, then
/// `>>>>>>> `, outside fenced code (where a writer may quote them).
public enum LeftConflictMarkers {
    /// The line (1-based) where the first complete set of markers starts; nil when there is none.
    public static func firstLine(in source: [UInt8]) -> Int? {
        var fence: [UInt8]?
        var opened: Int?, parted = false
        var line = 1, start = 0
        while start < source.count {
            var end = start
            while end < source.count, source[end] != 0x0A { end += 1 }
            let text = source[start..<end]
            if let open = fence {
                if text.starts(with: open) { fence = nil }
            } else if text.starts(with: Array("```".utf8)) || text.starts(with: Array("~~~".utf8)) {
                fence = Array(text.prefix(3))
            } else if text.starts(with: Array("<<<<<<<".utf8)) {
                (opened, parted) = (line, false)
            } else if opened != nil, text.elementsEqual("=======".utf8) || text.starts(with: Array("======= ".utf8)) {
                parted = true
            } else if let opened, parted, text.starts(with: Array(">>>>>>>".utf8)) {
                return opened
            }
            line += 1
            start = end + 1
        }
        return nil
    }
}
