import Foundation
import MsxTestSupport
import XCTest

/// An editor's structural edits in a compiled `.docx` come back as exactly those edits: list items and table rows
/// deleted, a scene's last paragraph or a whole scene deleted, paragraphs split and joined, a chapter retitled, a
/// file restyled by its program. The editor is LibreOffice driven through UNO with Track Changes on, or Word's
/// tracked changes written as Word writes them; the expected files are written out by hand.
final class ReviewStructureTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private static let lists = """
        The list she kept:

        - bread
        - candles
        - rope

        Steps to take:

        1. Lock the door.
        2. Bank the fire.
        3. Sleep.

        | Name | Age |
        | --- | --- |
        | Ada | 30 |
        | Ben | 41 |
        | Cy | 12 |

        The end of the list scene.

        """

    /// Part One / Chapter 1 (Storm, Quay) / Chapter 2 (Lists, Tower), snapshotted and compiled with `options`.
    private func sentBook(_ options: [String] = []) throws -> (root: URL, docx: URL, paths: [String: String]) {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try expect(0, "new", "Part One", "--folder", in: root)
        try expect(0, "new", "Chapter 1", "--folder", "--in", "Part One", in: root)
        try expect(0, "new", "Chapter 2", "--folder", "--in", "Part One", in: root)
        var paths: [String: String] = [:]
        paths["Storm"] = try addDocument("Storm", "The gulls were *quiet* that night.\n\nThe lamp was **still**.\n", to: root, options: ["--in", "Chapter 1"]).path
        paths["Quay"] = try addDocument("Quay", "The harbourmaster coiled rope.\n\nHe looked up then.\n", to: root, options: ["--in", "Chapter 1"]).path
        paths["Lists"] = try addDocument("Lists", Self.lists, to: root, options: ["--in", "Chapter 2"]).path
        paths["Tower"] = try addDocument("Tower", "The door was unlocked.\n\nThe logbook lay open.\n", to: root, options: ["--in", "Chapter 2"]).path
        try expect(0, "snapshot", "-m", "sent to the editor", in: root)
        let docx = scratch.appendingPathComponent("sent.docx")
        try expect(0, ["compile", "--out", docx.path] + options, in: root)
        return (root, docx, paths)
    }

    /// A document's Markdown on the review's branch.
    private func reviewed(_ path: String, _ branch: String, in root: URL) throws -> String {
        try ExternalTool.run("/usr/bin/git", ["-C", root.path, "show", "\(branch):\(path)"], package: "git").output
    }

    /// Imports `file` as `review/NAME` and returns the report.
    @discardableResult
    private func importReview(_ file: URL, _ name: String, _ options: [String] = [], in root: URL) throws -> (json: [String: Any], stderr: String) {
        let result = try expect(0, ["review", "import", file.path, "--name", name, "--json"] + options, in: root)
        return (result.json(), result.stderr)
    }

    private func titles(_ report: [String: Any], _ key: String) -> [String] {
        (report[key] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    func testDeletedListItemsAndATableRowLeaveNothingBehind() throws {
        let (root, docx, paths) = try sentBook()
        let edited = try LibreOffice.edit(docx, [
            ["op": "delete-paragraph", "text": "candles"],
            ["op": "delete-paragraph", "text": "Bank the fire."],
            ["op": "delete-table-row", "cell": "Ben"],
        ], in: scratch)
        let report = try importReview(edited, "lists", in: root).json
        XCTAssertEqual(titles(report, "changed"), ["Lists"])
        XCTAssertEqual(report["conflicts"] as? Int, 0)
        XCTAssertEqual(try reviewed(paths["Lists"]!, "review/lists", in: root), Self.lists
            .replacingOccurrences(of: "- candles\n", with: "").replacingOccurrences(of: "2. Bank the fire.\n3. Sleep.", with: "2. Sleep.")
            .replacingOccurrences(of: "| Ben | 41 |\n", with: ""))
        // Undone, the same changes leave the document as it was.
        let rejected = try expect(0, "review", "import", edited.path, "--name", "none", "--changes", "reject", in: root)
        XCTAssertTrue(rejected.stdout.contains("no draft made"), rejected.stdout)
    }

    func testTheSameDeletionsAsWordWritesThem() throws {
        let (root, docx, paths) = try sentBook()
        let stamp = "w:author=\"Anna Editor\" w:date=\"2026-11-20T10:00:00Z\""
        try DocxFixture.edit(docx) { xml in
            var xml = xml
            // A paragraph deleted whole: its mark deleted (`w:pPr/w:rPr/w:del`), its runs inside `w:del`.
            for text in ["candles", "The logbook lay open."] {
                let paragraph = try XCTUnwrap(xml.firstMatch(of: try Regex("<w:p><w:pPr>((?:(?!</w:pPr>).)*)</w:pPr>((?:(?!</w:p>).)*?)<w:r>(<w:rPr>(?:(?!</w:rPr>).)*</w:rPr>)<w:t xml:space=\"preserve\">\(text)</w:t></w:r>((?:(?!<w:p>).)*?)</w:p>")), text)
                let (properties, before, run, after) = (paragraph.output[1].substring!, paragraph.output[2].substring!, paragraph.output[3].substring!, paragraph.output[4].substring!)
                xml.replaceSubrange(paragraph.range, with: "<w:p><w:pPr>\(properties)<w:rPr><w:del w:id=\"7\(text.count)\" \(stamp)/></w:rPr></w:pPr>\(before)"
                    + "<w:del w:id=\"8\(text.count)\" \(stamp)><w:r>\(run)<w:delText xml:space=\"preserve\">\(text)</w:delText></w:r></w:del>\(after)</w:p>")
            }
            // A table row deleted: `w:trPr/w:del`, and its text deleted.
            let row = try XCTUnwrap(xml.firstMatch(of: #/<w:tr>((?:(?!</w:tr>).)*?>Ben<(?:(?!</w:tr>).)*)</w:tr>/#))
            let cells = String(row.output.1).replacingOccurrences(of: "<w:t xml:space=\"preserve\">", with: "<w:delText xml:space=\"preserve\">")
                .replacingOccurrences(of: "</w:t>", with: "</w:delText>")
            xml.replaceSubrange(row.range, with: "<w:tr><w:trPr><w:del w:id=\"90\" \(stamp)/></w:trPr>\(cells)</w:tr>")
            return xml
        }
        let report = try importReview(docx, "word", in: root).json
        XCTAssertEqual(Set(titles(report, "changed")), ["Lists", "Tower"])
        XCTAssertEqual(try reviewed(paths["Lists"]!, "review/word", in: root), Self.lists
            .replacingOccurrences(of: "- candles\n", with: "").replacingOccurrences(of: "| Ben | 41 |\n", with: ""))
        // The scene's last paragraph, gone with its mark: the next chapter's heading stays out of it.
        XCTAssertEqual(try reviewed(paths["Tower"]!, "review/word", in: root), "The door was unlocked.\n")
    }

    func testAParagraphDeletedWithItsMarkAtASceneEndLeavesNoBreakOrHeading() throws {
        let (root, docx, paths) = try sentBook()
        // Selected from its start to the next paragraph's (the scene break), and from the end of the one before.
        let edited = try LibreOffice.edit(docx, [
            ["op": "delete-paragraph", "text": "He looked up then."],
            ["op": "delete-with-mark-before", "text": "The lamp was still."],
        ], in: scratch)
        let report = try importReview(edited, "ends", in: root).json
        XCTAssertEqual(titles(report, "changed"), ["Storm", "Quay"])
        XCTAssertEqual(try reviewed(paths["Quay"]!, "review/ends", in: root), "The harbourmaster coiled rope.\n")
        XCTAssertEqual(try reviewed(paths["Storm"]!, "review/ends", in: root), "The gulls were *quiet* that night.\n")
        XCTAssertEqual(try reviewed(paths["Lists"]!, "review/ends", in: root), Self.lists)
    }

    func testAWholeSceneDeletedIsEmptiedAndSaidSo() throws {
        let (root, docx, paths) = try sentBook()
        let edited = try LibreOffice.edit(docx, [["op": "delete-paragraphs", "from": "The harbourmaster coiled rope.", "to": "He looked up then."]], in: scratch)
        let text = try expect(0, "review", "import", edited.path, "--name", "cut", in: root)
        XCTAssertTrue(text.stdout.contains("emptied  Quay  (\(paths["Quay"]!))"), text.stdout)
        XCTAssertFalse(text.stderr.contains("not in"), text.stderr)
        XCTAssertEqual(try reviewed(paths["Quay"]!, "review/cut", in: root).trimmingCharacters(in: .whitespacesAndNewlines), "")
        XCTAssertEqual(try reviewed(paths["Storm"]!, "review/cut", in: root), "The gulls were *quiet* that night.\n\nThe lamp was **still**.\n")
    }

    func testParagraphsSplitAndJoinedAreTakenWithoutStraySpaces() throws {
        let (root, docx, paths) = try sentBook()
        let edited = try LibreOffice.edit(docx, [
            ["op": "split-paragraph", "after": "The gulls were quiet"],
            ["op": "join-paragraphs", "text": "The door was unlocked."],
        ], in: scratch)
        try importReview(edited, "split", in: root)
        XCTAssertEqual(try reviewed(paths["Storm"]!, "review/split", in: root), "The gulls were *quiet*\n\nthat night.\n\nThe lamp was **still**.\n")
        XCTAssertEqual(try reviewed(paths["Tower"]!, "review/split", in: root), "The door was unlocked.The logbook lay open.\n")
    }

    func testARetitledChapterIsRenamedNotTextInAScene() throws {
        let (root, docx, paths) = try sentBook()
        let edited = try LibreOffice.edit(docx, [["op": "replace", "find": "Chapter 2", "with": "The Quay at Night"]], in: scratch)
        let result = try expect(0, "review", "import", edited.path, "--name", "titled", in: root)
        XCTAssertTrue(result.stdout.contains("retitled 'Chapter 2' as 'The Quay at Night'"), result.stdout)
        for (title, path) in paths {
            XCTAssertFalse(try reviewed(path, "review/titled", in: root).contains("Quay at Night"), title)
        }
        try expect(0, "merge", "review/titled", in: root)
        let tree = try expect(0, "tree", in: root).stdout
        XCTAssertTrue(tree.contains("The Quay at Night/"), tree)
        XCTAssertFalse(tree.contains("Chapter 2"), tree)
        try expect(0, "check", in: root)
    }

    func testAFileRestyledWithoutMsxsRecordGivesOnlyTheEditorsWords() throws {
        let (root, docx, paths) = try sentBook(["--preset", "manuscript"])
        // The editor's program dropped the compile's record and every style and font; the editor changed a word.
        let edited = try LibreOffice.edit(docx, [["op": "restyle"], ["op": "track", "on": true],
                                                 ["op": "replace", "find": "harbourmaster", "with": "quaymaster"]], in: scratch)
        let text = try expect(0, "review", "import", edited.path, "--name", "said", in: root)
        XCTAssertTrue(text.stderr.contains("only the editor's words were taken"), text.stderr)
        let report = try importReview(edited, "restyled", in: root).json
        XCTAssertEqual(report["restyledSoWordsOnly"] as? Bool, true)
        XCTAssertEqual(titles(report, "changed"), ["Quay"])
        XCTAssertEqual(report["conflicts"] as? Int, 0)
        XCTAssertEqual(try reviewed(paths["Quay"]!, "review/restyled", in: root), "The quaymaster coiled rope.\n\nHe looked up then.\n")
        XCTAssertEqual(try reviewed(paths["Lists"]!, "review/restyled", in: root), Self.lists)
    }

    func testTextOnlyLeavesTheEditorsFormattingOut() throws {
        let (root, docx, paths) = try sentBook()
        let edited = try LibreOffice.edit(docx, [["op": "bold", "find": "coiled"], ["op": "replace", "find": "rope", "with": "line"]], in: scratch)
        try importReview(edited, "all", in: root)
        XCTAssertEqual(try reviewed(paths["Quay"]!, "review/all", in: root), "The harbourmaster **coiled** line.\n\nHe looked up then.\n")
        try importReview(edited, "words", ["--text-only"], in: root)
        XCTAssertEqual(try reviewed(paths["Quay"]!, "review/words", in: root), "The harbourmaster coiled line.\n\nHe looked up then.\n")
    }

    func testWhatTheReaderSkippedIsNamedWithItsDocument() throws {
        let (root, docx, paths) = try sentBook()
        try DocxFixture.edit(docx) { xml in
            // An equation the editor put after "still." (msx reads none): Storm's, by title and path.
            let equation = "<m:oMath xmlns:m=\"http://schemas.openxmlformats.org/officeDocument/2006/math\"><m:r><m:t>x</m:t></m:r></m:oMath>"
            return xml.replacingOccurrences(of: ">still</w:t></w:r>", with: ">still</w:t></w:r>\(equation)")
        }
        let text = try expect(0, "review", "import", docx.path, "--name", "maths", in: root)
        XCTAssertTrue(text.stderr.contains("warning: 'Storm' (\(paths["Storm"]!)): 1 picture skipped"), text.stderr)
        XCTAssertFalse(text.stderr.contains("sent.docx: 1 picture"), text.stderr)
    }
}
