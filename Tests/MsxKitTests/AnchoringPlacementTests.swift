import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// Where re-anchoring puts formatting when its words occur more than once: the place nearest the old one, first by
/// paragraph, then by position in the paragraph.
final class AnchoringPlacementTests: XCTestCase {
    private let lamp = "The lamp went dark over the harbour and nobody came to light it again that night."
    private let other = "Gulls circled the empty quay while the tide turned slowly against the wind."

    /// Underlines `range` of paragraph `index` of `texts` and returns the sidecar that records it.
    private func sidecar(_ texts: [String], underline range: Range<Int>, in index: Int) -> Sidecar {
        var formatting = DocumentFormatting(paragraphCount: texts.count)
        formatting.paragraphs[index].set([.underline: "single"], over: range)
        formatting.paragraphs[index].attributes[.alignment] = "center"
        return formatting.sidecar(texts: texts)
    }

    /// The paragraphs (and ranges) that carry the underline after anchoring to `texts`.
    private func underlined(_ sidecar: Sidecar, _ texts: [String]) -> [Int: [Range<Int>]] {
        let formatting = Anchoring.anchor(sidecar, to: texts).formatting
        var found: [Int: [Range<Int>]] = [:]
        for (index, paragraph) in formatting.paragraphs.enumerated() {
            let ranges = paragraph.runs.filter { $0.attributes[.underline] == "single" }.map(\.range)
            if !ranges.isEmpty { found[index] = ranges }
        }
        return found
    }

    private func centred(_ sidecar: Sidecar, _ texts: [String]) -> [Int] {
        let paragraphs = Anchoring.anchor(sidecar, to: texts).formatting.paragraphs
        return paragraphs.indices.filter { paragraphs[$0].attributes[.alignment] == "center" }
    }

    /// A moved paragraph whose text now stands twice goes to the copy nearest its old place.
    func testAMovedParagraphGoesToTheNearestCopy() {
        let old = [other, other, other, lamp, other]
        let record = sidecar(old, underline: 4..<8, in: 3)
        // The paragraph now stands at 0 and at 4, and index 3 holds other text: 4 is nearer.
        let new = [lamp, other, other, other + " More.", lamp, other]
        XCTAssertEqual(underlined(record, new), [4: [4..<8]])
        XCTAssertEqual(centred(record, new), [4])
    }

    /// An edited paragraph is recognised by its first words; of two that begin alike, the nearer gets its formatting.
    func testAnEditedParagraphGoesToTheNearestSimilarOne() {
        let old = [other, other, lamp, other, other, other]
        let record = sidecar(old, underline: 4..<8, in: 2)
        let edited = lamp.replacingOccurrences(of: "that night", with: "before dawn")
        let new = [edited, other, other, edited + " Again.", other, other]
        XCTAssertEqual(centred(record, new), [3])
        XCTAssertEqual(underlined(record, new), [3: [4..<8]])
    }

    /// Run words found with intact context in two nearby paragraphs: the one nearest the old paragraph wins.
    func testRunWordsGoToTheNearestParagraph() {
        let phrase = "nobody came to light it"
        let start = (lamp as NSString).range(of: phrase).location
        let old = [other, other, other, lamp + " Then morning.", other]
        let record = sidecar(old, underline: start..<start + phrase.utf16.count, in: 3)
        let far = lamp + " Then evening.", near = lamp + " Then noon."
        let new = [other, far, near, other, other]
        XCTAssertEqual(underlined(record, new), [2: [start..<start + phrase.utf16.count]])
    }

    /// The same words twice in one paragraph, each with the whole remembered context: the occurrence nearest the old
    /// position wins.
    func testRunWordsGoToTheNearestPlaceInTheParagraph() {
        let sentence = "The keeper climbed the stair and trimmed the wick by hand. "
        let text = sentence + sentence + sentence
        let word = "trimmed the wick"
        let second = sentence.utf16.count + (sentence as NSString).range(of: word).location
        let record = sidecar([text], underline: second..<second + word.utf16.count, in: 0)
        let new = [text + "Then he slept."]
        XCTAssertEqual(underlined(record, new), [0: [second..<second + word.utf16.count]])
    }

    /// A word whose letters all stay, text typed inside it or in front of it, is still that word: it keeps its
    /// formatting ("lighthouse" made "light, the old house" keeps its link over both halves and what was typed
    /// between them; "wind" made "whirlwind" keeps its underline on "wind").
    func testAWordWithTextTypedInsideOrBeforeItKeepsItsFormatting() {
        var formatting = DocumentFormatting(paragraphCount: 1)
        formatting.paragraphs[0].set([.link: "https://example.com/light"], over: 4..<14)
        let linked = Anchoring.carry(formatting, from: ["The lighthouse keeper slept."], to: ["The light, the old house keeper slept."])
        XCTAssertEqual(linked.formatting.paragraphs[0].runs.map(\.range), [4..<24])
        XCTAssertTrue(linked.lost.isEmpty)
        var underlined = DocumentFormatting(paragraphCount: 1)
        underlined.paragraphs[0].set([.underline: "single"], over: 4..<8)
        let carried = Anchoring.carry(underlined, from: ["The wind rose."], to: ["The whirlwind rose."])
        XCTAssertEqual(carried.formatting.paragraphs[0].runs.map(\.range), [9..<13])
    }

}
