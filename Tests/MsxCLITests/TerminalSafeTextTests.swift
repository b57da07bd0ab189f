import MsxTestSupport
import XCTest
@testable import MsxCLI

/// `TerminalSafeText` passes over printable ASCII eight bytes at a time; a control character anywhere (at every
/// place within and across those eight bytes, after characters of every UTF-8 length) must still be found.
final class TerminalSafeTextTests: SeededTestCase {
    /// A text is left as it is exactly when it holds no control character, told by its scalars (an independent
    /// reading: C0 but tab and line feed, DEL, C1).
    func testATextIsEscapedExactlyWhenItHoldsAControlCharacter() {
        var random = seededGenerator()
        let printable = ["a", "lamp ", "déjà", "日本", "🙂", "\u{A0}", "\u{C2}", "é", "\t", "\n", "0123456789abcdef"]
        let controls = ["\u{1B}", "\u{0}", "\u{7}", "\r", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}"]
        var escaped = 0
        for iteration in 0..<scaled(20_000) {
            var pieces = (0..<Int.random(in: 0...12, using: &random)).map { _ in printable.randomElement(using: &random)! }
            if Bool.random(using: &random) {
                pieces.insert(controls.randomElement(using: &random)!, at: Int.random(in: 0...pieces.count, using: &random))
            }
            let text = pieces.joined()
            let holdsControl = text.unicodeScalars.contains { scalar in
                (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
            }
            let shown = TerminalSafeText.escaped(text, keepingColour: false)
            XCTAssertEqual(shown != text, holdsControl, "iteration \(iteration): \(text.debugDescription) -> \(shown.debugDescription)")
            if holdsControl { escaped += 1 }
        }
        XCTAssertGreaterThan(escaped, 0)
    }
}
