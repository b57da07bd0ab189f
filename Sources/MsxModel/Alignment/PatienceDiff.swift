/// Patience diff for long sequences of mostly unique items (a manuscript's paragraphs): items that occur exactly
/// once on each side anchor the alignment (their longest increasing run), and only the short gaps between anchors
/// go to Myers. Time and memory stay near linear where plain Myers would grow with the square of the changes.
package enum PatienceDiff {
    /// - Parameter weight: when given, the anchors kept are those holding the most weight (the most text, say), not
    ///   the most items: of two paragraphs that swapped places, the long one stays and the short one moved.
    package static func diff<T: Hashable>(_ a: [T], _ b: [T], weight: ((T) -> Int)? = nil) -> [EditStep] {
        // Each item hashed once: the alignment works on small integers.
        var ids: [T: Int] = [:]
        let idsA = a.map { item in ids[item] ?? { ids[item] = ids.count; return ids.count - 1 }() }
        let idsB = b.map { item in ids[item] ?? { ids[item] = ids.count; return ids.count - 1 }() }
        var weights: [Int] = []
        if let weight {
            weights = Array(repeating: 0, count: ids.count)
            for (item, id) in ids { weights[id] = weight(item) }
        }
        var steps: [EditStep] = []
        align(idsA, 0..<a.count, idsB, 0..<b.count, weight: weight == nil ? nil : { weights[$0] }, into: &steps, depth: 0)
        return MyersDiff.merge(steps)
    }

    private static func align<T: Hashable>(_ a: [T], _ ra: Range<Int>, _ b: [T], _ rb: Range<Int>, weight: ((T) -> Int)?,
                                           into steps: inout [EditStep], depth: Int) {
        let anchors = depth < 4 ? uniqueAnchors(a, ra, b, rb, weight: weight) : []
        guard !anchors.isEmpty else {
            for step in MyersDiff.diff(Array(a[ra]), Array(b[rb])) { steps.append(shift(step, ra.lowerBound, rb.lowerBound)) }
            return
        }
        var i = ra.lowerBound, j = rb.lowerBound
        for (x, y) in anchors {
            align(a, i..<x, b, j..<y, weight: weight, into: &steps, depth: depth + 1)
            steps.append(.equal(old: x..<(x + 1), new: y..<(y + 1)))
            i = x + 1
            j = y + 1
        }
        align(a, i..<ra.upperBound, b, j..<rb.upperBound, weight: weight, into: &steps, depth: depth + 1)
    }

    /// Pairs of positions of items unique on both sides, reduced to their longest increasing sequence.
    private static func uniqueAnchors<T: Hashable>(_ a: [T], _ ra: Range<Int>, _ b: [T], _ rb: Range<Int>,
                                                   weight: ((T) -> Int)?) -> [(Int, Int)] {
        var countA: [T: Int] = [:], countB: [T: Int] = [:], positionB: [T: Int] = [:]
        for i in ra { countA[a[i], default: 0] += 1 }
        for j in rb { countB[b[j], default: 0] += 1; positionB[b[j]] = j }
        let pairs = ra.compactMap { i -> (Int, Int)? in
            countA[a[i]] == 1 && countB[a[i]] == 1 ? (i, positionB[a[i]]!) : nil
        }
        guard let weight else { return longestIncreasing(pairs) }
        return heaviestIncreasing(pairs, weights: pairs.map { weight(a[$0.0]) }, bound: rb.upperBound)
    }

    /// The subsequence whose second elements increase with the greatest total weight (a Fenwick tree of the best
    /// total ending below each position).
    private static func heaviestIncreasing(_ pairs: [(Int, Int)], weights: [Int], bound: Int) -> [(Int, Int)] {
        var tree = [(total: Int, pair: Int)](repeating: (0, -1), count: bound + 1)
        var previous = [Int](repeating: -1, count: pairs.count)
        var best = (total: 0, pair: -1)
        for (k, pair) in pairs.enumerated() {
            var below = (total: 0, pair: -1)
            var i = pair.1
            while i > 0 { if tree[i].total > below.total { below = tree[i] }; i -= i & -i }
            previous[k] = below.pair
            let total = below.total + max(1, weights[k])
            if total > best.total { best = (total, k) }
            i = pair.1 + 1
            while i <= bound { if total > tree[i].total { tree[i] = (total, k) }; i += i & -i }
        }
        var result: [(Int, Int)] = []
        var k = best.pair
        while k >= 0 { result.append(pairs[k]); k = previous[k] }
        return result.reversed()
    }

    /// Patience sorting: the longest subsequence whose second elements increase.
    private static func longestIncreasing(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
        var tails: [Int] = []          // index into pairs of the smallest tail of each length
        var previous = [Int](repeating: -1, count: pairs.count)
        for (k, pair) in pairs.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if pairs[tails[mid]].1 < pair.1 { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[k] = tails[low - 1] }
            if low == tails.count { tails.append(k) } else { tails[low] = k }
        }
        var result: [(Int, Int)] = []
        var k = tails.last ?? -1
        while k >= 0 { result.append(pairs[k]); k = previous[k] }
        return result.reversed()
    }

    private static func shift(_ step: EditStep, _ da: Int, _ db: Int) -> EditStep {
        switch step {
        case .equal(let o, let n): return .equal(old: (o.lowerBound + da)..<(o.upperBound + da), new: (n.lowerBound + db)..<(n.upperBound + db))
        case .delete(let o, let at): return .delete(old: (o.lowerBound + da)..<(o.upperBound + da), at: at + db)
        case .insert(let n, let at): return .insert(new: (n.lowerBound + db)..<(n.upperBound + db), at: at + da)
        }
    }
}
