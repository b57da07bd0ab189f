import Foundation
import MsxTestSupport
import XCTest

/// An editor's copy of a compiled `.docx` comes back as the draft `review/NAME`, whose diff shows
/// exactly the editor's changes: tracked insertions, deletions and formatting changes as Word writes them, also
/// after LibreOffice has saved the file, and with the bookmarks lost.
final class ReviewImportTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// A project with Storm (formatted, with a picture and a titled link Word cannot hold) and Calm, snapshotted,
    /// compiled to `sent.docx`; returns the root and the file.
    private func sentBook() throws -> (root: URL, docx: URL) {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Storm", """
            It was dark and cold over the old harbour, and the gulls were quiet.

            The keeper ![lamp](lamp.png) climbed to [the light](https://example.com/ "The tower").

            Nothing moved on the water.
            """ + "\n", to: root)
        try addDocument("Calm", "The sea was calm that morning.\n", to: root)
        try expect(0, "format", "Storm", "--match", "harbour", "--italic", in: root)
        try expect(0, "snapshot", "-m", "sent to the editor", in: root)
        let docx = scratch.appendingPathComponent("sent.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        return (root, docx)
    }

    /// The run of `document` holding `word`, cut in three: before, the word, after; each with the run's properties.
    private func split(_ document: String, at word: String) throws -> (before: String, properties: String, text: (String, String, String), after: String) {
        let pattern = try NSRegularExpression(pattern: "<w:r>(<w:rPr>(?:(?!</w:rPr>).)*</w:rPr>)?<w:t xml:space=\"preserve\">([^<]*)</w:t></w:r>")
        let range = NSRange(document.startIndex..., in: document)
        for match in pattern.matches(in: document, range: range) {
            let text = String(document[Range(match.range(at: 2), in: document)!])
            guard let found = text.range(of: word) else { continue }
            let properties = match.range(at: 1).location == NSNotFound ? "" : String(document[Range(match.range(at: 1), in: document)!])
            let whole = Range(match.range, in: document)!
            return (String(document[..<whole.lowerBound]), properties,
                    (String(text[..<found.lowerBound]), word, String(text[found.upperBound...])), String(document[whole.upperBound...]))
        }
        throw XCTSkip("no run holds \(word)")
    }

    private func run(_ properties: String, _ text: String, deleted: Bool = false) -> String {
        text.isEmpty ? "" : "<w:r>\(properties)<w:\(deleted ? "delText" : "t") xml:space=\"preserve\">\(text)</w:\(deleted ? "delText" : "t")></w:r>"
    }

    /// Word's tracked replacement of `word` by `replacement`.
    private func replace(_ word: String, with replacement: String, in document: String) throws -> String {
        let (before, properties, text, after) = try split(document, at: word)
        let stamp = "w:author=\"Anna Editor\" w:date=\"2026-11-20T10:00:00Z\""
        return before + run(properties, text.0) + "<w:del w:id=\"901\" \(stamp)>\(run(properties, text.1, deleted: true))</w:del>"
            + "<w:ins w:id=\"902\" \(stamp)>\(run(properties, replacement))</w:ins>" + run(properties, text.2) + after
    }

    /// Word's tracked formatting change: `word` made bold, its old properties kept in `w:rPrChange`.
    private func embolden(_ word: String, in document: String) throws -> String {
        let (before, properties, text, after) = try split(document, at: word)
        let inner = properties.replacingOccurrences(of: "<w:rPr>", with: "").replacingOccurrences(of: "</w:rPr>", with: "")
        let bold = "<w:rPr>\(inner.replacingOccurrences(of: "<w:sz ", with: "<w:b/><w:bCs/><w:sz "))"
            + "<w:rPrChange w:id=\"903\" w:author=\"Anna Editor\" w:date=\"2026-11-20T10:01:00Z\"><w:rPr>\(inner)</w:rPr></w:rPrChange></w:rPr>"
        return before + run(properties, text.0) + run(bold, text.1) + run(properties, text.2) + after
    }

    /// Word's comment on `words` (within one run's text): its range around them, its reference after.
    private func comment(_ words: String, id: Int, in document: String) throws -> String {
        let (before, properties, text, after) = try split(document, at: words)
        return before + run(properties, text.0) + "<w:commentRangeStart w:id=\"\(id)\"/>" + run(properties, text.1)
            + "<w:commentRangeEnd w:id=\"\(id)\"/><w:r><w:commentReference w:id=\"\(id)\"/></w:r>" + run(properties, text.2) + after
    }

    private func edited(_ docx: URL, named name: String) throws -> URL {
        let copy = scratch.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: docx, to: copy)
        try DocxFixture.edit(copy) { xml in
            try comment("was dark", id: 0, in: try embolden("cold", in: try replace("gulls", with: "seabirds", in: xml)))
        }
        try DocxFixture.addComments(copy, [(0, "Anna Editor", "2026-11-20T10:02:00Z", "Which harbour? Name it.")])
        return copy
    }

    private func assertTheEditorsChanges(_ root: URL, branch: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let diff = try expect(0, "diff", "--from", "HEAD", "--to", branch, in: root, file: file, line: line).stdout
        XCTAssertTrue(diff.contains("[-gulls-]{+seabirds+}"), diff, file: file, line: line)
        XCTAssertTrue(diff.range(of: "bold[^\\n]*cold", options: .regularExpression) != nil, diff, file: file, line: line)
        XCTAssertFalse(diff.contains("Calm"), diff, file: file, line: line)
        // The editor's comment is on the review's version of Storm, on its words.
        let sidecar = try gitOutput(["show", "\(branch):contents/draft/storm.attrs.json"], in: root)
        XCTAssertTrue(sidecar.contains("Which harbour? Name it.") && sidecar.contains("Anna Editor"), sidecar, file: file, line: line)
        let stat = try expect(0, "diff", "--from", "HEAD", "--to", branch, "--stat", in: root, file: file, line: line).stdout
        XCTAssertTrue(stat.contains("+1 / -1"), stat, file: file, line: line)
    }

    /// What git prints for `arguments` in `root`.
    private func gitOutput(_ arguments: [String], in root: URL) throws -> String {
        try ExternalTool.run("/usr/bin/git", ["-C", root.path] + arguments, package: "git").output
    }

    func testTrackedChangesComeBackAsAReviewDraft() throws {
        let (root, docx) = try sentBook()
        let storm = try read("contents/draft/storm.md", in: root)
        let copy = try edited(docx, named: "storm-anna.docx")
        let report = try expect(0, "review", "import", copy.path, "--name", "anna", "--json", in: root).json()
        XCTAssertEqual(report["branch"] as? String, "review/anna")
        XCTAssertEqual((report["changed"] as? [[String: Any]])?.map { $0["title"] as? String }, ["Storm"])
        XCTAssertEqual((report["unchanged"] as? [[String: Any]])?.map { $0["title"] as? String }, ["Calm"])
        XCTAssertEqual(report["baseRecorded"] as? Bool, true)
        try assertTheEditorsChanges(root, branch: "review/anna")
        // The working files are the writer's until the review is merged; then the editor's words are in them and
        // what Word could not hold (the picture, the link's title) is still there.
        XCTAssertEqual(try read("contents/draft/storm.md", in: root), storm)
        try expect(0, "merge", "review/anna", in: root)
        let merged = try read("contents/draft/storm.md", in: root)
        XCTAssertTrue(merged.contains("the seabirds were quiet"), merged)
        XCTAssertTrue(merged.contains("![lamp](lamp.png)") && merged.contains("\"The tower\""), merged)
        let comments = try expect(0, "comments", "Storm", "--json", in: root).json()["comments"] as? [[String: Any]] ?? []
        XCTAssertEqual(comments.count, 1, "\(comments)")
        XCTAssertEqual(comments.first?["author"] as? String, "Anna Editor")
        XCTAssertEqual((comments.first?["places"] as? [[String: Any]])?.map { $0["text"] as? String }, ["was dark"])
        try expect(0, "check", in: root)
        // The same name again is refused; rejecting the changes leaves nothing to review.
        try expect(1, "review", "import", copy.path, "--name", "anna", in: root)
        // Rejecting the tracked changes leaves the comment, and no change to the words.
        try expect(0, "review", "import", copy.path, "--name", "comment-only", "--changes", "reject", in: root)
        let commentOnly = try expect(0, "diff", "--from", "review/comment-only~1", "--to", "review/comment-only", in: root).stdout
        XCTAssertFalse(commentOnly.contains("seabirds"), commentOnly)
        // A copy with no change at all makes no draft.
        let unchanged = try expect(0, "review", "import", docx.path, "--name", "none", in: root)
        XCTAssertTrue(unchanged.stdout.contains("no draft made"), unchanged.stdout)
    }

    /// A picture the editor adds (here, the book's own picture pasted again in a new paragraph) is in the review
    /// draft beside the document that shows it, and the writer's own picture stays as the writer wrote it.
    func testAPictureTheEditorAddedComesWithTheReview() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try Data(base64Encoded: EpubCompileTests.onePixelPNG)!.write(to: root.appendingPathComponent("contents/draft/dot.png"))
        try addDocument("Harbour", "A light ![the lamp](dot.png) on the wall.\n\nThe tide came in.\n", to: root)
        try expect(0, "snapshot", "-m", "sent", in: root)
        let docx = scratch.appendingPathComponent("sent.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        try DocxFixture.edit(docx) { xml in
            let drawing = try XCTUnwrap(xml.firstMatch(of: #/<w:r><w:drawing>.*?</w:drawing></w:r>/#)).0
            let tide = try XCTUnwrap(xml.range(of: "<w:p><w:pPr>", options: .backwards))
            return xml.replacingCharacters(in: tide.lowerBound..<tide.lowerBound, with: "<w:p>\(drawing)</w:p>")
        }
        try expect(0, "review", "import", docx.path, "--name", "pictured", in: root)
        let markdown = try expect(0, "show", "Harbour@review/pictured", "--as", "markdown", in: root).stdout
        XCTAssertTrue(markdown.contains("![the lamp](dot.png)"), markdown)
        let added = try XCTUnwrap(markdown.firstMatch(of: #/!\[\]\((picture-[0-9a-f]{16}\.png)\)/#).map { String($0.1) }, markdown)
        try expect(0, "merge", "review/pictured", in: root)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("contents/draft/" + added)),
                       Data(base64Encoded: EpubCompileTests.onePixelPNG)!)
        try expect(0, "check", in: root)
    }

    func testEditsThatCouldNotBeTakenAreNamedWithTheirDocument() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try Data(base64Encoded: EpubCompileTests.onePixelPNG)!.write(to: root.appendingPathComponent("contents/draft/dot.png"))
        let (_, path) = try addDocument("Harbour", "The keeper ![the lamp](dot.png) climbed.\n\nThe tide came in.\n", to: root)
        try expect(0, "snapshot", "-m", "sent", in: root)
        let docx = scratch.appendingPathComponent("sent.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        // The editor cuts the picture and changes the word beside it: the project's picture (a file Word renamed)
        // and the editor's cut meet.
        try DocxFixture.edit(docx) { xml in
            let drawing = try XCTUnwrap(xml.firstMatch(of: #/<w:r><w:drawing>.*?</w:drawing></w:r>/#)).0
            return String(xml.replacingOccurrences(of: drawing, with: "")).replacingOccurrences(of: ">The keeper </w:t>", with: ">The old keeper </w:t>")
        }
        let text = try expect(0, "review", "import", docx.path, in: root)
        XCTAssertTrue(text.stderr.contains("warning: 'Harbour' (\(path)): 1 edit of the editor's not taken, the project's text kept"), text.stderr)
        let json = try expect(0, "review", "import", docx.path, "--name", "again", "--json", in: root).json()
        let conflicted = json["conflictsIn"] as? [[String: Any]] ?? []
        XCTAssertEqual(conflicted.map { $0["title"] as? String }, ["Harbour"])
        XCTAssertEqual((conflicted.first?["conflicts"] as? [String])?.count, 1, "\(json)")
        XCTAssertEqual(json["conflicts"] as? Int, 1)
    }

    func testTheSameAfterLibreOfficeSavedIt() throws {
        let (root, docx) = try sentBook()
        let copy = try edited(docx, named: "storm-lo.docx")
        let saved = try LibreOffice.convert(copy, to: "docx:MS Word 2007 XML", extension: "docx", in: scratch)
        try expect(0, "review", "import", saved.path, "--name", "lo", in: root)
        try assertTheEditorsChanges(root, branch: "review/lo")
    }

    func testAParagraphAddedAfterADocumentAndADocumentEmptied() throws {
        let (root, docx) = try sentBook()
        let copy = scratch.appendingPathComponent("added.docx")
        try FileManager.default.copyItem(at: docx, to: copy)
        try DocxFixture.edit(copy) { xml in
            // Word and LibreOffice leave the bookmark's end where it was: the new paragraph is outside it.
            guard let end = xml.range(of: "<w:bookmarkEnd w:id=\"0\"/></w:p>") else { throw XCTSkip("no bookmark end") }
            return xml.replacingCharacters(in: end, with: "<w:bookmarkEnd w:id=\"0\"/></w:p><w:p><w:r><w:t>An added paragraph.</w:t></w:r></w:p>")
                .replacingOccurrences(of: ">The sea was calm that morning.<", with: "><")
        }
        try expect(0, "review", "import", copy.path, "--name", "added", in: root)
        let storm = try ExternalTool.run("/usr/bin/git", ["-C", root.path, "show", "review/added:contents/draft/storm.md"], package: "git").output
        XCTAssertTrue(storm.hasSuffix("Nothing moved on the water.\n\nAn added paragraph.\n"), storm)
        let calm = try ExternalTool.run("/usr/bin/git", ["-C", root.path, "show", "review/added:contents/draft/calm.md"], package: "git").output
        XCTAssertFalse(calm.contains("#") || calm.contains("calm"), calm)
    }

    func testDocumentsWhoseBookmarksWereLostAreFoundByTheirText() throws {
        let (root, docx) = try sentBook()
        let copy = try edited(docx, named: "no-marks.docx")
        try DocxFixture.edit(copy) { xml in
            xml.replacingOccurrences(of: "<w:bookmark(Start|End) [^>]*/>", with: "", options: .regularExpression)
        }
        let report = try expect(0, "review", "import", copy.path, "--name", "lost", "--json", in: root).json()
        XCTAssertEqual(Set((report["foundByText"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []), ["Storm", "Calm"])
        try assertTheEditorsChanges(root, branch: "review/lost")
    }
}
