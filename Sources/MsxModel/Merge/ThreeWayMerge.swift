/// diff3 over any sequence (Khanna, Kuber and Pierce's formulation): the changes from the base to each side are
/// found by patience diff (Myers' between its anchors); a stretch of the base that only one side changed takes that side's change, and a stretch
/// both sides changed, to different results, is a conflict.
///
/// Two changes conflict when they overlap in the base, when both insert at the same place, or when one inserts
/// inside what the other replaced. Given `reachesAcross`, changes also conflict when they touch: when no base
/// element between them is one a change cannot reach across (in prose, no unchanged word lies between them). A
/// region is every change of either side so linked, whole, so a conflict never mixes the two sides' changes.
package enum ThreeWayMerge {
    /// One piece of the merged sequence.
    package enum Chunk<Element: Equatable>: Equatable {
        /// Elements both sides agree on (kept from the base, or changed the same way by both).
        case agreed([Element])
        /// A stretch of the base (possibly empty, where both inserted) that the sides changed differently.
        case conflict(base: [Element], ours: [Element], theirs: [Element])

        /// Whether both sides agree here.
        package var isAgreed: Bool {
            if case .agreed = self { true } else { false }
        }
    }

    /// A change from the base to one side: base elements `base` replaced by the side's elements `side`.
    private struct Change {
        var base: Range<Int>
        var side: Range<Int>

        /// Whether the side has more elements here than the base: it inserted some.
        var inserts: Bool { side.count > base.count }
    }

    /// Merges `ours` and `theirs`, both edited from `base`.
    /// - Parameters:
    ///   - weight: how much an element counts in the alignment (see `PatienceDiff`): a word should outweigh the
    ///     space after it, so that a word kept on a side is matched as kept, not a space next to it.
    ///   - reachesAcross: the base elements that do not keep two changes apart (spaces and punctuation between
    ///     words); nil when only overlapping changes conflict.
    ///   - insertionsReachAcross: the base elements that do not keep a change that inserts (one that leaves more
    ///     elements than it replaced) apart from a change beside it (blank lines between paragraphs: two new
    ///     paragraphs at one place, however the blank lines align).
    ///   - alike: hears of each stretch of the base both sides changed the same way (taken once).
    package static func merge<Element: Hashable>(base: [Element], ours: [Element], theirs: [Element],
                                                 weight: ((Element) -> Int)? = nil,
                                                 reachesAcross: ((Element) -> Bool)? = nil,
                                                 insertionsReachAcross: ((Element) -> Bool)? = nil,
                                                 alike: ((Range<Int>) -> Void)? = nil) -> [Chunk<Element>] {
        let ourChanges = changes(PatienceDiff.diff(base, ours, weight: weight))
        let theirChanges = changes(PatienceDiff.diff(base, theirs, weight: weight))
        var chunks: [Chunk<Element>] = []
        func agree(_ elements: ArraySlice<Element>) {
            guard !elements.isEmpty else { return }
            if case .agreed(let previous) = chunks.last {
                chunks[chunks.count - 1] = .agreed(previous + elements)
            } else {
                chunks.append(.agreed(Array(elements)))
            }
        }
        var o = 0, t = 0, position = 0
        while o < ourChanges.count || t < theirChanges.count {
            // The next region: the earliest change, grown by every change of either side that conflicts with it.
            var region: Range<Int>
            var ourRange = o..<o, theirRange = t..<t
            var regionInserts: Bool
            if t == theirChanges.count || (o < ourChanges.count && precedes(ourChanges[o].base, theirChanges[t].base)) {
                region = ourChanges[o].base
                regionInserts = ourChanges[o].inserts
                ourRange = o..<o + 1
            } else {
                region = theirChanges[t].base
                regionInserts = theirChanges[t].inserts
                theirRange = t..<t + 1
            }
            func linked(_ change: Change) -> Bool {
                if conflicts(change.base, region) { return true }
                guard change.base.lowerBound >= region.upperBound else { return false }
                let between = base[region.upperBound..<change.base.lowerBound]
                if let reachesAcross, between.allSatisfy(reachesAcross) { return true }
                guard let insertionsReachAcross, change.inserts || regionInserts else { return false }
                return between.allSatisfy(insertionsReachAcross)
            }
            func include(_ change: Change) {
                region = union(region, change.base)
                regionInserts = regionInserts || change.inserts
            }
            var grew = true
            while grew {
                grew = false
                if ourRange.upperBound < ourChanges.count, linked(ourChanges[ourRange.upperBound]) {
                    include(ourChanges[ourRange.upperBound])
                    ourRange = ourRange.lowerBound..<ourRange.upperBound + 1
                    grew = true
                }
                if theirRange.upperBound < theirChanges.count, linked(theirChanges[theirRange.upperBound]) {
                    include(theirChanges[theirRange.upperBound])
                    theirRange = theirRange.lowerBound..<theirRange.upperBound + 1
                    grew = true
                }
            }
            agree(base[position..<region.lowerBound])
            let ourSide = apply(ourChanges[ourRange], over: region, base: base, side: ours)
            let theirSide = apply(theirChanges[theirRange], over: region, base: base, side: theirs)
            if ourRange.isEmpty {
                agree(theirSide[...])
            } else if theirRange.isEmpty {
                agree(ourSide[...])
            } else if ourSide == theirSide {
                alike?(region)
                agree(ourSide[...])
            } else {
                chunks.append(.conflict(base: Array(base[region]), ours: ourSide, theirs: theirSide))
            }
            position = region.upperBound
            o = ourRange.upperBound
            t = theirRange.upperBound
        }
        agree(base[position...])
        return chunks
    }

    /// The merged sequence with every conflict given as `resolve` decides.
    package static func resolved<Element: Hashable>(_ chunks: [Chunk<Element>],
                                                    _ resolve: (_ base: [Element], _ ours: [Element], _ theirs: [Element]) -> [Element]) -> [Element] {
        chunks.flatMap { chunk -> [Element] in
            switch chunk {
            case .agreed(let elements): elements
            case .conflict(let base, let ours, let theirs): resolve(base, ours, theirs)
            }
        }
    }

    // MARK: Regions

    private static func changes(_ steps: [EditStep]) -> [Change] {
        var changes: [Change] = []
        var basePosition = 0, sidePosition = 0
        for step in steps {
            switch step {
            case .equal(let old, let new):
                basePosition = old.upperBound
                sidePosition = new.upperBound
            case .delete(let old, _):
                if let last = changes.last, last.base.upperBound == old.lowerBound, last.side.upperBound == sidePosition {
                    changes[changes.count - 1].base = last.base.lowerBound..<old.upperBound
                } else {
                    changes.append(Change(base: old, side: sidePosition..<sidePosition))
                }
                basePosition = old.upperBound
            case .insert(let new, _):
                if let last = changes.last, last.base.upperBound == basePosition, last.side.upperBound == new.lowerBound {
                    changes[changes.count - 1].side = last.side.lowerBound..<new.upperBound
                } else {
                    changes.append(Change(base: basePosition..<basePosition, side: new))
                }
                sidePosition = new.upperBound
            }
        }
        return changes
    }

    /// Whether the change over `a` comes first (at one place, an insertion comes before a replacement).
    private static func precedes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.lowerBound != b.lowerBound ? a.lowerBound < b.lowerBound : a.isEmpty && !b.isEmpty
    }

    /// Whether changes over base stretches `a` and `b` cannot both apply: they overlap, or both insert at one place.
    private static func conflicts(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if a.isEmpty && b.isEmpty { return a.lowerBound == b.lowerBound }
        if a.isEmpty { return b.lowerBound < a.lowerBound && a.lowerBound < b.upperBound }
        if b.isEmpty { return a.lowerBound < b.lowerBound && b.lowerBound < a.upperBound }
        return a.overlaps(b)
    }

    private static func union(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }

    /// One side's text over the base stretch `region`, given its changes that fall in it.
    private static func apply<Element>(_ changes: ArraySlice<Change>, over region: Range<Int>, base: [Element], side: [Element]) -> [Element] {
        var result: [Element] = []
        var position = region.lowerBound
        for change in changes {
            result += base[position..<change.base.lowerBound]
            result += side[change.side]
            position = change.base.upperBound
        }
        result += base[position..<region.upperBound]
        return result
    }
}
