import ArgumentParser
import Foundation
import MsxTestSupport
import XCTest
@testable import MsxCLI

/// The plain forms `QuickArguments` reads without ArgumentParser give the very command ArgumentParser gives (every
/// option set to the same value: a property left unset or set to another default would print differently), and
/// every other form is left to ArgumentParser.
final class QuickArgumentsTests: SeededTestCase {
    func testPlainFormsGiveTheCommandArgumentParserGives() throws {
        let forms: [[String]] = [
            ["status"], ["status", "--json"], ["status", "--no-pager", "--no-color"],
            ["tree"], ["ls", "--json"], ["tree", "--no-color", "--json"],
            ["show", "Storm"], ["show", "--json", "Chapter 7.3@~50"], ["show", "help"], ["show", "a@{2026-11-01}", "--no-pager"],
            ["log"], ["log", "Storm"], ["log", "--json", "The Storm"],
            ["diff"], ["diff", "--json"], ["diff", "A", "B@~2", "--no-color"],
            ["diff", "--files", "A.md", "B.md", "--json"], ["diff", "--json", "--files", "A.md", "B.md"],
            ["show", ""], ["log", ""], ["diff", "", ""], ["diff", "--files", "", "B"], ["show", "-\u{301}x"], ["show", "—json"],
            ["show", "a=b"], ["show", "ls"], ["log", "help"], ["diff", "status", "tree"], ["diff", "HEAD~2..HEAD"],
            ["diff", "--no-color", "--files", "A", "B", "--no-pager"], ["log", "--no-pager", "--no-color", "--json", "É"],
            ["show", "Chapter 7.3@~50", "--as", "markdown"], ["show", "--as", "json", "A", "--at", "HEAD~2"], ["show", "A", "--at", ""],
            ["log", "A", "-n", "5"], ["log", "--limit", "+3", "--since", "2026-11-01", "--until", "yesterday"], ["log", "-n", "1", "A"],
            ["snapshot"], ["snapshot", "-m", "Storm drafted", "--tag", "first draft"], ["snapshot", "A", "B", "--author", "W <w@x.y>", "--json"],
            ["snapshot", "--message", "x", "A"],
        ]
        for form in forms {
            let quick = try XCTUnwrap(QuickArguments.command(form), "\(form) is not read quickly")
            let parsed = try Msx.parseAsRoot(form)
            XCTAssertEqual(String(reflecting: quick), String(reflecting: parsed), "\(form)")
        }
    }

    func testEveryOtherFormIsLeftToArgumentParser() {
        let forms: [[String]] = [
            [], ["--help"], ["status", "-h"], ["status", "extra"], ["tree", "--json", "--json"], ["show"], ["show", "a", "b"],
            ["show", "a", "--notes"], ["log", "a", "b"], ["log", "--limit=5"],
            ["diff", "--stat"], ["diff", "--files", "A.md"], ["diff", "--files", "A.md", "B.md", "C.md"],
            ["diff", "X", "--files", "A.md", "B.md"], ["diff", "--", "A"], ["show", "-"], ["status", "--json=true"],
            ["help", "status"], ["status", "-C", "x"], ["diff", "--files", "A", "--files", "B"],
            ["diff", "--files"], ["diff", "--files", "--json"], ["diff", "--json", "--files"], ["diff", "A", "--files"],
            ["diff", "--files", "--no-color", "A", "B"], ["status", "--version"], ["show", "a", "--experimental-dump-help"],
            ["status", "--generate-completion-script", "bash"], ["show", "-5"], ["log", "-n5"], ["status", "-json"],
            ["tree", "---json"], ["show", "--", "--json"], ["diff", "--files=A", "B"], ["help"],
            ["show", "A", "--as", "bogus"], ["show", "A", "--as"], ["show", "A", "--as", "--json"], ["show", "A", "--as=json"],
            ["show", "A", "--as", "json", "--as", "text"], ["log", "-n", "0"], ["log", "-n", "x"], ["log", "-n", "-5"],
            ["log", "-n", "1", "--limit", "2"], ["log", "--since"], ["show", "A", "--notes"], ["snapshot", "-m"],
            ["snapshot", "-m", "x", "--message", "y"], ["snapshot", "-m", "-x"], ["snapshot", "--dry-run"], ["snapshot", "-mx"],
        ]
        for form in forms { XCTAssertNil(QuickArguments.command(form), "\(form)") }
    }

    /// Argument lists made of commands, values and options that look alike (every list of up to three words, and
    /// random longer ones): each one read quickly is read the same by ArgumentParser.
    func testArgumentListsReadQuicklyAreReadAlikeByArgumentParser() throws {
        let words = ["status", "ls", "show", "log", "diff", "A", "", "-", "--", "--json", "--no-color", "--no-pager", "--files",
                     "help", "-h", "--version", "é", "-\u{301}x", "-n", "5", "--as", "json"]
        let more = ["--at", "--limit", "--since", "--until", "markdown", "bogus", "0", "-5", "--as=json", "HEAD~1", "--notes", "-m",
                    "--message", "--tag", "--author", "snapshot"]
        var lists: [[String]] = [[]]
        var all: [[String]] = []
        for _ in 0..<3 {
            lists = lists.flatMap { list in words.map { list + [$0] } }
            all += lists
        }
        var generator = seededGenerator(20261127)
        for _ in 0..<scaled(5000) {
            let first = ["status", "ls", "show", "log", "diff", "snapshot"].randomElement(using: &generator)!
            all.append([first] + (0..<Int.random(in: 3...7, using: &generator)).map { _ in (words + more).randomElement(using: &generator)! })
        }
        var quick = 0
        for list in all {
            guard let command = QuickArguments.command(list) else { continue }
            quick += 1
            let parsed = try? Msx.parseAsRoot(list)
            XCTAssertEqual(parsed.map { String(reflecting: $0) }, String(reflecting: command), "\(list)")
        }
        XCTAssertGreaterThan(quick, 300)
    }

    func testVersionIsWhatArgumentParserPrints() throws {
        let (output, errors) = (CapturedText(), CapturedText())
        let invocation = Invocation(workingDirectory: FileManager.default.temporaryDirectory, environment: [:], readInput: { Data() },
                                    standardOutput: output, standardError: errors)
        XCTAssertEqual(MsxCommandLine.run(["--version"], in: invocation), 0)
        XCTAssertThrowsError(try Msx.parseAsRoot(["--version"])) { error in
            XCTAssertEqual(output.text, Msx.fullMessage(for: error) + "\n")
        }
        XCTAssertEqual(errors.text, "")
    }
}
