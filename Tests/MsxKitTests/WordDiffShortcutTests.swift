import MsxTestSupport
import XCTest
@testable import MsxDiff
@testable import MsxModel

/// Comparing only what lies between the ends two versions of a paragraph share gives the edits a comparison of
/// the whole paragraphs gives (the oracle), on prose of few distinct words, so that repeats and ties, where two
/// alignments are equally short, are common.
final class WordDiffShortcutTests: SeededTestCase {
    func testTheSharedEndsShortcutGivesTheWholeComparisonsEdits() {
        var random = seededGenerator(20261127)
        // Mostly plain words and single spaces, as prose is (the shortcut cuts only where a plain word follows white
        // space), with the rest of what a tokenizer meets in between: a Prepend scalar (U+0D4E) joins the space after
        // it into its character.
        let words = ["the", "sea", "sea.", "a", "Nell", "42", "very", "the", "sea", "a", "very", "rose", "don't", "“quoted”",
                     "déjà", "—", "…", "x'", "'s", "👍🏽", "(", "a\u{0D4E}", "\u{0600}"]
        let spaces = [" ", " ", " ", " ", " ", " ", " ", " ", "  ", "\n", "\t", "", "\r\n"]
        // A word with the white space after it: an edit keeps the spacing around it.
        func spaced() -> String { words.randomElement(using: &random)! + spaces.randomElement(using: &random)! }
        let rounds = scaled(3_000)
        var shortcuts = 0, trimmed = 0
        for round in 0..<rounds {
            var old = (0..<Int.random(in: 0...60, using: &random)).map { _ in spaced() }
            var new = old
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let at = Int.random(in: 0...new.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: new.insert(spaced(), at: at)
                case 1 where at < new.count: new.remove(at: at)
                default: if at < new.count { new[at] = spaced() }
                }
            }
            if Bool.random(using: &random) { swap(&old, &new) }
            let oldText = old.joined(), newText = new.joined()
            let oldUnits = Array(oldText.utf16), newUnits = Array(newText.utf16)
            let whole = WordDiff.edits(oldUnits, newUnits, within: .init(none: oldUnits, newUnits), by: .word)
            let context = "round \(round): \(oldText.debugDescription) -> \(newText.debugDescription)"
            if let ends = WordDiff.SharedEnds(oldUnits, newUnits) {
                trimmed += 1
                if let shortcut = WordDiff.edits(oldUnits, newUnits, within: ends, by: .word) {
                    XCTAssertEqual(shortcut, whole, context)
                    shortcuts += 1
                }
            }
            // The placed edits have no characters yet; the paragraphs' are cut from their places.
            let cut = WordDiff.edits(oldText, newText)
            func places(_ edits: [DocumentDiff.TextEdit]?) -> [String]? { edits?.map { "\($0.kind) \($0.old) \($0.new)" } }
            XCTAssertEqual(places(cut), places(whole), context)
            XCTAssertEqual(cut.map(\.text), cut.map { Context.slice($0.kind == .insert ? newUnits : oldUnits, ($0.kind == .insert ? $0.new : $0.old).lowerBound,
                                                                     ($0.kind == .insert ? $0.new : $0.old).upperBound) }, context)
        }
        XCTAssertGreaterThan(shortcuts, rounds / 3, "the shortcut is taken often enough to be tested")
    }
}
