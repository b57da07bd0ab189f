/// Shell-style patterns over paths: `*` matches within a folder name, `**` across folders (`**/` also none), `?`
/// one character; anything else itself.
enum Glob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        matches(Array(pattern), 0, Array(path), 0)
    }

    private static func matches(_ p: [Character], _ i: Int, _ s: [Character], _ j: Int) -> Bool {
        guard i < p.count else { return j == s.count }
        if p[i] == "*", i + 1 < p.count, p[i + 1] == "*" {
            // `**/` may match no folder at all.
            let rest = i + 2 < p.count && p[i + 2] == "/" ? i + 3 : i + 2
            return (j...s.count).contains { matches(p, rest, s, $0) }
        }
        if p[i] == "*" {
            var k = j
            while true {
                if matches(p, i + 1, s, k) { return true }
                guard k < s.count, s[k] != "/" else { return false }
                k += 1
            }
        }
        guard j < s.count, p[i] == "?" ? s[j] != "/" : p[i] == s[j] else { return false }
        return matches(p, i + 1, s, j + 1)
    }
}
