import MsxTestSupport
import XCTest
@testable import MsxModel

/// Formatted ranges mapped through changes, by name and against an oracle that applies the same replacements to a
/// string whose characters know whether they are formatted.
final class ChangeMapTests: SeededTestCase {
    private typealias R = ChangeMap.Replacement

    /// `text` with `old` replaced by `new` (first occurrence), as the smallest replacement (what the two share at
    /// either end stays, as a diff would keep it) and the new text.
    private func edit(_ text: String, _ old: String, _ new: String) -> (ChangeMap, String) {
        let units = Array(text.utf16), oldUnits = Array(old.utf16), newUnits = Array(new.utf16)
        let start = (text as NSString).range(of: old).location
        let result = String(decoding: units[..<start] + newUnits + units[(start + oldUnits.count)...], as: UTF16.self)
        var prefix = 0
        while prefix < min(oldUnits.count, newUnits.count), oldUnits[prefix] == newUnits[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(oldUnits.count, newUnits.count) - prefix,
            oldUnits[oldUnits.count - 1 - suffix] == newUnits[newUnits.count - 1 - suffix] { suffix += 1 }
        let replacement = R(start: start + prefix, oldLength: oldUnits.count - prefix - suffix, newLength: newUnits.count - prefix - suffix)
        return (ChangeMap([replacement]), result)
    }

    /// The words `phrase` of `text` cover, mapped through the edit and read back from the new text.
    private func follow(_ phrase: String, in text: String, _ old: String, _ new: String,
                        edges: ChangeMap.Edges = .expandsAtEnd) -> String? {
        let (map, result) = edit(text, old, new)
        let start = (text as NSString).range(of: phrase).location
        guard let range = map.map(start..<start + phrase.utf16.count, edges: edges) else { return nil }
        return (result as NSString).substring(with: NSRange(location: range.lowerBound, length: range.count))
    }

    private let storm = "The storm came in at dusk and the lamp went dark."

    func testAWordInsertedInsideTakesTheFormatting() {
        XCTAssertEqual(follow("came in at dusk", in: storm, "in at", "in slowly at"), "came in slowly at dusk")
        XCTAssertEqual(follow("came in at dusk", in: storm, "in at", "in slowly at", edges: .fixed), "came in slowly at dusk")
    }

    func testDeletionsShrinkAndATotalDeletionDrops() {
        XCTAssertEqual(follow("came in at dusk", in: storm, "in at ", ""), "came dusk")
        XCTAssertEqual(follow("came in at dusk", in: storm, " came in at dusk", ""), nil)
        XCTAssertEqual(follow("came in at dusk", in: storm, "came in at dusk", "arrived"), nil)
    }

    func testTextTypedAtTheEndContinuesExpandingFormattingButNotALink() {
        XCTAssertEqual(follow("at dusk", in: storm, "dusk and", "dusk, slowly, and"), "at dusk, slowly,")
        XCTAssertEqual(follow("at dusk", in: storm, "dusk and", "dusk, slowly, and", edges: .fixed), "at dusk")
        let (map, result) = edit(storm, "dusk", "dusk!")
        let start = (storm as NSString).range(of: "at dusk").location
        let expanded = map.map(start..<start + 7, edges: .expandsAtEnd)!
        XCTAssertEqual((result as NSString).substring(with: NSRange(location: expanded.lowerBound, length: expanded.count)), "at dusk!")
        let fixed = map.map(start..<start + 7, edges: .fixed)!
        XCTAssertEqual((result as NSString).substring(with: NSRange(location: fixed.lowerBound, length: fixed.count)), "at dusk")
    }

    func testTextTypedBeforeNeverJoins() {
        XCTAssertEqual(follow("storm", in: storm, "The ", "The great "), "storm")
    }

    func testReplacingTheLastWordsKeepsExpandingFormattingOnTheNewWords() {
        XCTAssertEqual(follow("came in at dusk", in: storm, "dusk", "nightfall"), "came in at nightfall")
        XCTAssertEqual(follow("came in at dusk", in: storm, "dusk", "nightfall", edges: .fixed), "came in at ")
    }

    func testReplacingTheFirstWordsKeepsExpandingFormattingOnTheNewWordsAsAtTheEnd() {
        XCTAssertEqual(follow("came in at dusk", in: storm, "came", "arrived"), "arrived in at dusk")
        XCTAssertEqual(follow("came in at dusk", in: storm, "came", "arrived", edges: .fixed), " in at dusk")
        XCTAssertEqual(follow("came in at dusk", in: storm, "storm came", "storm arrived"), "arrived in at dusk")
    }

    /// Random replacement lists on random formatted ranges: the mapped range is exactly the formatted characters of
    /// an oracle that applies the replacements character by character.
    func testMappingAgreesWithTheCharacterOracle() {
        var random = seededGenerator(77)
        for iteration in 0..<scaled(3_000) {
            let length = Int.random(in: 1...40, using: &random)
            let lower = Int.random(in: 0..<length, using: &random)
            let range = lower..<Int.random(in: lower + 1...length, using: &random)
            var replacements: [R] = []
            var at = 0
            while at <= length, replacements.count < 4 {
                at += Int.random(in: 0...8, using: &random)
                guard at <= length else { break }
                let old = Int.random(in: 0...min(4, length - at), using: &random)
                let new = Int.random(in: 0...3, using: &random)
                if old + new > 0 { replacements.append(R(start: at, oldLength: old, newLength: new)) }
                at += old + 1
            }
            let map = ChangeMap(replacements)
            for edges in [ChangeMap.Edges.expandsAtEnd, .fixed] {
                let expected = oracle(length: length, range: range, map: map, edges: edges)
                XCTAssertEqual(map.map(range, edges: edges), expected,
                               "iteration \(iteration): \(range) through \(map.replacements), \(edges)")
            }
        }
    }

    /// The new text as characters that know whether they are formatted, built one replacement at a time.
    private func oracle(length: Int, range: Range<Int>, map: ChangeMap, edges: ChangeMap.Edges) -> Range<Int>? {
        enum Character { case kept(Int), inserted(ChangeMap.Replacement) }
        var characters: [Character] = []
        var position = 0
        for r in map.replacements {
            characters += (position..<r.start).map(Character.kept)
            characters += Array(repeating: .inserted(r), count: r.newLength)
            position = r.oldEnd
        }
        characters += (position..<length).map(Character.kept)
        let keptInRange = characters.indices.filter { if case .kept(let i) = characters[$0] { return range.contains(i) }; return false }
        guard var first = keptInRange.first, var last = keptInRange.last else { return nil }
        // Text replacing the range's first characters, and nothing before or beyond it, joins it at its start.
        if edges == .expandsAtEnd, first > 0, case .inserted(let r) = characters[first - 1], r.start == range.lowerBound,
            r.oldLength > 0, r.oldEnd <= range.upperBound
        {
            while first > 0, case .inserted(let previous) = characters[first - 1], previous == r { first -= 1 }
        }
        // Text typed right after the last kept character, replacing nothing beyond the range, continues it.
        if edges == .expandsAtEnd, case .kept(let i) = characters[last], last + 1 < characters.count,
            case .inserted(let r) = characters[last + 1], r.start == i + 1, r.oldEnd <= range.upperBound
        {
            while last + 1 < characters.count, case .inserted(let next) = characters[last + 1], next == r { last += 1 }
        }
        return first..<last + 1
    }
}
