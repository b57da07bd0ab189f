/// Merges the order of a document's paragraphs: this side's order, with the other side's insertions, deletions and
/// moves applied to it.
///
/// A paragraph moved on one side only goes where that side put it; moved on both sides, this side's place wins (its
/// words are merged either way). New paragraphs go after the paragraph that precedes them on their side; new
/// paragraphs of both sides at one place are ordered by `precedes`, so the order does not depend on which side
/// merges.
enum ParagraphOrderMerge {
    /// - Parameters:
    ///   - keep: base items a side deleted that must stay (the other side changed them); they go where the side that
    ///     kept them has them.
    ///   - precedes: orders new paragraphs of both sides inserted at one place.
    static func merge<Item: Hashable>(base: [Item], ours: [Item], theirs: [Item], keep: Set<Item>,
                                      precedes: (Item, Item) -> Bool) -> [Item] {
        let inBase = Set(base), inOurs = Set(ours), inTheirs = Set(theirs)
        let ourMoves = moved(base: base, side: ours), theirMoves = moved(base: base, side: theirs)
        var result = ours.filter { item in
            guard inBase.contains(item) else { return true }
            if !inTheirs.contains(item) { return keep.contains(item) }
            return !(theirMoves.contains(item) && !ourMoves.contains(item))
        }
        // Walk the other side, placing what it added, moved, or kept that this side deleted.
        let ourNew = Set(ours.filter { !inBase.contains($0) })
        var placed = Set(result)
        for (index, item) in theirs.enumerated() where !placed.contains(item) {
            let wanted = !inBase.contains(item) || (!inOurs.contains(item) && keep.contains(item))
                || (inOurs.contains(item) && theirMoves.contains(item) && !ourMoves.contains(item))
            guard wanted else { continue }
            var position = 0
            if let anchor = theirs[..<index].last(where: placed.contains), let at = result.firstIndex(of: anchor) { position = at + 1 }
            while position < result.count, ourNew.contains(result[position]), precedes(result[position], item) { position += 1 }
            result.insert(item, at: position)
            placed.insert(item)
        }
        return result
    }

    /// Base items a side has in a different order: those off the longest common subsequence of the two orders.
    private static func moved<Item: Hashable>(base: [Item], side: [Item]) -> Set<Item> {
        let inSide = Set(side), inBase = Set(base)
        let a = base.filter(inSide.contains), b = side.filter(inBase.contains)
        var moved = Set<Item>()
        for step in MyersDiff.diff(a, b) {
            switch step {
            case .equal: break
            case .delete(let old, _): moved.formUnion(a[old])
            case .insert(let new, _): moved.formUnion(b[new])
            }
        }
        return moved
    }
}
