import Foundation
import XCTest

/// Titles (and anything else from the project) holding control characters are shown escaped in
/// human output, so a crafted title cannot move the cursor, retitle the terminal or overwrite a line; JSON keeps
/// the exact title.
final class TerminalSafetyTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private let evil = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J title\rX\u{9B}31m"

    func testControlCharactersInTitlesAreEscapedInHumanOutput() throws {
        let root = try makeProject()
        let (id, _) = try addDocument(evil, "Text.\n", to: root)
        for command in [["tree"], ["status"], ["meta", id], ["snapshot", "-m", "one"], ["log", id]] {
            let result = try runMsx(command, in: root, stdin: nil, env: [:])
            assertExit(result, 0)
            let output = result.stdout + result.stderr
            XCTAssertFalse(output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\r" || $0 == "\u{9B}" },
                           "\(command) printed a raw control character: \(output.debugDescription)")
            if command == ["tree"] {
                XCTAssertTrue(output.contains(#"Evil\e]0;pwned\x07\e[2J title\rX\u009b31m"#), output.debugDescription)
            }
        }
        let missing = try expect(1, "show", "no such\u{1B}[2J", in: root)
        XCTAssertTrue(missing.stderr.contains(#"no such\e[2J"#), missing.stderr.debugDescription)
        XCTAssertTrue(try treeNodes(root).contains { $0.title == evil })
    }

    /// Each kind of control character alone is caught (a C0 control, DEL, a C1 control at either end of its
    /// range), in a search's matching paragraph after accented text, while the characters beside them (a
    /// no-break space, U+00BF, an accent) are printed as they are.
    func testEachControlCharacterAloneIsEscapedInASearchMatch() throws {
        let root = try makeProject()
        let shown = ["\u{1B}": #"\e"#, "\u{1F}": #"\x1f"#, "\u{07}": #"\x07"#, "\u{7F}": #"\x7f"#, "\u{80}": #"\u0080"#, "\u{9F}": #"\u009f"#]
        for (index, (control, escaped)) in shown.sorted(by: { $0.key < $1.key }).enumerated() {
            try addDocument("Scene \(index)", "Déjà\u{A0}vu ¿ \(control) water \(index).\n", to: root)
            let found = try expect(0, "search", "water \(index)", in: root).stdout
            XCTAssertTrue(found.hasSuffix(": Déjà\u{A0}vu ¿ \(escaped) water \(index).\n"), found.debugDescription)
            XCTAssertFalse(found.unicodeScalars.contains { $0 == control.unicodeScalars.first! }, found.debugDescription)
        }
        let plain = try expect(0, "search", "vu", in: root).stdout
        XCTAssertEqual(plain.split(separator: "\n").count, shown.count, plain)
    }

    /// A document's own escape sequences: shown escaped by `show` on a terminal (exact bytes when piped), and left
    /// out of a compiled page's title and text.
    func testADocumentsEscapeSequencesNeverReachTheTerminalOrAPage() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        let (id, _) = try addDocument(evil, "Calm \u{1B}]0;pwned\u{07}water.\n", to: root)
        let shown = try runOnTerminal(["show", id, "--as", "text"], in: root, environment: ["NO_COLOR": "1"])
        XCTAssertFalse(shown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, shown.debugDescription)
        XCTAssertTrue(shown.contains(#"Calm \e]0;pwned\x07water."#), shown.debugDescription)
        XCTAssertTrue(try expect(0, "show", id, "--as", "text", in: root).stdout.contains("Calm \u{1B}]0;pwned\u{07}water."))
        let page = scratch.appendingPathComponent("book.html")
        try expect(0, "compile", "--format", "html", "--out", page.path, in: root)
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertFalse(html.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }, html)
    }
}
