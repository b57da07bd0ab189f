import MsxTestSupport
import XCTest
@testable import MsxModel

final class PlainTextTests: SeededTestCase {
    /// The plain text of random paragraphs is what a model that looks at one scalar at a time gives: line separators
    /// become newlines, object replacement characters go, everything else (near misses of their bytes included)
    /// stays as it was, byte for byte.
    func testParagraphTextMatchesAScalarAtATime() {
        var generator = seededGenerator(20261127)
        let pieces = ["a", "word ", "\u{2028}", "\u{FFFC}", "—", "“", "…", "\u{2029}", "\u{FFFD}", "\u{FFFB}", "é", "e\u{301}",
                      "🌊", "\n", "", "\u{2027}", "\u{FFFC}\u{301}", "漢"]
        for round in 0..<scaled(500) {
            let text = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let checklist = [nil, "checked", "unchecked"].randomElement(using: &generator)!
            let paragraph = ResolvedParagraph(index: 0, kind: .paragraph, text: text,
                                              attributes: checklist.map { [.checklist: .string($0)] } ?? [:], runs: [])
            let blankLine = Bool.random(using: &generator)
            var written = "start"
            PlainText.append(paragraph, to: &written, blankLineBefore: blankLine)
            // Compared byte by byte: String equality would take canonically equivalent text for the same.
            XCTAssertEqual(Array(written.utf8), Array(("start" + model(paragraph, blankLine: blankLine)).utf8),
                           "round \(round): \(text.debugDescription)")
        }
    }

    private func model(_ p: ResolvedParagraph, blankLine: Bool) -> String {
        var out = blankLine ? "\n" : ""
        if let state = p.checklist { out += state == "checked" ? "[x] " : "[ ] " }
        for scalar in p.text.unicodeScalars where scalar != "\u{FFFC}" {
            out.unicodeScalars.append(scalar == "\u{2028}" ? "\n" : scalar)
        }
        return out + "\n"
    }
}
