import Foundation
import MsxModel

/// A revision as it is typed: git's `REV` syntax plus the two forms writers use most.
///
/// A base names a version: `HEAD` (or `@`), a full or short version id, a milestone (any case, spaces allowed), a
/// git ref, `~N` (a document's Nth snapshot before its last) or `{DATE}`. Steps then walk from it, left to right, as
/// in git: `~N` goes N first parents back, `^N` takes the Nth parent (`^` is `^1`), and `@{DATE}` takes the newest
/// version reachable from it made on or before the end of that day.
struct RevisionExpression: Equatable {
    enum Base: Equatable {
        case head
        /// `~N` alone: the document's (or, without one, the project's) Nth version before its last.
        case counted(Int)
        /// A milestone, an id, or a git ref: resolved against the repository.
        case name(String)
    }

    enum Step: Equatable {
        case ancestor(Int)
        case parent(Int)
        case onOrBefore(DayExpression)
    }

    let base: Base
    let steps: [Step]

    /// Parses `text`: steps are read from its end; what remains is the base.
    init(_ text: String) {
        let trimmed = text.trimmingHorizontalSpace()
        var rest = Substring(trimmed)
        var steps: [Step] = []
        while let (step, remainder) = Self.lastStep(of: rest) {
            steps.insert(step, at: 0)
            rest = remainder
        }
        if rest.isEmpty, trimmed.hasPrefix("~"), case .ancestor(let n)? = steps.first {
            base = .counted(n)
            steps.removeFirst()
        } else if rest.isEmpty || rest == "@" || rest == "HEAD" {
            base = .head
        } else {
            base = .name(String(rest))
        }
        self.steps = steps
    }

    /// The last `~N`, `^N` or `@{…}` of `text` and what comes before it; `{DATE}` alone is `@{DATE}` on HEAD.
    private static func lastStep(of text: Substring) -> (Step, Substring)? {
        if text.hasSuffix("}"), let open = text.lastIndex(of: "{") {
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard let day = DayExpression(String(inside)) else { return nil }
            let before = text[..<open]
            if before.hasSuffix("@") { return (.onOrBefore(day), before.dropLast()) }
            return before.isEmpty ? (.onOrBefore(day), before) : nil
        }
        var digitsStart = text.endIndex
        while digitsStart > text.startIndex, text[text.index(before: digitsStart)].isASCII,
              text[text.index(before: digitsStart)].isNumber {
            digitsStart = text.index(before: digitsStart)
        }
        guard digitsStart > text.startIndex else { return nil }
        let marker = text[text.index(before: digitsStart)]
        guard marker == "~" || marker == "^" else { return nil }
        let digits = text[digitsStart...]
        guard digits.count <= 9 else { return nil }
        let n = digits.isEmpty ? 1 : Int(digits)!
        let before = text[..<text.index(before: digitsStart)]
        return (marker == "~" ? .ancestor(n) : .parent(n), before)
    }
}

/// A day as revisions name one: `2026-11-01`, `today`, `yesterday` or `N days|weeks ago` (local time).
struct DayExpression: Equatable {
    /// The first second after the day ends.
    let end: Int64
    let text: String

    init?(_ text: String, now: Date = Date(), calendar: Calendar = .current) {
        let spoken = text.trimmingHorizontalSpace().lowercased()
        let startOfToday = calendar.startOfDay(for: now)
        let start: Date?
        switch spoken {
        case "today", "now": start = startOfToday
        case "yesterday": start = calendar.date(byAdding: .day, value: -1, to: startOfToday)
        default:
            let words = spoken.split(separator: " ")
            if words.count == 3, words[2] == "ago", let n = Int(words[0]), (0...100_000).contains(n),
               let unit = ["day": 1, "days": 1, "week": 7, "weeks": 7][String(words[1])] {
                start = calendar.date(byAdding: .day, value: -n * unit, to: startOfToday)
            } else {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = calendar.timeZone
                formatter.dateFormat = "yyyy-MM-dd"
                formatter.isLenient = false
                start = spoken.count == 10 ? formatter.date(from: spoken) : nil
            }
        }
        guard let start, let next = calendar.date(byAdding: .day, value: 1, to: start) else { return nil }
        self.end = Int64(next.timeIntervalSince1970)
        self.text = text
    }
}
