import ArgumentParser
import Foundation
import XCTest
@testable import MsxCLI

/// The plain forms `QuickArguments` reads without ArgumentParser give the very command ArgumentParser gives (every
/// option set to the same value: a property left unset or set to another default would print differently), and
/// every other form is left to ArgumentParser.
final class QuickArgumentsTests: XCTestCase {
    func testPlainFormsGiveTheCommandArgumentParserGives() throws {
        let forms: [[String]] = [
            ["status"], ["status", "--json"], ["status", "--no-pager", "--no-color"],
            ["tree"], ["ls", "--json"], ["tree", "--no-color", "--json"],
            ["show", "Storm"], ["show", "--json", "Chapter 7.3@~50"], ["show", "help"], ["show", "a@{2026-11-01}", "--no-pager"],
            ["log"], ["log", "Storm"], ["log", "--json", "The Storm"],
            ["diff"], ["diff", "--json"], ["diff", "A", "B@~2", "--no-color"],
            ["diff", "--files", "A.md", "B.md", "--json"], ["diff", "--json", "--files", "A.md", "B.md"],
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
            ["show", "a", "--as", "json"], ["show", "a", "--notes"], ["log", "a", "b"], ["log", "-n", "5"], ["log", "--limit=5"],
            ["diff", "--stat"], ["diff", "--files", "A.md"], ["diff", "--files", "A.md", "B.md", "C.md"],
            ["diff", "X", "--files", "A.md", "B.md"], ["diff", "--", "A"], ["show", "-"], ["status", "--json=true"],
            ["snapshot"], ["help", "status"], ["status", "-C", "x"], ["diff", "--files", "A", "--files", "B"],
        ]
        for form in forms { XCTAssertNil(QuickArguments.command(form), "\(form)") }
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
