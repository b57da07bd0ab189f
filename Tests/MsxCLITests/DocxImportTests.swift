import Foundation
import MsxTestSupport
import XCTest

/// Issue 14, item 2: `msx import FILE.docx` brings a Word file back as Markdown + sidecar. msx's own `.docx` comes
/// back with the same text and the same formatting, directly and after LibreOffice has opened and saved it.
final class DocxImportTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// A project whose only draft document, Storm, uses every kind of formatting msx has; returns its root.
    private func formattedBook() throws -> URL {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        // A style of the project's own, with extra leading (which Word has no property for).
        let manifestURL = root.appendingPathComponent("manuscript.json")
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        manifest["styles"] = ["Epigraph": ["alignment": "right", "italic": true, "fontSize": 11, "lineSpacing": 3]]
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: manifestURL)
        try addDocument("Storm", """
            # The *Storm*

            It was *dark* and **cold** over the ~~old~~ harbour.^[Not the *new* one.] See [the light](https://example.com/light?a=1&b=2) and `lamp.log`.\\
            A second line & <more>.

            > A quoted line.

            1. climb
            2. wait
               - rope
               - lamp

            - [x] oil
            - [ ] wick

              The wick is short, a further paragraph of its item.

            ### Smaller heading

            | Tide | Hour |
            | --- | --- |
            | high | *six* |
            | low | noon |

            Tab\there, “quotes”, emoji 🌊 and 東京.

            ```
            let x = 1
              indented
            ```
            """ + "\n", to: root)
        try expect(0, "format", "Storm", "--match", "harbour", "--color", "#8B0000", "--underline=double", in: root)
        try expect(0, "format", "Storm", "--match", "cold", "--highlight", "#FFFF00", "--size", "15.5", "--font", "Baskerville", in: root)
        try expect(0, "format", "Storm", "--match", "dark", "--underline=thick", in: root)
        try expect(0, "format", "Storm", "--paragraph", "2", "--align", "justified", "--first-indent", "18", "--left-indent", "6",
                   "--right-indent=-12", "--line-height", "1.5", "--space-before", "4", "--space-after", "8", in: root)
        try expect(0, "format", "Storm", "--paragraph", "15", "--style", "Epigraph", in: root)
        try expect(0, "format", "Storm", "--paragraph", "4-5", "--list", "uppercaseRoman", in: root)
        return root
    }

    /// The paragraphs `show --as json` gives for `document`, without their positions.
    private func paragraphs(_ document: String, in root: URL) throws -> [String] {
        let json = try expect(0, "show", document, "--as", "json", in: root).json()
        let list = try XCTUnwrap(json["paragraphs"] as? [[String: Any]])
        return try list.map { paragraph in
            var p = paragraph
            p.removeValue(forKey: "index")
            return String(decoding: try JSONSerialization.data(withJSONObject: p, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    /// Fails naming the first paragraph that differs.
    private func assertSameParagraphs(_ back: [String], _ original: [String], line: UInt = #line) {
        guard back != original else { return }
        let index = back.indices.first { $0 >= original.count || back[$0] != original[$0] } ?? original.count
        XCTFail("paragraph \(index + 1) of \(original.count) differs\nback:     \(index < back.count ? back[index] : "(none)")\n"
            + "original: \(index < original.count ? original[index] : "(none)")", line: line)
    }

    func testMsxsOwnDocxComesBackWithEveryFormat() throws {
        let root = try formattedBook()
        let docx = scratch.appendingPathComponent("storm.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        let imported = try expect(0, "import", docx.path, "--into", "Research", "--json", in: root).json()
        XCTAssertEqual((imported["warnings"] as? [String]) ?? ["?"], [])
        XCTAssertEqual((imported["addedStyles"] as? [String]) ?? ["?"], [])
        assertSameParagraphs(try paragraphs("contents/research/storm.md", in: root), try paragraphs("contents/draft/storm.md", in: root))
        try expect(0, "check", in: root)
    }

    func testTheSameThroughLibreOffice() throws {
        let root = try formattedBook()
        let docx = scratch.appendingPathComponent("storm.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        let saved = try LibreOffice.convert(docx, to: "docx:MS Word 2007 XML", extension: "docx", in: scratch)
        try expect(0, "import", saved.path, "--into", "Research", in: root)
        assertSameParagraphs(try paragraphs("contents/research/storm.md", in: root), try paragraphs("contents/draft/storm.md", in: root))
    }

    func testTrackedChangesAreAcceptedByDefaultOrRejected() throws {
        let root = try makeProject()
        let docx = scratch.appendingPathComponent("edited.docx")
        try DocxFixture.write(body: """
            <w:p><w:r><w:t xml:space="preserve">The </w:t></w:r><w:ins w:id="1" w:author="Ed"><w:r><w:t xml:space="preserve">grey </w:t></w:r></w:ins>\
            <w:del w:id="2" w:author="Ed"><w:r><w:delText xml:space="preserve">old </w:delText></w:r></w:del><w:r><w:t>sea.</w:t></w:r></w:p>
            """, to: docx)
        try expect(0, "import", docx.path, in: root)
        XCTAssertEqual(try read("contents/draft/edited.md", in: root), "The grey sea.\n")
        try expect(0, "import", docx.path, "--changes", "reject", in: root)
        XCTAssertEqual(try read("contents/draft/edited-2.md", in: root), "The old sea.\n")
        let bad = try expect(64, "import", docx.path, "--changes", "maybe", in: root)
        XCTAssertTrue(bad.stderr.contains("--changes"), bad.stderr)
    }

    func testAFileThatIsNotWordIsRefusedAndNothingIsWritten() throws {
        let root = try makeProject()
        let fake = scratch.appendingPathComponent("notes.docx")
        try Data("just text".utf8).write(to: fake)
        let listing = { try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("contents").path).sorted()
            + [try self.read("manuscript.json", in: root)] }
        let before = try listing()
        let result = try expect(3, "import", fake.path, in: root)
        XCTAssertTrue(result.stderr.contains("notes.docx"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        let json = try expect(3, "import", fake.path, "--json", in: root).json()
        XCTAssertEqual((json["error"] as? [String: Any])?["code"] as? String, "not-docx")
        XCTAssertEqual(try listing(), before)
    }
}
