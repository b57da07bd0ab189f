import Foundation
import XCTest

/// `msx diff` on formatting: Markdown-carried (bold, headings, task boxes) and sidecar-carried (underline, colour,
/// alignment) changes are named in words, never shown as text changes; and the `--text-only`, `--formatting-only`
/// and `--stat` views.
final class DiffFormattingTests: DiffTestCase {
    /// The header line of Lamp when no words changed.
    static let unchangedLampHeader = "Lamp  contents/draft/lamp.md  +0 / -0 words"

    /// The `formatting: ` lines of the human report, without that prefix.
    func formattingLines(_ root: URL, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let output = try diffOutput(arguments, in: root, file: file, line: line)
        return output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("formatting: ") }.map { String($0.dropFirst("formatting: ".count)) }
    }

    /// Asserts Lamp's diff has no text change at all: no paragraph lines, +0 / -0 words, only `equal` operations.
    func assertNoTextChange(_ book: Book, file: StaticString = #filePath, line: UInt = #line) throws {
        let lines = try diffLines(in: book.root, file: file, line: line)
        XCTAssertEqual(lines.first, Self.unchangedLampHeader, file: file, line: line)
        XCTAssertEqual(lines.filter { $0.hasPrefix("¶") }, [], "no paragraph lines", file: file, line: line)
        let document = try diffDocument(titled: "Lamp", in: book.root, file: file, line: line)
        XCTAssertEqual(Set(operationNames(document)), ["equal"], file: file, line: line)
        XCTAssertEqual(wordCounts(document), [0, 0, 0], file: file, line: line)
    }

    func testBoldAddedIsNamedAndIsNoTextChange() throws {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--match", "all night", "--bold", in: book.root)
        XCTAssertTrue(try read(Book.lampPath, in: book.root).contains("**all night**"), "bold went into the Markdown")
        XCTAssertEqual(try formattingLines(book.root), ["bold added: 'all night' (paragraph 1)"])
        try assertNoTextChange(book)
        let document = try diffDocument(titled: "Lamp", in: book.root)
        XCTAssertEqual(fields(document["formatting"], "attribute", "before", "after", "newParagraph", "newStart", "newEnd", "text"),
                       [["bold", "0", "1", "0", "20", "29", "all night"]])
        XCTAssertEqual(document["description"] as? [String], ["bold added: 'all night' (paragraph 1)"])
    }

    func testUnderlineAndColourFromTheSidecarAreNamed() throws {
        let book = try makeBook()
        let markdown = try read(Book.lampPath, in: book.root)
        try expect(0, "format", "Lamp", "--match", "Nell", "--underline", in: book.root)
        try expect(0, "format", "Lamp", "--match", "the quay", "--color", "#8B0000", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), markdown, "underline and colour live in the sidecar")
        let lines = try formattingLines(book.root)
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("underline") && $0.contains("added") && $0.hasSuffix(": 'Nell' (paragraph 2)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("#8B0000 added") && $0.hasSuffix(": 'the quay' (paragraph 2)") }, "\(lines)")
        try assertNoTextChange(book)
    }

    func testColourChangedByEditingTheSidecarIsNamed() throws {
        let book = try makeBook(snapshot: false)
        try expect(0, "format", "Lamp", "--match", "the quay", "--color", "#8B0000", in: book.root)
        try expect(0, "snapshot", in: book.root)
        let sidecar = "contents/draft/lamp.attrs.json"
        try write(try read(sidecar, in: book.root).replacingOccurrences(of: "#8B0000", with: "#00008B"), to: sidecar, in: book.root)
        XCTAssertEqual(try formattingLines(book.root), ["colour #8B0000 -> #00008B: 'the quay' (paragraph 2)"])
        let document = try diffDocument(titled: "Lamp", in: book.root)
        XCTAssertEqual(fields(document["formatting"], "attribute", "before", "after", "text"), [["foregroundColor", "#8B0000", "#00008B", "the quay"]])
    }

    func testAlignmentChangeIsNamedWithItsParagraph() throws {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--paragraph", "2", "--align", "center", in: book.root)
        XCTAssertEqual(try formattingLines(book.root), ["alignment left -> center (paragraph 2)"])
        try assertNoTextChange(book)
        let document = try diffDocument(titled: "Lamp", in: book.root)
        XCTAssertEqual(fields(document["paragraphAttributes"], "attribute", "before", "after", "newParagraph"),
                       [["alignment", "left", "center", "1"]])
    }

    func testHeadingLevelChangeIsOneLine() throws {
        let book = try makeBook(lamp: "# The Harbour\n\nRain came sideways.\n")
        try reviseLamp("## The Harbour\n\nRain came sideways.\n", in: book)
        // The implied style (Heading 1 -> Heading 2) and its font size are the same change, not more lines.
        XCTAssertEqual(try formattingLines(book.root), ["heading level 1 -> 2 (paragraph 1)"])
        try assertNoTextChange(book)
        let document = try diffDocument(titled: "Lamp", in: book.root)
        XCTAssertTrue(fields(document["paragraphAttributes"], "attribute", "before", "after").contains(["headingLevel", "1", "2"]))
    }

    func testChecklistCheckedIsNamed() throws {
        let book = try makeBook(lamp: "Jobs for the morning:\n\n- [ ] Check the tide tables\n- [ ] Mend the net\n")
        try expect(0, "format", "Lamp", "--paragraph", "3", "--check", in: book.root)
        XCTAssertTrue(try read(Book.lampPath, in: book.root).contains("- [x] Mend the net"))
        XCTAssertEqual(try formattingLines(book.root), ["checklist unchecked -> checked (paragraph 3)"])
        try assertNoTextChange(book)
    }

    func testFormattingOfInsertedWordsIsPartOfTheInsertion() throws {
        let book = try makeBook()
        try reviseLamp(Book.lampText.replacingOccurrences(of: "all night", with: "**all** night"), in: book)
        try reviseLamp(try read(Book.lampPath, in: book.root).replacingOccurrences(of: "The old", with: "The **very** old"), in: book)
        XCTAssertEqual(try formattingLines(book.root), ["bold added: 'all' (paragraph 1)"], "'very' is new, not newly bold")
        XCTAssertEqual(try diffLines("--text-only", in: book.root).last, "¶1: The {+very +}old lamp burned all night.")
    }

    func testWholeParagraphsWithTheSameChangeAreGrouped() throws {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--paragraph", "1-2", "--color", "#112233", in: book.root)
        XCTAssertEqual(try formattingLines(book.root), ["colour #112233 added: paragraphs 1-2"])
    }

    // MARK: Views

    /// Lamp with a word added to paragraph 2, bold added in paragraph 1 and paragraph 2 centred; Sea reworded.
    func makeMixedChanges() throws -> Book {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--match", "all night", "--bold", in: book.root)
        try reviseLamp(try read(Book.lampPath, in: book.root).replacingOccurrences(of: "Nell", with: "Young Nell"), in: book)
        try expect(0, "format", "Lamp", "--paragraph", "2", "--align", "center", in: book.root)
        try write("The sea was rough that evening.\n", to: Book.seaPath, in: book.root)
        return book
    }

    func testTextOnlyHidesFormattingLines() throws {
        let book = try makeMixedChanges()
        let lines = withoutSummary(try diffLines("--text-only", in: book.root))
        XCTAssertEqual(lines, ["Lamp  contents/draft/lamp.md  +1 / -0 words", "¶2: {+Young +}Nell watched it from the quay.",
                               "Sea  contents/draft/sea.md  +1 / -1 words", "¶1: The sea was [-calm-]{+rough+} that evening."])
    }

    func testFormattingOnlyHidesTextLines() throws {
        let book = try makeMixedChanges()
        let lines = try diffLines("--formatting-only", in: book.root)
        XCTAssertEqual(lines.filter { $0.hasPrefix("¶") }, [], "\(lines)")
        XCTAssertEqual(lines.filter { $0.hasPrefix("formatting: ") },
                       ["formatting: bold added: 'all night' (paragraph 1)", "formatting: alignment left -> center (paragraph 2)"])
    }

    func testFilteredViewsLeaveOutDocumentsWithNothingToShow() throws {
        let book = try makeBook()
        try write("The sea was rough that evening.\n", to: Book.seaPath, in: book.root)
        XCTAssertEqual(try diff("--formatting-only", in: book.root), "No differences.\n", "only words changed")
        try write(Book.seaText, to: Book.seaPath, in: book.root)
        try expect(0, "format", "Lamp", "--match", "Nell", "--underline", in: book.root)
        XCTAssertEqual(try diff("--text-only", in: book.root), "No differences.\n", "only formatting changed")
    }

    func testReportOfSeveralDocumentsOpensWithASummary() throws {
        let book = try makeMixedChanges()
        let lines = try diffLines(in: book.root)
        XCTAssertEqual(Array(lines.prefix(3)), ["2 documents changed"] + (try diffLines("--stat", in: book.root)))
        XCTAssertEqual(withoutSummary(lines).first, "Lamp  contents/draft/lamp.md  +1 / -0 words")
        XCTAssertFalse(try diff("Lamp", in: book.root).contains("documents changed"), "no summary for one document")
    }

    func testStatIsOneLinePerDocument() throws {
        let book = try makeMixedChanges()
        XCTAssertEqual(try diffLines("--stat", in: book.root), [
            "Lamp (contents/draft/lamp.md): +1 / -0 words, 2 formatting changes",
            "Sea (contents/draft/sea.md): +1 / -1 words, 0 formatting changes",
        ])
    }

    func testTextOnlyAndFormattingOnlyTogetherIsAUsageError() throws {
        let book = try makeBook()
        let result = try expect(64, "diff", "--text-only", "--formatting-only", in: book.root)
        XCTAssertTrue(result.stderr.contains("--text-only"), result.stderr)
    }
}
