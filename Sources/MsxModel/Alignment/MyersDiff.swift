/// One step of an edit script over two sequences: a stretch that is equal, deleted from the old one, or
/// inserted from the new one (half-open index ranges).
package enum EditStep: Equatable {
    case equal(old: Range<Int>, new: Range<Int>)
    case delete(old: Range<Int>, at: Int)
    case insert(new: Range<Int>, at: Int)

    /// The same step in sequences that start `old` and `new` elements later.
    func shifted(old: Int, new: Int) -> EditStep {
        switch self {
        case .equal(let o, let n): .equal(old: o.lowerBound + old..<o.upperBound + old, new: n.lowerBound + new..<n.upperBound + new)
        case .delete(let o, let at): .delete(old: o.lowerBound + old..<o.upperBound + old, at: at + new)
        case .insert(let n, let at): .insert(new: n.lowerBound + new..<n.upperBound + new, at: at + old)
        }
    }
}

/// Myers' O(ND) difference algorithm (linear space is not needed at paragraph and word level, where sequences
/// are short; common prefix and suffix are trimmed first, which keeps long equal stretches cheap).
package enum MyersDiff {
    package static func diff<T: Equatable>(_ a: [T], _ b: [T]) -> [EditStep] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middle = core(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
        var steps: [EditStep] = []
        if prefix > 0 { steps.append(.equal(old: 0..<prefix, new: 0..<prefix)) }
        for step in middle {
            switch step {
            case .equal(let o, let n): steps.append(.equal(old: (o.lowerBound + prefix)..<(o.upperBound + prefix), new: (n.lowerBound + prefix)..<(n.upperBound + prefix)))
            case .delete(let o, let at): steps.append(.delete(old: (o.lowerBound + prefix)..<(o.upperBound + prefix), at: at + prefix))
            case .insert(let n, let at): steps.append(.insert(new: (n.lowerBound + prefix)..<(n.upperBound + prefix), at: at + prefix))
            }
        }
        if suffix > 0 {
            steps.append(.equal(old: (a.count - suffix)..<a.count, new: (b.count - suffix)..<b.count))
        }
        return merge(steps)
    }

    /// `diff` of two sequences of ids (words numbered, `WordIDs`): made concrete here, where the generic body is, since
    /// a caller in another module runs the generic body, comparing through `Equatable`'s witness in the inner loop.
    package static func diff(ids a: [Int], _ b: [Int]) -> [EditStep] {
        diff(a, b)
    }

    /// Most trace entries kept (about 128 MB): beyond, two sequences this different are given as one replacement.
    static let traceBudget = 16_000_000

    /// The greedy forward algorithm with a trace, then a walk back to recover the script. The trace keeps, for each
    /// step d, only the diagonals -d-1...d+1 it can reach (memory grows with the square of the differences, not
    /// with the length); sequences whose differences outgrow `traceBudget` come back as one deletion and one
    /// insertion.
    private static func core<T: Equatable>(_ a: [T], _ b: [T]) -> [EditStep] {
        let n = a.count, m = b.count
        if n == 0 && m == 0 { return [] }
        if n == 0 { return [.insert(new: 0..<m, at: 0)] }
        if m == 0 { return [.delete(old: 0..<n, at: 0)] }
        let maxD = n + m
        let offset = maxD
        var v = [Int](repeating: 0, count: 2 * maxD + 2)
        // trace[d]: v[offset-d-1 ... offset+d+1] as it was before step d, copied out (a slice would keep all of v).
        var trace: [(first: Int, values: [Int])] = []
        var kept = 0
        func snapshot(_ d: Int) -> (first: Int, values: [Int]) {
            let first = max(0, offset - d - 1)
            return (first, Array(v[first...min(v.count - 1, offset + d + 1)]))
        }
        outer: for d in 0...maxD {
            kept += 2 * d + 3
            guard kept <= traceBudget else { return [.delete(old: 0..<n, at: 0), .insert(new: 0..<m, at: n)] }
            trace.append(snapshot(d))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) { x = v[offset + k + 1] } else { x = v[offset + k - 1] + 1 }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { trace.append(snapshot(d + 1)); break outer }
            }
        }
        // Walk back through the trace.
        var steps: [EditStep] = []
        var x = n, y = m
        for d in stride(from: trace.count - 2, through: 0, by: -1) {
            let (first, kept) = trace[d]
            func v(_ k: Int) -> Int { kept[offset + k - first] }
            let k = x - y
            let prevK = (k == -d || (k != d && v(k - 1) < v(k + 1))) ? k + 1 : k - 1
            let prevX = v(prevK)
            let prevY = prevX - prevK
            while x > prevX && y > prevY {
                steps.append(.equal(old: (x - 1)..<x, new: (y - 1)..<y))
                x -= 1; y -= 1
            }
            if d > 0 {
                if x == prevX { steps.append(.insert(new: (y - 1)..<y, at: x)); y -= 1 } else { steps.append(.delete(old: (x - 1)..<x, at: y)); x -= 1 }
            }
        }
        while x > 0 && y > 0 { steps.append(.equal(old: (x - 1)..<x, new: (y - 1)..<y)); x -= 1; y -= 1 }
        return merge(steps.reversed())
    }

    /// Joins adjacent steps of the same kind.
    package static func merge(_ steps: [EditStep]) -> [EditStep] {
        var result: [EditStep] = []
        for step in steps {
            guard let last = result.last else { result.append(step); continue }
            switch (last, step) {
            case (.equal(let o1, let n1), .equal(let o2, let n2)) where o1.upperBound == o2.lowerBound && n1.upperBound == n2.lowerBound:
                result[result.count - 1] = .equal(old: o1.lowerBound..<o2.upperBound, new: n1.lowerBound..<n2.upperBound)
            case (.delete(let o1, let at), .delete(let o2, _)) where o1.upperBound == o2.lowerBound:
                result[result.count - 1] = .delete(old: o1.lowerBound..<o2.upperBound, at: at)
            case (.insert(let n1, let at), .insert(let n2, _)) where n1.upperBound == n2.lowerBound:
                result[result.count - 1] = .insert(new: n1.lowerBound..<n2.upperBound, at: at)
            default:
                result.append(step)
            }
        }
        return result
    }
}
