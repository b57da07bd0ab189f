import Foundation
import XCTest

/// `msx diff --files OLD.md NEW.md`: two documents outside any project, each read with the sidecar beside it
/// (`OLD.attrs.json`, `NEW.attrs.json`) when there is one.
final class DiffFilesTests: DiffTestCase {
    /// A folder outside any project for the files under comparison.
    var loose: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        loose = scratch.appendingPathComponent("loose", isDirectory: true)
        try FileManager.default.createDirectory(at: loose, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` in the loose folder.
    func put(_ name: String, _ text: String) throws {
        try write(text, to: name, in: loose)
    }

    /// Copies Lamp's Markdown, and its sidecar when it has one, out of `book` as `NAME.md` and `NAME.attrs.json`:
    /// sidecars exactly as msx writes them.
    func export(_ book: Book, as name: String) throws {
        try Data(contentsOf: book.root.appendingPathComponent(Book.lampPath)).write(to: loose.appendingPathComponent("\(name).md"))
        let sidecar = book.root.appendingPathComponent("contents/draft/lamp.attrs.json")
        if FileManager.default.fileExists(atPath: sidecar.path) {
            try Data(contentsOf: sidecar).write(to: loose.appendingPathComponent("\(name).attrs.json"))
        }
    }

    /// The non-empty lines of `msx diff --files OLD NEW` run in the loose folder (exit 1 when they differ asserted).
    func filesDiff(_ old: String, _ new: String, _ options: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try diffOutput(["--files", old, new] + options, in: loose, file: file, line: line).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func testComparesTwoFilesOutsideAnyProject() throws {
        try put("old.md", "Rain came sideways.\n\nThe boats knocked together.\n")
        try put("new.md", "Rain came sideways.\n\nThe boats knocked together all night.\n")
        let lines = try filesDiff("old.md", "new.md")
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.first?.contains("new.md") == true && lines.first?.hasSuffix("+2 / -0 words") == true, "\(lines)")
        XCTAssertEqual(lines.last, "¶2: The boats knocked together{+ all night+}.")
        let absolute = try filesDiff(loose.appendingPathComponent("old.md").path, loose.appendingPathComponent("new.md").path)
        XCTAssertEqual(absolute.last, lines.last, "absolute paths work too")
        XCTAssertEqual(try filesDiff("old.md", "old.md"), ["No differences."])
        XCTAssertEqual(try diffDocuments(["--files", "old.md", "old.md"], in: loose).count, 0)
    }

    func testSidecarsBesideTheFilesArePickedUp() throws {
        let book = try makeBook()
        try export(book, as: "old")
        try expect(0, "format", "Lamp", "--match", "Nell", "--underline", in: book.root)
        try expect(0, "format", "Lamp", "--paragraph", "2", "--align", "center", in: book.root)
        try export(book, as: "new")
        XCTAssertEqual(try read("old.md", in: loose), try read("new.md", in: loose), "the words are the same")
        let formatting = try filesDiff("old.md", "new.md").filter { $0.hasPrefix("formatting: ") }
        XCTAssertEqual(formatting.count, 2, "\(formatting)")
        XCTAssertTrue(formatting.contains { $0.hasPrefix("formatting: underline") && $0.hasSuffix("'Nell' (paragraph 2)") }, "\(formatting)")
        XCTAssertTrue(formatting.contains("formatting: alignment left -> center (paragraph 2)"), "\(formatting)")
        let reverse = try filesDiff("new.md", "old.md").filter { $0.hasPrefix("formatting: ") }
        XCTAssertTrue(reverse.contains { $0.hasPrefix("formatting: underline") && $0.contains("removed") }, "\(reverse)")
        XCTAssertTrue(reverse.contains("formatting: alignment center -> left (paragraph 2)"), "\(reverse)")
    }

    func testSidecarFollowsItsTextWhenTheWordsChanged() throws {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--match", "the quay", "--color", "#8B0000", in: book.root)
        try export(book, as: "old")
        try put("new.attrs.json", try read("old.attrs.json", in: loose))
        try put("new.md", "The old lamp burned all night.\n\nYoung Nell watched it from the quay.\n")
        XCTAssertEqual(Array(try filesDiff("old.md", "new.md").dropFirst()), ["¶2: {+Young +}Nell watched it from the quay."],
                       "a stale sidecar is re-anchored, so the colour is no change")
    }

    func testImagesShowTheirPathNotAPlaceholder() throws {
        try put("A.md", "A lamp ![beam](beam.png) shone at the Point.\n\nSecond.\n")
        try put("B.md", "A lamp ![beam](beam.png) shone brightly at the Point.\n\nSecond ![gull](gull.png).\n\n![map](map.png) New.\n")
        let text = try expect(1, "diff", "--files", "A.md", "B.md", in: loose).stdout
        XCTAssertTrue(text.contains("A lamp [image: beam.png] shone {+brightly +}at the Point."), text)
        XCTAssertTrue(text.contains("Second{+ [image: gull.png]+}."), text)
        XCTAssertTrue(text.contains("{+[image: map.png] New.+}"), text)
        XCTAssertFalse(text.contains("\u{FFFC}"), text)
    }

    func testMissingFileIsAUserErrorNamingIt() throws {
        try put("old.md", "Rain came.\n")
        for (old, new) in [("old.md", "nowhere.md"), ("nowhere.md", "old.md")] {
            let result = try MsxRunner.run(["diff", "--files", old, new], in: loose)
            assertExit(result, 1)
            XCTAssertTrue(result.stderr.contains("nowhere.md"), result.stderr)
            let json = try MsxRunner.run(["diff", "--files", old, new, "--json"], in: loose)
            XCTAssertTrue(assertJSONError(json, 1).contains("nowhere.md"))
            XCTAssertEqual(errorCode(json), "missing-file")
        }
    }

    func testInvalidUTF8IsDamagedData() throws {
        try put("old.md", "Rain came.\n")
        try (Data("Rain went ".utf8) + [0xFF] + Data(".\n".utf8)).write(to: loose.appendingPathComponent("bad.md"))
        let result = try MsxRunner.run(["diff", "--files", "old.md", "bad.md"], in: loose)
        assertExit(result, 3)
        XCTAssertTrue(result.stderr.contains("bad.md"), result.stderr)
        XCTAssertEqual(errorCode(try MsxRunner.run(["diff", "--files", "bad.md", "old.md", "--json"], in: loose)), "invalid-utf8")
    }

    func testDamagedSidecarIsDamagedData() throws {
        try put("old.md", "Rain came.\n")
        try put("new.md", "Rain went.\n")
        try put("new.attrs.json", "{ \"formatVersion\": 1, \"paragraphs\": [")
        let result = try MsxRunner.run(["diff", "--files", "old.md", "new.md"], in: loose)
        assertExit(result, 3)
        XCTAssertTrue(result.stderr.contains("new.attrs.json"), result.stderr)
    }

    func testFilesTakesExactlyTwoFilesAndNoRevisions() throws {
        try put("old.md", "Rain came.\n")
        try expect(64, "diff", "--files", "old.md", in: loose)
        try expect(64, "diff", "--files", "old.md", "old.md", "old.md", in: loose)
        try expect(64, "diff", "--files", "old.md", "old.md", "--from", "HEAD", in: loose)
    }
}
