import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// What `msx search` matches: words as typed or a regular expression, in the text a reader sees; and the quick test
/// on a file's bytes that lets a version whose file cannot hold the words go unread.
final class TextPatternTests: SeededTestCase {
    func testMatchesAndTheQuickTestOnBytes() throws {
        let pattern = try TextPattern("lamp room")
        XCTAssertEqual(pattern.matches(in: "The lamp room, the lamp room."), [4..<13, 19..<28])
        XCTAssertTrue(pattern.mayOccur(in: Data("The *lamp* room is high.".utf8)))
        XCTAssertFalse(pattern.mayOccur(in: Data("The lamp is high.".utf8)))
        XCTAssertTrue(pattern.mayOccur(in: Data("The l&#97;mp room.".utf8)), "a file with character references is always read")
        // Markup inside a word (msx's own importer writes a part-bold word so) does not hide it.
        XCTAssertTrue(try TextPattern("fantastic").mayOccur(in: Data("A fan**tas**tic day, l`am`p.".utf8)))
        XCTAssertTrue(try TextPattern("fantastic").mayOccur(in: Data("A fan[tas](x)tic day.".utf8)))
        XCTAssertFalse(try TextPattern("fantastic").mayOccur(in: Data("A fan**tas** day.".utf8)))
        // A reference link's text joins the words around it too.
        let referenced = "A fan[tas][r]tic day.\n\n[r]: https://example.com\n"
        XCTAssertEqual(MarkdownDocument(referenced, sourceMap: false).blocks.first?.text, "A fantastic day.")
        XCTAssertTrue(try TextPattern("fantastic").mayOccur(in: Data(referenced.utf8)))
        XCTAssertEqual(pattern.count(in: ["The lamp room.", "No lamp room here? lamp room!"]), 3)
        XCTAssertTrue(try TextPattern("LAMP", ignoringCase: true).mayOccur(in: Data("lamp".utf8)))
        XCTAssertEqual(try TextPattern("l[a]mp", regex: true).count(in: ["lamp lamp"]), 2)
        XCTAssertThrowsError(try TextPattern(""))
        XCTAssertThrowsError(try TextPattern("(", regex: true))
    }

    /// The quick test and the literal count and places against models written apart from them: the markup taken
    /// out and the words looked for in what is left, and NSRegularExpression counting and placing the escaped
    /// pattern; and where the quick test says no, the text cmark reads holds no match.
    func testTheQuickTestAndTheLiteralCountAgreeWithModels() throws {
        var random = seededGenerator()
        let pieces = ["a", "b", "é", "à", "e\u{301}", "ab", "*", "_", "`", "~", "\\", " ", "&", "<", "](", "]:", "[", "]", ":", "\n", "日", "🙂"]
        func text(_ length: Int) -> String { (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined() }
        for _ in 0..<3_000 {
            let typed = text(Int.random(in: 1...3, using: &random))
            guard let pattern = try? TextPattern(typed) else { continue }
            let markdown = text(Int.random(in: 0...24, using: &random))
            let stripped = Array(markdown.utf8).filter { !Array("*_`~\\".utf8).contains($0) }
            let words = typed.split { !$0.isLetter && !$0.isNumber }.map { Array($0.utf8) }
            let model = words.isEmpty || markdown.contains("&") || markdown.contains("<") || Array(markdown.utf8).containsRun("](".utf8)
                || Array(markdown.utf8).containsRun("]:".utf8)
                || words.allSatisfy { stripped.containsRun($0) }
            XCTAssertEqual(pattern.mayOccur(in: Data(markdown.utf8)), model, "\(typed) in \(markdown.debugDescription)")
            // The quick test never hides a match a reader would see (cmark reads the file).
            if !model {
                let found = pattern.count(in: MarkdownDocument(markdown, sourceMap: false).blocks.map(\.text))
                XCTAssertEqual(found, 0, "\(typed) in \(markdown.debugDescription)")
            }
            let expression = try NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: typed))
            let expected = expression.numberOfMatches(in: markdown, range: NSRange(location: 0, length: markdown.utf16.count))
            XCTAssertEqual(pattern.count(in: [markdown]), expected, "\(typed) in \(markdown.debugDescription)")
            // The literal's places, found by bytes and told in UTF-16, are the expression's.
            let places = expression.matches(in: markdown, range: NSRange(location: 0, length: markdown.utf16.count))
                .map { $0.range.location..<($0.range.location + $0.range.length) }
            XCTAssertEqual(pattern.matches(in: markdown), places, "\(typed) in \(markdown.debugDescription)")
        }
    }
}

private extension Array where Element == UInt8 {
    func containsRun<S: Sequence>(_ run: S) -> Bool where S.Element == UInt8 {
        let run = Array(run)
        return run.isEmpty || (0...Swift.max(0, count - run.count)).contains { count >= run.count && Array(self[$0..<($0 + run.count)]) == run }
    }
}
