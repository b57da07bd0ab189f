/// Pairs the paragraphs of two versions: unchanged ones by their text, edited ones by similarity, moved ones
/// wherever they went.
enum ParagraphMatcher {
    enum Pair: Equatable {
        case same(Int, Int)
        case edited(Int, Int, moved: Bool)
        case added(Int)
        case removed(Int)
    }

    static func match(_ old: [String], _ new: [String]) -> [Pair] {
        var pairs: [Pair] = []
        var removed: [Int] = []
        var added: [Int] = []
        for step in MyersDiff.diff(old, new) {
            switch step {
            case .equal(let o, let n):
                flush(&pairs, &removed, &added, old, new)
                for (i, j) in zip(o, n) { pairs.append(.same(i, j)) }
            case .delete(let o, _): removed += Array(o)
            case .insert(let n, _): added += Array(n)
            }
        }
        flush(&pairs, &removed, &added, old, new)
        return recogniseMoves(pairs, old, new)
    }

    /// Within one changed stretch, pairs deleted and inserted paragraphs that share most of their words, in order.
    private static func flush(_ pairs: inout [Pair], _ removed: inout [Int], _ added: inout [Int], _ old: [String], _ new: [String]) {
        var next = 0
        for o in removed {
            var best: (index: Int, score: Double)?
            for k in next..<added.count {
                let score = similarity(old[o], new[added[k]])
                if score >= 0.5, best == nil || score > best!.score { best = (k, score) }
            }
            if let best {
                for k in next..<best.index { pairs.append(.added(added[k])) }
                pairs.append(.edited(o, added[best.index], moved: false))
                next = best.index + 1
            } else {
                pairs.append(.removed(o))
            }
        }
        for k in next..<added.count { pairs.append(.added(added[k])) }
        removed = []
        added = []
    }

    /// A paragraph deleted in one place and inserted, the same or nearly, in another is a move.
    private static func recogniseMoves(_ pairs: [Pair], _ old: [String], _ new: [String]) -> [Pair] {
        var result = pairs
        var usedAdded = Set<Int>()
        for (i, pair) in pairs.enumerated() {
            guard case .removed(let o) = pair, !old[o].trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var best: (position: Int, n: Int, score: Double)?
            for (j, other) in result.enumerated() {
                guard case .added(let n) = other, !usedAdded.contains(n) else { continue }
                let score = old[o] == new[n] ? 1 : similarity(old[o], new[n])
                if score >= 0.8, best == nil || score > best!.score { best = (j, n, score) }
            }
            guard let best else { continue }
            usedAdded.insert(best.n)
            result[best.position] = old[o] == new[best.n] ? .edited(o, best.n, moved: true) : .edited(o, best.n, moved: true)
            result[i] = .removed(-1)
        }
        return result.filter { $0 != .removed(-1) }
    }

    /// The share of words two paragraphs have in common (Dice coefficient over word multisets).
    static func similarity(_ a: String, _ b: String) -> Double {
        let wa = words(a), wb = words(b)
        guard !wa.isEmpty || !wb.isEmpty else { return 1 }
        var counts: [String: Int] = [:]
        for w in wa { counts[w, default: 0] += 1 }
        var common = 0
        for w in wb where (counts[w] ?? 0) > 0 {
            common += 1
            counts[w]! -= 1
        }
        return Double(2 * common) / Double(wa.count + wb.count)
    }

    /// The words of a paragraph as the word diff sees them (each CJK character one word).
    private static func words(_ text: String) -> [String] {
        Tokenizer.tokens(text).filter { $0.kind == .word }.map(\.text)
    }
}
