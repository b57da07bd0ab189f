import MsxTestSupport
import XCTest
@testable import MsxModel

/// HTML escaping against a model written apart from it, character by character: the markup characters as
/// entities, control characters left out, and the line separator as the line break asked for.
final class HTMLEscapeTests: SeededTestCase {
    private func model(_ text: String, lineBreak: String?) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\u{2028}" where lineBreak != nil: out += lineBreak!
            case _ where (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || (0x7F...0x9F).contains(scalar.value): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    func testEscapingAgreesWithAModel() {
        var random = seededGenerator()
        let pieces = ["a", "é", "&", "<", ">", "\"", "'", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "\u{2028}", "\u{2029}",
                      "\t", "\n", "\r\n", "—", "日", "🙂", "e\u{301}", "\u{C2}"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for lineBreak in [nil, "<br>", "<br/>"] {
                XCTAssertEqual(HTMLPage.escapeBreakingLines(text, with: lineBreak), model(text, lineBreak: lineBreak), text.debugDescription)
            }
        }
    }
}
