extension BinderIndex {
    /// The nodes whose place among their siblings changed since `old`, each with the sibling it now comes before (nil
    /// when it is now last). Only siblings under the same folder in both count; of those, the nodes outside a longest
    /// common subsequence of the two orders are the ones that moved, the fewest moves that explain the new order.
    public func reordered(since old: BinderIndex) -> [String: BinderNode?] {
        var result: [String: BinderNode?] = [:]
        let before = old.childrenByParent
        for (parent, children) in childrenByParent {
            let oldChildren = before[parent] ?? []
            // Nearly always so: then no id need be hashed.
            if children == oldChildren { continue }
            let common = Set(children).intersection(oldChildren)
            let now = children.filter(common.contains), then = oldChildren.filter(common.contains)
            guard now != then else { continue }
            let stayed = Self.longestCommonSubsequence(now, then)
            for (index, id) in now.enumerated() where !stayed.contains(id) {
                result[id] = index + 1 < now.count ? node(id: now[index + 1]) : nil
            }
        }
        return result
    }

    /// Each folder's children in order, by folder id (nil: the top level).
    private var childrenByParent: [String?: [String]] {
        var result: [String?: [String]] = [:]
        for index in entries.indices { result[entries[index].parentID, default: []].append(entries[index].node.id) }
        return result
    }

    /// The elements of one longest common subsequence of `a` and `b` (sibling lists are short: quadratic is fine).
    private static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Set<String> {
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result = Set<String>()
        var (i, j) = (0, 0)
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                result.insert(a[i])
                (i, j) = (i + 1, j + 1)
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
