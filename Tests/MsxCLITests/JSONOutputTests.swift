import Foundation
import XCTest

/// Every command's `--json` output is one JSON object with `schemaVersion` 1, and nothing else on stdout.
final class JSONOutputTests: MsxTestCase {
    func testEveryCommandPrintsSchemaVersion() throws {
        let root = try makeProject()
        let editor = ["EDITOR": "true"]
        let commands: [(arguments: [String], in: URL)] = [
            (["templates"], scratch),
            (["init", "second", "--template", "short-story"], scratch),
            (["new", "Doc", "--from", "-"], root),
            (["new", "--outline", "-"], root),
            (["new", "Folder", "--folder"], root),
            (["tree"], root), (["ls"], root),
            (["mv", "Doc", "--into", "Folder"], root),
            (["rename", "Doc", "Document"], root),
            (["meta", "Document"], root),
            (["meta", "Document", "--status", "Final"], root),
            (["format", "Document", "--match", "words", "--bold"], root),
            (["format", "Document", "--match", "text", "--underline"], root),
            (["show", "Document"], root),
            (["edit", "Document"], root),
            (["trash", "Document"], root),
            (["untrash", "Document"], root),
            (["trash", "Document", "--dry-run"], root),
            (["trash", "--empty", "--yes"], root),
            (["check"], root),
            (["check", "--repair"], root),
        ]
        let stdin = ["new": "Some words and text.\n"]
        for (arguments, directory) in commands {
            let input = arguments.contains("--outline") ? "# Outline Part\n\n- Outline Doc\n" : stdin[arguments[0]]
            let result = try MsxRunner.run(arguments + ["--json"], in: directory, stdin: input.map { Data($0.utf8) },
                                           environment: editor)
            assertExit(result, 0)
            let json = result.json()
            XCTAssertEqual(json["schemaVersion"] as? Int, 1, "\(arguments): \(result.stdout)")
            XCTAssertNil(json["error"], "\(arguments)")
        }
    }

    func testErrorsWithJSONGoToStdoutOnly() throws {
        let root = try makeProject()
        let result = try msx("show", "Nope", "--json", in: root)
        let message = assertJSONError(result, 1)
        XCTAssertTrue(message.contains("Nope"), message)
        XCTAssertEqual(result.stderr, "", "with --json the error is not repeated on stderr")
        let text = try msx("show", "Nope", in: root)
        XCTAssertEqual(text.stdout, "", "without --json the error goes to stderr")
        XCTAssertTrue(text.stderr.hasPrefix("msx: "), text.stderr)
    }
}
