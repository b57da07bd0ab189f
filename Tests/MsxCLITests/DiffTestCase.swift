import Foundation
import XCTest

/// Base class for the `msx diff` tests: the history fixture (`Book`, see HistoryHelpers.swift) plus readers for
/// diff's human report and its JSON.
///
/// Human reports look like this (two-space indentation inside a document, a blank line after it):
///
///     Lamp  contents/draft/lamp.md  +1 / -1 words
///       ¶1: The [-old-]{+brass+} lamp burned all night.
///       formatting: bold added: 'all night' (paragraph 1)
class DiffTestCase: HistoryTestCase {
    // MARK: Running diff

    /// Runs `msx diff arguments` in `root`, asserts exit 0 and returns standard output.
    @discardableResult
    func diff(_ arguments: String..., in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try diffOutput(arguments, in: root, file: file, line: line)
    }

    /// `diff` with the arguments as an array.
    func diffOutput(_ arguments: [String], in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try runMsx(["diff"] + arguments, in: root)
        assertExit(result, Self.status(of: arguments, reporting: !result.stdout.hasPrefix("No differences")), file: file, line: line)
        return result.stdout
    }

    /// The exit status `msx diff` with `arguments` has: 0, or with --files (as diff(1)) 1 when the files differ.
    static func status(of arguments: [String], reporting differences: Bool) -> Int32 {
        arguments.contains("--files") && differences ? 1 : 0
    }

    /// The non-empty lines of the human report, without their leading indentation.
    func diffLines(_ arguments: String..., in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try diffOutput(arguments, in: root, file: file, line: line).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The `documents` of `msx diff --json arguments` (asserting exit 0 and `schemaVersion` 1).
    func diffDocuments(_ arguments: String..., in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try diffDocuments(arguments, in: root, file: file, line: line)
    }

    /// `diffDocuments` with the arguments as an array.
    func diffDocuments(_ arguments: [String], in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let json = try diffJSON(arguments, in: root, file: file, line: line)
        return json["documents"] as? [[String: Any]] ?? []
    }

    /// The whole object printed by `msx diff --json arguments`.
    func diffJSON(_ arguments: [String], in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let result = try runMsx(["diff", "--json"] + arguments, in: root)
        let json = result.json(file: file, line: line)
        let differences = !(json["documents"] as? [Any] ?? []).isEmpty
        assertExit(result, Self.status(of: arguments, reporting: differences), file: file, line: line)
        XCTAssertEqual(json["schemaVersion"] as? Int, 1, "schemaVersion", file: file, line: line)
        return json
    }

    /// The `error.code` of a `--json` error report.
    func errorCode(_ result: MsxResult) -> String? {
        (result.json()["error"] as? [String: Any])?["code"] as? String
    }

    /// The one JSON document entry titled `title` (fails when there is not exactly one).
    func diffDocument(titled title: String, _ arguments: String..., in root: URL,
                      file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let matches = try diffDocuments(arguments, in: root, file: file, line: line).filter { $0["title"] as? String == title }
        XCTAssertEqual(matches.count, 1, "diff --json entries titled '\(title)'", file: file, line: line)
        return try XCTUnwrap(matches.first, file: file, line: line)
    }

    // MARK: Editing the fixture

    /// Replaces the Markdown of Lamp as a writer's editor would (a plain write; the sidecar is left as it was).
    func reviseLamp(_ markdown: String, in book: Book) throws {
        try write(markdown, to: Book.lampPath, in: book.root)
    }

    /// A Book whose Lamp holds `markdown`, snapshotted, so the tests start from a known last version.
    func makeBook(lamp markdown: String, file: StaticString = #filePath, line: UInt = #line) throws -> Book {
        let book = try makeBook(snapshot: false, file: file, line: line)
        try reviseLamp(markdown, in: book)
        try expect(0, "snapshot", "-m", "base", in: book.root, file: file, line: line)
        return book
    }

    /// Snapshots with `message` and returns the new version's full id.
    @discardableResult
    func snapshotVersion(_ message: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try expect(0, "snapshot", "-m", message, in: root, file: file, line: line)
        return try revision(in: root, file: file, line: line)
    }

    // MARK: Reading the JSON

    /// The `op` of each entry of a document's `paragraphs`.
    func operationNames(_ document: [String: Any]) -> [String] {
        (document["paragraphs"] as? [[String: Any]] ?? []).map { $0["op"] as? String ?? "?" }
    }

    /// The operations of a document that are not `equal`.
    func changes(_ document: [String: Any]) -> [[String: Any]] {
        (document["paragraphs"] as? [[String: Any]] ?? []).filter { $0["op"] as? String != "equal" }
    }

    /// A document's `wordsAdded`, `wordsRemoved` and `wordsMoved`.
    func wordCounts(_ document: [String: Any]) -> [Int] {
        ["wordsAdded", "wordsRemoved", "wordsMoved"].map { document[$0] as? Int ?? -1 }
    }

    /// A list of JSON entries reduced to the string form of a few fields, for readable comparisons.
    func fields(_ entries: Any?, _ keys: String...) -> [[String]] {
        (entries as? [[String: Any]] ?? []).map { entry in keys.map { key in entry[key].map { "\($0)" } ?? "-" } }
    }

    // MARK: Reading the text report

    /// Report lines without the summary that opens a whole-project report of several documents
    /// ("2 documents changed" and one `--stat` line per document).
    func withoutSummary(_ lines: [String]) -> [String] {
        guard let first = lines.first, first.hasSuffix(" documents changed"),
            let count = Int(first.prefix { $0.isNumber }) else { return lines }
        return Array(lines.dropFirst(1 + count))
    }

    /// The `[-…-]` and `{+…+}` segments of a report, in order, markers removed.
    func markedSegments(_ text: String) -> (deleted: [String], inserted: [String]) {
        func segments(_ open: String, _ close: String) -> [String] {
            var found: [String] = []
            var rest = text[...]
            while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
                found.append(String(rest[start.upperBound..<end.lowerBound]))
                rest = rest[end.upperBound...]
            }
            return found
        }
        return (segments("[-", "-]"), segments("{+", "+}"))
    }
}
