import Foundation
import XCTest

/// `msx format` for what Markdown cannot say: the sidecar, and UTF-16 ranges.
final class FormatSidecarTests: MsxTestCase {
    static let sidecarPath = "contents/draft/lamp.attrs.json"
    static let markdownPath = "contents/draft/lamp.md"

    /// A blank project with one document "Lamp" holding `markdown`.
    private func lampProject(_ markdown: String) throws -> URL {
        let root = try makeProject()
        XCTAssertEqual(try addDocument("Lamp", markdown, to: root).path, Self.markdownPath)
        return root
    }

    /// The sidecar's paragraph entries.
    private func sidecarParagraphs(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let data = try bytes(Self.sidecarPath, in: root)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], file: file, line: line)
        XCTAssertEqual(json["formatVersion"] as? Int, 1, file: file, line: line)
        return json["paragraphs"] as? [[String: Any]] ?? []
    }

    /// Resolved paragraph attributes from `show --as json`, paragraph numbered from 1.
    private func paragraphAttributes(_ number: Int, in root: URL) throws -> [String: Any] {
        try paragraphs(of: "Lamp", in: root)[number - 1]["attributes"] as? [String: Any] ?? [:]
    }

    func testUnderlineAndColourGoToTheSidecarOnExactlyThoseWords() throws {
        let markdown = "The old lamp burned all night.\n\nThe lamp was *bright*.\n"
        let root = try lampProject(markdown)
        let json = try expect(0, "format", "Lamp", "--match", "lamp burned", "--underline=double", "--color", "#8b0000",
                              "--json", in: root).json()
        XCTAssertEqual(json["files"] as? [String], [Self.sidecarPath])
        XCTAssertEqual(try read(Self.markdownPath, in: root), markdown, "the .md must not change")
        let runs = try sidecarParagraphs(root).first?["runs"] as? [[String: Any]] ?? []
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs.first?["text"] as? String, "lamp burned")
        let attributes = runs.first?["attributes"] as? [String: Any]
        XCTAssertEqual(attributes?["underline"] as? String, "double")
        XCTAssertEqual(attributes?["foregroundColor"] as? String, "#8B0000", "colours are stored in uppercase")
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "double"), ["lamp burned"])
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "foregroundColor", is: "#8B0000"), ["lamp burned"])
        // Taking it away again leaves nothing formatted.
        try expect(0, "format", "Lamp", "--match", "lamp burned", "--no-underline", "--color", "none", in: root)
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "double"), [])
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "foregroundColor", is: "#8B0000"), [])
        try expect(0, "check", in: root)
    }

    func testFontSizeAndHighlight() throws {
        let root = try lampProject("Plain words and loud words.\n")
        try expect(0, "format", "Lamp", "--match", "loud", "--font", "Courier", "--size", "18", "--highlight", "#ffff00", in: root)
        let runs = try paragraphs(of: "Lamp", in: root)[0]["runs"] as? [[String: Any]] ?? []
        let loud = try XCTUnwrap(runs.first { $0["text"] as? String == "loud" }?["attributes"] as? [String: Any])
        XCTAssertEqual(loud["fontFamily"] as? String, "Courier")
        XCTAssertEqual(jsonNumber(loud["fontSize"]), 18)
        XCTAssertEqual(loud["backgroundColor"] as? String, "#FFFF00")
        XCTAssertEqual(try read(Self.markdownPath, in: root), "Plain words and loud words.\n")
    }

    func testParagraphAlignmentAndIndents() throws {
        let root = try lampProject("First.\n\nSecond.\n\nThird.\n")
        try expect(0, "format", "Lamp", "--paragraph", "2", "--align", "center", in: root)
        XCTAssertEqual(try paragraphAttributes(2, in: root)["alignment"] as? String, "center")
        XCTAssertEqual(try paragraphAttributes(1, in: root)["alignment"] as? String, "left")
        XCTAssertEqual(try paragraphAttributes(3, in: root)["alignment"] as? String, "left")
        let entry = try XCTUnwrap(try sidecarParagraphs(root).first)
        XCTAssertEqual(entry["index"] as? Int, 1)
        XCTAssertEqual((entry["attributes"] as? [String: Any])?["alignment"] as? String, "center")
        XCTAssertEqual(try read(Self.markdownPath, in: root), "First.\n\nSecond.\n\nThird.\n")

        try expect(0, "format", "Lamp", "--paragraph", "1-3", "--first-indent", "0", "--left-indent", "12",
                   "--right-indent=-24", "--line-height", "1.5", "--space-before", "6", "--space-after", "3", in: root)
        for number in 1...3 {
            let attributes = try paragraphAttributes(number, in: root)
            XCTAssertEqual(jsonNumber(attributes["firstLineHeadIndent"]), 0)
            XCTAssertEqual(jsonNumber(attributes["headIndent"]), 12)
            XCTAssertEqual(jsonNumber(attributes["tailIndent"]), -24)
            XCTAssertEqual(jsonNumber(attributes["lineHeightMultiple"]), 1.5)
            XCTAssertEqual(jsonNumber(attributes["paragraphSpacingBefore"]), 6)
            XCTAssertEqual(jsonNumber(attributes["paragraphSpacing"]), 3)
        }
    }

    /// Negative right indents (the usual "in from the right margin") parse without `=`.
    func testNegativeRightIndentAsSeparateArgument() throws {
        let root = try lampProject("Quoted words.\n")
        try expect(0, "format", "Lamp", "--paragraph", "1", "--right-indent", "-36", in: root)
        XCTAssertEqual(jsonNumber(try paragraphAttributes(1, in: root)["tailIndent"]), -36)
    }

    func testCustomStyleGoesToTheSidecar() throws {
        let root = try makeProject("novel")
        let path = "contents/draft/part-one/chapter-1/scene-2.md"
        let markdown = try read(path, in: root)
        try expect(0, "format", path, "--paragraph", "1", "--style", "Epigraph", in: root)
        XCTAssertEqual(try read(path, in: root), markdown)
        let attributes = try paragraphs(of: path, in: root)[0]["attributes"] as? [String: Any]
        XCTAssertEqual(attributes?["style"] as? String, "Epigraph")
        XCTAssertEqual(attributes?["alignment"] as? String, "right", "the manifest's Epigraph style applies")
    }

    func testRangeUsesUTF16OffsetsAcrossParagraphs() throws {
        // Text: "Alpha beta.\nGamma 😀 delta." — Gamma 12-17, 😀 18-20, delta 21-26.
        let root = try lampProject("Alpha beta.\n\nGamma 😀 delta.\n")
        try expect(0, "format", "Lamp", "--range", "21-26", "--underline", in: root)
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "single"), ["delta"])
        try expect(0, "format", "Lamp", "--range", "6-10", "--bold", in: root)
        XCTAssertEqual(try read(Self.markdownPath, in: root), "Alpha **beta**.\n\nGamma 😀 delta.\n")
    }

    func testRangeSplittingASurrogatePairIsWidened() throws {
        let root = try lampProject("Alpha beta.\n\nGamma 😀 delta.\n")
        try expect(0, "format", "Lamp", "--range", "19-20", "--underline=thick", in: root)
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "thick"), ["😀"])
        let run = try XCTUnwrap((try sidecarParagraphs(root).first?["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["start"] as? Int, 6)
        XCTAssertEqual(run["end"] as? Int, 8)
        XCTAssertEqual(run["text"] as? String, "😀")
        try expect(0, "format", "Lamp", "--range", "18-19", "--color", "#00ff00", in: root)
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "foregroundColor", is: "#00FF00"), ["😀"])
    }

    func testBadAttributeValuesAreRejected() throws {
        let root = try lampProject("Some words.\n")
        let before = snapshot(root)
        for arguments in [["--color", "reddish"], ["--color", "#12345"], ["--underline=wavy"], ["--align", "middle"],
                          ["--list", "hexagons"]] {
            let result = try MsxRunner.run(["format", "Lamp", "--match", "words"] + arguments, in: root)
            XCTAssertTrue([1, 64].contains(result.exitCode), "\(arguments): exit \(result.exitCode)")
            XCTAssertFalse(result.stderr.isEmpty, "\(arguments)")
        }
        assertSameSnapshot(before, snapshot(root))
    }
}
