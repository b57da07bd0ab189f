import Foundation
import XCTest

/// The compiled book has the binder's structure: parts, chapters and scenes from labels and places; each part and
/// chapter starts a page (and an EPUB file), its table of contents nested as the book is, scenes separated.
final class BookSectionsTests: MsxTestCase {
    /// A file of an EPUB package, read by unzip (an independent reader).
    private func entry(_ name: String, of epub: URL) throws -> String {
        let (status, output) = try ExternalTool.run("/usr/bin/unzip", ["-p", epub.path, name], package: "unzip")
        XCTAssertEqual(status, 0, output)
        return output
    }

    /// The table of contents as (depth, title) pairs, read from the nav document's nested lists.
    private func contents(of epub: URL) throws -> [(depth: Int, title: String)] {
        let nav = try entry("OEBPS/nav.xhtml", of: epub)
        let toc = String(nav[try XCTUnwrap(nav.range(of: "<nav epub:type=\"toc\"")).lowerBound...])
        var depth = 0
        var entries: [(Int, String)] = []
        for token in toc.matches(of: /<ol>|<\/ol>|<a href="[^"]*">([^<]*)<\/a>|<\/nav>/) {
            if token.output.0 == "</nav>" { break }
            switch token.output.0 {
            case "<ol>": depth += 1
            case "</ol>": depth -= 1
            default: entries.append((depth, String(token.output.1 ?? "")))
            }
        }
        return entries
    }

    /// The spine's files in reading order.
    private func spine(of epub: URL) throws -> [String] {
        let opf = try entry("OEBPS/content.opf", of: epub)
        let files = Dictionary(uniqueKeysWithValues: opf.matches(of: /<item id="([^"]+)" href="([^"]+)"/).map { (String($0.1), String($0.2)) })
        return opf.matches(of: /<itemref idref="([^"]+)"\/>/).compactMap { files[String($0.1)] }
    }

    /// The text of the heading a page's body opens with (nil when it opens with anything else).
    private static func firstHeadingText(_ body: String) -> String? {
        guard body.hasPrefix("<h"), let end = body.range(of: "</h") else { return nil }
        let element = String(body[..<end.lowerBound])
        return element.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }

    func testTheNovelTemplatesPartsHoldTheirChapters() throws {
        let root = try makeProject("novel")
        let epub = scratch.appendingPathComponent("novel.epub")
        try expect(0, "compile", "--out", epub.path, in: root)
        let toc = try contents(of: epub)
        XCTAssertEqual(toc.map { "\($0.depth) \($0.title)" }, ["1 Part One", "2 Chapter 1", "2 Chapter 2", "1 Part Two", "2 Chapter 3"])
        // One file per part and chapter, each opening with its heading.
        let files = try spine(of: epub)
        XCTAssertEqual(files.count, 5, "\(files)")
        for (file, (_, title)) in zip(files, toc) {
            let page = try entry("OEBPS/" + file, of: epub)
            let bodyStart = try XCTUnwrap(page.range(of: "<body>")).upperBound
            let body = String(page[bodyStart...]).trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(Self.firstHeadingText(body), title, file)
        }
        let (status, report) = try EpubCompileTests.epubcheck(epub)
        XCTAssertEqual(status, 0, report)
        XCTAssertTrue(report.contains("0 fatals / 0 errors / 0 warnings"), report)
    }

    /// A book whose chapters are documents in one folder: a file and an entry per chapter, no scene separators
    /// between chapters, and each chapter on a new page in RTF and DOCX.
    func testChaptersThatAreDocumentsInOneFolder() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try expect(0, "new", "Manuscript", "--folder", in: root)
        let titles = ["The Harbour", "The Fog", "The Lamp"]
        for (number, title) in titles.enumerated() {
            try addDocument(title, "# \(title)\n\nChapter \(number + 1) begins here.\n\nAnd goes on.\n", to: root, options: ["--in", "Manuscript"])
        }
        let epub = scratch.appendingPathComponent("book.epub")
        try expect(0, "compile", "--out", epub.path, in: root)
        XCTAssertEqual(try contents(of: epub).map { "\($0.depth) \($0.title)" }, titles.map { "1 \($0)" })
        XCTAssertEqual(try spine(of: epub).count, 3, "a file per chapter (the folder only wraps the book)")
        let (status, report) = try EpubCompileTests.epubcheck(epub)
        XCTAssertEqual(status, 0, report)

        let markdown = try expect(0, "compile", in: root).stdout
        XCTAssertFalse(markdown.contains("\\#"), "chapters are not scenes: no separator between them\n\(markdown)")
        let rtf = try expect(0, "compile", "--format", "rtf", in: root).stdout
        for title in titles.dropFirst() {
            let heading = try XCTUnwrap(rtf.range(of: title))
            let paragraph = try XCTUnwrap(rtf[..<heading.lowerBound].range(of: "\\pard", options: .backwards))
            XCTAssertTrue(rtf[paragraph.lowerBound..<heading.lowerBound].contains("\\pagebb"), "\(title) starts a page")
        }
        let docx = scratch.appendingPathComponent("book.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        let document = try entry("word/document.xml", of: docx)
        XCTAssertEqual(document.components(separatedBy: "<w:pageBreakBefore/>").count - 1, titles.count - 1,
                       "every chapter but the first starts a page")
        XCTAssertFalse(markdown.contains("Manuscript"), "a folder that only wraps the book is no heading")
    }

    /// Scenes run on with the separator between them; a scene labelled so stays a scene wherever it is.
    func testScenesAreSeparatedAndLabelsSayWhatANodeIs() throws {
        let root = try makeProject("short-story")
        let markdown = try expect(0, "compile", in: root).stdout
        XCTAssertEqual(markdown.components(separatedBy: "\n\\* \\* \\*\n").count - 1, 2, "three scenes, two separators\n\(markdown)")
        let rtf = try expect(0, "compile", "--format", "rtf", in: root).stdout
        XCTAssertFalse(rtf.contains("\\pagebb"), "a short story's scenes run on")
    }

    /// Standard manuscript format: each chapter on a new page, its opening about a third of the way down.
    func testManuscriptChaptersStartAThirdDownANewPage() throws {
        let root = try makeProject("novel")
        let docx = scratch.appendingPathComponent("novel.docx")
        try expect(0, "compile", "--preset", "manuscript", "--out", docx.path, in: root)
        let document = try entry("word/document.xml", of: docx)
        let openings = document.matches(of: /<w:p><w:pPr>(?:(?!<\/w:pPr>).)*<w:pageBreakBefore\/>(?:(?!<\/w:pPr>).)*<\/w:pPr>/)
        XCTAssertGreaterThanOrEqual(openings.count, 5, "two parts and three chapters start pages")
        let dropped = openings.filter { $0.output.contains("w:before=\"3840\"") }
        XCTAssertEqual(dropped.count, 5, "each opening dropped 192 pt (3840 twentieths)")
    }

    /// The `cover` compile setting's picture is the EPUB's cover: its image marked so, a cover page first in the
    /// spine, a landmark; epubcheck accepts it. A cover that is not there is named, and the book has none.
    func testTheCoverPictureIsTheBooksCover() throws {
        let root = try makeProject("novel")
        let cover = "contents/research/cover.png"
        try Data(base64Encoded: EpubCompileTests.onePixelPNG)!.write(to: root.appendingPathComponent(cover))
        try setCompileSettings(["cover": cover], in: root)

        let epub = scratch.appendingPathComponent("covered.epub")
        let compiled = try expect(0, "compile", "--out", epub.path, in: root)
        XCTAssertFalse(compiled.stderr.contains("warning"), compiled.stderr)
        let opf = try entry("OEBPS/content.opf", of: epub)
        XCTAssertTrue(opf.contains("href=\"images/cover.png\" media-type=\"image/png\" properties=\"cover-image\""), opf)
        XCTAssertEqual(try spine(of: epub).first, "cover.xhtml")
        XCTAssertEqual(try Data(contentsOf: epub).range(of: Data(base64Encoded: EpubCompileTests.onePixelPNG)!) != nil, true)
        XCTAssertTrue(try entry("OEBPS/nav.xhtml", of: epub).contains("epub:type=\"cover\" href=\"cover.xhtml\""))
        let (status, report) = try EpubCompileTests.epubcheck(epub)
        XCTAssertEqual(status, 0, report)
        XCTAssertTrue(report.contains("0 fatals / 0 errors / 0 warnings"), report)

        try FileManager.default.removeItem(at: root.appendingPathComponent(cover))
        let uncovered = try expect(0, "compile", "--out", epub.path, in: root)
        XCTAssertTrue(uncovered.stderr.contains("the cover picture \(cover) is missing"), uncovered.stderr)
        XCTAssertFalse(try entry("OEBPS/content.opf", of: epub).contains("cover-image"))
        XCTAssertEqual(try EpubCompileTests.epubcheck(epub).status, 0)
    }

    /// `msx meta --compile-as` says what a node is, over its label and place: kept in the manifest, shown by meta
    /// and tree, named by diff, and followed by compile; `auto` gives the decision back; a wrong name is refused.
    func testCompileAsOverridesLabelAndPlace() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try expect(0, "new", "Manuscript", "--folder", in: root)
        for title in ["The Harbour", "The Fog"] {
            try addDocument(title, "# \(title)\n\nWords of \(title.lowercased()).\n", to: root, options: ["--in", "Manuscript"])
        }
        try expect(0, "snapshot", "-m", "Two chapters", in: root)
        let epub = scratch.appendingPathComponent("book.epub")

        try expect(0, "meta", "Manuscript", "--compile-as", "part", in: root)
        let manifest = try String(contentsOf: root.appendingPathComponent("manuscript.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"compileAs\": \"part\""), manifest)
        XCTAssertTrue(try expect(0, "meta", "Manuscript", in: root).stdout.contains("compile:   included, as part"))
        let tree = try expect(0, "tree", "--json", in: root).stdout
        XCTAssertTrue(tree.contains("\"compileAs\": \"part\""), tree)
        try expect(0, "compile", "--out", epub.path, in: root)
        XCTAssertEqual(try contents(of: epub).map { "\($0.depth) \($0.title)" }, ["1 Manuscript", "2 The Harbour", "2 The Fog"])
        XCTAssertEqual(try EpubCompileTests.epubcheck(epub).status, 0)

        try expect(0, "meta", "The Fog", "--compile-as", "front-matter", in: root)
        XCTAssertTrue(try expect(0, "diff", in: root).stdout.contains("compile as (none) -> front-matter"), "diff names the change")
        try expect(0, "compile", "--out", epub.path, in: root)
        XCTAssertEqual(try contents(of: epub).map(\.title), ["Manuscript", "The Harbour", "The Fog"])

        let wrong = try expect(64, "meta", "The Fog", "--compile-as", "chaptr", in: root)
        XCTAssertTrue(wrong.stderr.contains("did you mean 'chapter'"), wrong.stderr)
        try expect(0, "meta", "Manuscript", "--compile-as", "auto", in: root)
        try expect(0, "meta", "The Fog", "--compile-as", "auto", in: root)
        XCTAssertFalse(try String(contentsOf: root.appendingPathComponent("manuscript.json"), encoding: .utf8).contains("compileAs"))
        try expect(0, "compile", "--out", epub.path, in: root)
        XCTAssertEqual(try contents(of: epub).map { "\($0.depth) \($0.title)" }, ["1 The Harbour", "1 The Fog"])
        try expect(0, "check", in: root)
    }

    /// Section layouts in the manifest's compile settings: chapters numbered in words, a title heading for a chapter
    /// document that has none, parts labelled and numbered, chapters that run on; a wrong value is named.
    func testSectionLayoutsNumberAndTitleSections() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("The Harbour", "It began at the harbour.\n", to: root)
        try addDocument("The Fog", "# In the Fog\n\nThen the fog.\n", to: root)
        func set(_ sections: [String: Any]) throws { try setCompileSettings(["sections": sections], in: root) }
        let auto = try expect(0, "compile", "--format", "txt", in: root).stdout
        XCTAssertEqual(auto, "It began at the harbour.\n\nIn the Fog\n\nThen the fog.\n", "by default nothing is added")

        try set(["chapter": ["heading": "title"]])
        XCTAssertEqual(try expect(0, "compile", "--format", "txt", in: root).stdout,
                       "The Harbour\n\nIt began at the harbour.\n\nIn the Fog\n\nThen the fog.\n", "a title where the document has no heading")

        try set(["chapter": ["heading": "label-number-words"]])
        XCTAssertEqual(try expect(0, "compile", "--format", "txt", in: root).stdout,
                       "Chapter One\n\nIt began at the harbour.\n\nChapter Two\n\nIn the Fog\n\nThen the fog.\n")
        XCTAssertTrue(try expect(0, "compile", in: root).stdout.hasPrefix("# Chapter One\n\nIt began at the harbour.\n\n# Chapter Two\n\n# In the Fog"),
                      "Markdown follows the layout too")
        let epub = scratch.appendingPathComponent("numbered.epub")
        try expect(0, "compile", "--out", epub.path, in: root)
        XCTAssertEqual(try contents(of: epub).map(\.title), ["Chapter One", "Chapter Two"])
        let (status, report) = try EpubCompileTests.epubcheck(epub)
        XCTAssertEqual(status, 0, report)

        try set(["chapter": ["heading": "number", "pageBreak": false]])
        let rtf = try expect(0, "compile", "--format", "rtf", in: root).stdout
        XCTAssertFalse(rtf.contains("\\pagebb"), "chapters that run on start no page")
        XCTAssertEqual(try expect(0, "compile", "--format", "txt", in: root).stdout, "1\n\nIt began at the harbour.\n\n2\n\nIn the Fog\n\nThen the fog.\n")

        try set(["chapter": ["heading": "number-word"]])
        let refused = try expect(64, "compile", "--format", "txt", in: root)
        XCTAssertTrue(refused.stderr.contains("number-word") && refused.stderr.contains("number-words"), refused.stderr)
        try set(["chapters": ["heading": "number"]])
        XCTAssertTrue(try expect(64, "compile", in: root).stderr.contains("'chapters' is not a section type"))
    }

    /// A folder's metadata or the project's own fields changed since the last version: `diff` names them as
    /// `status` does (text and JSON), and `--exit-code` says something differs; naming a document leaves them out.
    func testDiffNamesFolderAndProjectChanges() throws {
        let root = try makeProject("novel")
        try expect(0, "snapshot", "-m", "start", in: root)
        XCTAssertEqual(try expect(0, "diff", "--exit-code", in: root).stdout, "No differences.\n")
        try expect(0, "meta", "Part One", "--compile-as", "chapter", in: root)
        try setCompileSettings(["trimSize": "5x8"], in: root)
        let text = try expect(0, "diff", in: root).stdout
        XCTAssertTrue(text.contains("binder: folder 'Part One': compile as (none) -> chapter"), text)
        XCTAssertTrue(text.contains("binder: project compile changed"), text)
        try expect(1, "diff", "--exit-code", in: root)
        let json = try expect(0, "diff", "--json", in: root).json()
        XCTAssertEqual(json["binder"] as? [String], ["folder 'Part One': compile as (none) -> chapter", "project compile changed"])
        XCTAssertEqual(try expect(0, "diff", "contents/draft/part-two/chapter-3/scene-1.md", "--json", in: root).json()["binder"] as? [String], [])
        try expect(0, "snapshot", "-m", "layout", in: root)
        XCTAssertTrue(try expect(0, "diff", "HEAD~1..HEAD", in: root).stdout.contains("binder: project compile changed"))
    }
}

