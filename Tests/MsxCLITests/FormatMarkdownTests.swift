import Foundation
import XCTest

/// `msx format` where Markdown can say it: only the changed bytes of the `.md` change, and no other file.
final class FormatMarkdownTests: MsxTestCase {
    static let storm = "Hello world. The storm came.\n\nSecond para with storm and storm.\n"

    /// A blank project with one document, "Storm" (`contents/draft/storm.md`), holding `markdown`.
    private func stormProject(_ markdown: String = storm) throws -> URL {
        let root = try makeProject()
        XCTAssertEqual(try addDocument("Storm", markdown, to: root).path, "contents/draft/storm.md")
        return root
    }

    /// Runs `format Storm <arguments>` (exit 0) and asserts the `.md` became `expected` and nothing else changed.
    private func assertFormat(_ arguments: [String], in root: URL, gives expected: String,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        var before = snapshot(root)
        let result = try MsxRunner.run(["format", "Storm"] + arguments, in: root)
        assertExit(result, 0, file: file, line: line)
        XCTAssertEqual(try read("contents/draft/storm.md", in: root), expected, file: file, line: line)
        before["contents/draft/storm.md"] = Data(expected.utf8)
        assertSameSnapshot(before, snapshot(root), file: file, line: line)
    }

    func testBoldInsertsExactlyTheMarkersAroundTheWord() throws {
        let root = try stormProject()
        try assertFormat(["--match", "came", "--bold"], in: root,
                         gives: "Hello world. The storm **came**.\n\nSecond para with storm and storm.\n")
        XCTAssertFalse(exists("contents/draft/storm.attrs.json", in: root), "bold must not create a sidecar")
        let bold = try paragraphs(of: "Storm", in: root)[0]["runs"] as? [[String: Any]] ?? []
        XCTAssertEqual(bold.filter { ($0["attributes"] as? [String: Any])?["bold"] as? Bool == true }.compactMap { $0["text"] as? String },
                       ["came"])
    }

    func testFormatJSONReport() throws {
        let root = try stormProject()
        let json = try expect(0, "format", "Storm", "--match", "Hello", "--italic", "--json", in: root).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        XCTAssertEqual(json["dryRun"] as? Bool, false)
        XCTAssertEqual(json["files"] as? [String], ["contents/draft/storm.md"])
        XCTAssertEqual((json["changes"] as? [String])?.count, 1)
        XCTAssertEqual(json["document"] as? String, try node(titled: "Storm", in: root).id)
    }

    func testAmbiguousMatchNamesTheCount() throws {
        let root = try stormProject()
        let before = snapshot(root)
        let result = try expect(1, "format", "Storm", "--match", "storm", "--bold", in: root)
        XCTAssertTrue(result.stderr.contains("3"), "count not named: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("--occurrence"), result.stderr)
        let message = assertJSONError(try msx("format", "Storm", "--match", "storm", "--bold", "--json", in: root), 1)
        XCTAssertTrue(message.contains("3"), message)
        assertSameSnapshot(before, snapshot(root))
    }

    func testOccurrenceNumberAndAll() throws {
        let root = try stormProject()
        try assertFormat(["--match", "storm", "--occurrence", "2", "--strikethrough"], in: root,
                         gives: "Hello world. The storm came.\n\nSecond para with ~~storm~~ and storm.\n")
        try assertFormat(["--match", "world", "--occurrence", "all", "--bold"], in: root,
                         gives: "Hello **world**. The storm came.\n\nSecond para with ~~storm~~ and storm.\n")
        try expect(1, "format", "Storm", "--match", "storm", "--occurrence", "9", "--bold", in: root)
        try expect(64, "format", "Storm", "--match", "storm", "--occurrence", "0", "--bold", in: root)
    }

    func testOccurrenceAllFormatsEveryMatch() throws {
        let root = try stormProject()
        try assertFormat(["--match", "storm", "--occurrence", "all", "--italic"], in: root,
                         gives: "Hello world. The *storm* came.\n\nSecond para with *storm* and *storm*.\n")
    }

    func testMatchingNothingFails() throws {
        let root = try stormProject()
        let before = snapshot(root)
        let result = try expect(1, "format", "Storm", "--match", "hurricane", "--bold", in: root)
        XCTAssertTrue(result.stderr.contains("hurricane"), result.stderr)
        assertJSONError(try msx("format", "Storm", "--match", "hurricane", "--bold", "--json", in: root), 1)
        try expect(1, "format", "Storm", "--paragraph", "7", "--bold", in: root)
        try expect(1, "format", "Storm", "--range", "5-999", "--bold", in: root)
        assertSameSnapshot(before, snapshot(root))
    }

    func testHeadingAndBlockQuoteStylesAreWrittenAsMarkdown() throws {
        let root = try stormProject("Title here\n\nA quote.\n\nBody text.\n")
        try assertFormat(["--paragraph", "1", "--style", "Heading 2"], in: root,
                         gives: "## Title here\n\nA quote.\n\nBody text.\n")
        try assertFormat(["--paragraph", "2", "--style", "Block Quote"], in: root,
                         gives: "## Title here\n\n> A quote.\n\nBody text.\n")
        let paragraphs = try paragraphs(of: "Storm", in: root)
        XCTAssertEqual(paragraphs[0]["kind"] as? String, "heading")
        XCTAssertEqual((paragraphs[0]["attributes"] as? [String: Any])?["style"] as? String, "Heading 2")
        XCTAssertEqual((paragraphs[1]["attributes"] as? [String: Any])?["quoteDepth"] as? Int, 1)
        try assertFormat(["--paragraph", "1", "--style", "Body"], in: root, gives: "Title here\n\n> A quote.\n\nBody text.\n")
    }

    func testCheckTurnsAParagraphIntoATaskItem() throws {
        let root = try stormProject("Buy rope.\n\nMend the net.\n")
        try assertFormat(["--paragraph", "1", "--check"], in: root, gives: "- [x] Buy rope.\n\nMend the net.\n")
        try assertFormat(["--paragraph", "1", "--uncheck"], in: root, gives: "- [ ] Buy rope.\n\nMend the net.\n")
        let attributes = try paragraphs(of: "Storm", in: root)[0]["attributes"] as? [String: Any]
        XCTAssertEqual(attributes?["checklist"] as? String, "unchecked")
        try expect(64, "format", "Storm", "--paragraph", "1", "--check", "--uncheck", in: root)
    }

    func testCRLFLineEndingsSurvive() throws {
        let root = try stormProject("Alpha beta gamma.\r\n\r\nDelta epsilon.\r\n")
        try assertFormat(["--match", "gamma", "--bold"], in: root, gives: "Alpha beta **gamma**.\r\n\r\nDelta epsilon.\r\n")
        try assertFormat(["--paragraph", "2", "--style", "Heading 2"], in: root,
                         gives: "Alpha beta **gamma**.\r\n\r\n## Delta epsilon.\r\n")
        try expect(0, "format", "Storm", "--paragraph", "1", "--align", "center", in: root)
        XCTAssertEqual(try read("contents/draft/storm.md", in: root), "Alpha beta **gamma**.\r\n\r\n## Delta epsilon.\r\n")
    }

    func testUnderscoreEmphasisStyleIsPreserved() throws {
        let root = try stormProject("A _quiet_ sea and a loud sky.\n")
        try assertFormat(["--match", "loud", "--italic"], in: root, gives: "A _quiet_ sea and a _loud_ sky.\n")
        try assertFormat(["--match", "sea", "--bold"], in: root, gives: "A _quiet_ **sea** and a _loud_ sky.\n")
        XCTAssertEqual(try expect(0, "show", "Storm", in: root).stdout, "A quiet sea and a loud sky.\n")
    }

    func testUsageErrorsExit64() throws {
        let root = try stormProject()
        let before = snapshot(root)
        try expect(64, "format", "Storm", "--bold", in: root)  // no selection
        try expect(64, "format", "Storm", "--match", "came", "--paragraph", "1", "--bold", in: root)
        try expect(64, "format", "Storm", "--match", "came", in: root)  // nothing to change
        try expect(64, "format", "Storm", "--paragraph", "1", "--occurrence", "1", "--bold", in: root)
        try expect(64, "format", "Storm", "--range", "5-3", "--bold", in: root)
        try expect(64, "format", "Storm", "--paragraph", "x", "--bold", in: root)
        try expect(64, "format", "Storm", "--match", "came", "--underline", "--no-underline", in: root)
        try expect(64, "format", "Storm", "--match", "came", "--size", "big", in: root)
        try expect(64, "format", "Storm", "--match", "came", "--frobnicate", in: root)
        assertSameSnapshot(before, snapshot(root))
    }

    /// With --json, a usage error is a JSON error on stdout too.
    func testUsageErrorWithJSONIsJSON() throws {
        let root = try stormProject()
        assertJSONError(try msx("format", "Storm", "--bold", "--json", in: root), 64)
    }
}
