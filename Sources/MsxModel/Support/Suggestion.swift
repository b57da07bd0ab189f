/// "Did you mean": the known name nearest one that matched nothing, when it is near enough to be a slip.
public enum Suggestion {
    /// The candidate closest to `name` (case ignored) by edit distance, when at most a third of `name`'s length
    /// (and at most 3) edits away; nil when none is, or when two are equally close.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let wanted = Array(name.lowercased())
        let limit = min(3, max(1, wanted.count / 3))
        var best: (candidate: String, distance: Int)?
        var tie = false
        for candidate in Set(candidates) {
            let distance = editDistance(wanted, Array(candidate.lowercased()), limit: limit)
            guard distance <= limit else { continue }
            if let current = best, distance == current.distance, candidate.lowercased() != current.candidate.lowercased() {
                tie = true
            } else if best == nil || distance < best!.distance {
                (best, tie) = ((candidate, distance), false)
            }
        }
        return tie ? nil : best?.candidate
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit; anything over `limit` is `limit + 1`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

extension MsxError {
    /// `code` for a name that is none of `names`: "'NAME' is not WHAT (a, b, c)", with the nearest name suggested
    /// when there is one.
    public static func notAmong(_ names: [String], _ name: String, isNot what: String, code: Code = .unknownFormat) -> MsxError {
        let nearest = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        return MsxError(code, "'\(name)' is not \(what) (\(names.joined(separator: ", ")))\(nearest)")
    }
}
