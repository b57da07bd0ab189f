/// A footnote as msx keeps it: written inline where it is referenced, `^[note text]`, its characters (the `^[` and
/// `]` included) carrying `footnote: true`. Compile writers turn it into a real footnote.
package enum InlineNote {
    /// Consecutive runs of a paragraph that are all a footnote's or all not.
    package typealias Group = (runs: ArraySlice<ResolvedRun>, isNote: Bool)

    /// A paragraph's runs in order, consecutive footnote runs together.
    package static func groups(_ runs: [ResolvedRun]) -> [Group] {
        var groups: [Group] = []
        let isNote = runs.map { $0.attributes[.footnote] == true }
        var start = 0
        for i in runs.indices where i + 1 == runs.count || isNote[i + 1] != isNote[i] {
            groups.append((runs[start...i], isNote[i]))
            start = i + 1
        }
        return groups
    }

    /// The note's own runs, without its `^[` and `]` (each may be split over runs); nil when `group` is not
    /// written that way (footnote characters without the markers stay ordinary text).
    package static func inner(_ group: some Collection<ResolvedRun>) -> [ResolvedRun]? {
        inner(Array(group), text: \.text)
    }

    /// `inner` over any pieces of text (runs with what goes with them), each piece's text at `text`.
    package static func inner<Piece>(_ group: [Piece], text: WritableKeyPath<Piece, String>) -> [Piece]? {
        let whole = group.map { $0[keyPath: text] }.joined()
        guard whole.hasPrefix("^["), whole.hasSuffix("]"), whole.count > 2 else { return nil }
        var inner = group
        var opening = 2
        for k in inner.indices where opening > 0 {
            let cut = min(opening, inner[k][keyPath: text].count)
            inner[k][keyPath: text].removeFirst(cut)
            opening -= cut
        }
        if let last = inner.lastIndex(where: { !$0[keyPath: text].isEmpty }) { inner[last][keyPath: text].removeLast() }
        return inner.filter { !$0[keyPath: text].isEmpty }
    }
}
