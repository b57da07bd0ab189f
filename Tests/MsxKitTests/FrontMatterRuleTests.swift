import MsxTestSupport
import XCTest
@testable import MsxModel

/// Where a document's front matter ends. The oracle is the rule written over text lines: the first line, its line
/// ends taken off, is `---`, and the block runs to the first later line that is `---` or `...`.
final class FrontMatterRuleTests: SeededTestCase {
    private let lines = ["---", "...", "--", "----", "- --", "--- ", " ---", "..", "title: x", "", "é---", "---é"]
    private let ends = ["\n", "\r\n", "\r\r\n", ""]

    private func modelLength(_ text: String) -> Int {
        var lines: [Substring] = []
        var rest = Substring(text)
        while let newline = rest.utf8.firstIndex(of: 0x0A) {
            lines.append(rest[...newline])
            rest = rest[rest.utf8.index(after: newline)...]
        }
        if !rest.isEmpty { lines.append(rest) }
        func bare(_ line: Substring) -> String { String(line).trimmingSuffix { $0 == "\n" || $0 == "\r" || $0 == "\r\n" } }
        guard lines.count > 1, bare(lines[0]) == "---" else { return 0 }
        for i in 1..<lines.count where bare(lines[i]) == "---" || bare(lines[i]) == "..." {
            return lines[...i].reduce(0) { $0 + $1.utf8.count }
        }
        return 0
    }

    func testFrontMatterEndsWhereTheLineRuleSays() {
        var random = seededGenerator(20261130)
        var found = 0
        for _ in 0..<scaled(3_000) {
            var text = Bool.random(using: &random) ? "---" + ends.randomElement(using: &random)! : ""
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                text += lines.randomElement(using: &random)! + ends.randomElement(using: &random)!
            }
            let expected = modelLength(text)
            if expected > 0 { found += 1 }
            XCTAssertEqual(MarkdownDocument(text).frontMatterLength, expected, text.debugDescription)
        }
        XCTAssertGreaterThan(found, scaled(3_000) / 10, "front matter was found often enough to test its end")
    }
}

private extension String {
    func trimmingSuffix(while drop: (Character) -> Bool) -> String {
        var result = self
        while let last = result.last, drop(last) { result.removeLast() }
        return result
    }
}
