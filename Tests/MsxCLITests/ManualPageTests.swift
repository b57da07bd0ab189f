import ArgumentParser
import Foundation
@testable import MsxCLI
import XCTest

/// Every manual page a writer can open has EXAMPLES, msx(1) has ENVIRONMENT, and every example
/// is a command line msx accepts. (The pages in man/ are checked against the commands by `make man-check`.)
final class ManualPageTests: XCTestCase {
    private let manuals = MsxRunner.packageRoot.appendingPathComponent("man", isDirectory: true)

    func testEveryPageHasExamplesAndTheMainPageTheEnvironment() throws {
        let hidden: Set = ["msx.diff-driver.1", "msx.merge-driver.1", "msx.textconv.1", "msx.help.1"]
        let pages = try FileManager.default.contentsOfDirectory(atPath: manuals.path).filter { $0.hasSuffix(".1") && !hidden.contains($0) }
        XCTAssertGreaterThan(pages.count, 20)
        for page in pages {
            let text = try String(contentsOf: manuals.appendingPathComponent(page), encoding: .utf8)
            XCTAssertTrue(text.contains("\n.Sh EXAMPLES\n"), "\(page) has no EXAMPLES section")
            let description = text.components(separatedBy: ".Sh DESCRIPTION")[1].components(separatedBy: "\n.Sh ")[0]
            XCTAssertFalse(description.contains("\nEXAMPLES") || description.contains("\nENVIRONMENT"), "\(page): left in DESCRIPTION")
        }
        let main = try String(contentsOf: manuals.appendingPathComponent("msx.1"), encoding: .utf8)
        for name in ["MSX_AUTHOR", "NO_COLOR", "MSX_PAGER", "GIT_CONFIG_GLOBAL"] {
            XCTAssertTrue(main.components(separatedBy: ".Sh ENVIRONMENT")[1].contains(".It Ev \(name)"), name)
        }
    }

    func testEveryExampleIsACommandMsxAccepts() throws {
        var checked = 0
        for page in try FileManager.default.contentsOfDirectory(atPath: manuals.path) where page.hasSuffix(".1") {
            let text = try String(contentsOf: manuals.appendingPathComponent(page), encoding: .utf8)
            guard let examples = text.components(separatedBy: ".Sh EXAMPLES").dropFirst().first else { continue }
            for block in examples.components(separatedBy: ".Bd -literal -offset indent\n").dropFirst() {
                let line = block.components(separatedBy: "\n.Ed")[0].replacingOccurrences(of: "\\e", with: "\\")
                // The first command of a pipeline or list; "msx --json tree | jq" checks "msx --json tree".
                let first = line.components(separatedBy: " | ")[0].components(separatedBy: " && ")[0]
                    .components(separatedBy: " || ")[0].components(separatedBy: " > ")[0]
                var words = Self.shellWords(first)
                XCTAssertEqual(words.first, "msx", line)
                // -C DIR before the subcommand is taken off by the command line itself, as git does.
                if words.count > 2 && words[1] == "-C" { words.removeSubrange(1...2) }
                XCTAssertNoThrow(try Msx.parseAsRoot(Array(words.dropFirst())), "\(page): \(line)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 50)
    }

    /// Words as a POSIX shell splits a simple command line (single and double quotes, backslash escapes).
    private static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?, inWord = false, escaped = false
        for c in line {
            if escaped { word.append(c); escaped = false; continue }
            if c == "\\" && quote != "'" { escaped = true; inWord = true; continue }
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
                continue
            }
            if c == "'" || c == "\"" { quote = c; inWord = true; continue }
            if c == " " {
                if inWord { words.append(word); word = ""; inWord = false }
                continue
            }
            word.append(c)
            inWord = true
        }
        if inWord { words.append(word) }
        return words
    }
}
