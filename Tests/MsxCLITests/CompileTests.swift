import Foundation
import XCTest

/// `msx compile`: binder order, headings from folders, scene separators, excluded documents, every format, the
/// manuscript preset, versions, and an independent witness (LibreOffice) when it is installed.
final class CompileTests: MsxTestCase {
    private func makeBook() throws -> URL {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try expect(0, "new", "Part One", "--folder", in: root)
        // A lone folder with no label would only wrap the book (no heading, its documents chapters): this one is a
        // chapter, whose documents are scenes.
        try expect(0, "meta", "Part One", "--label", "Chapter", in: root)
        try addDocument("Scene A", "It was *dark*.\n", to: root, options: ["--in", "Part One"])
        try addDocument("Scene B", "The \"lamp\" -- still...\n", to: root, options: ["--in", "Part One"])
        try addDocument("Cut", "Never compiled.\n", to: root, options: ["--in", "Part One"])
        try expect(0, "meta", "Cut", "--exclude", in: root)
        return root
    }

    /// The `-o` and `-t` short forms; an output folder that does not exist is named.
    func testShortFormsAndAMissingOutputFolder() throws {
        let root = try makeProject()
        let out = scratch.appendingPathComponent("book-\(UUID().uuidString).txt")
        try expect(0, "compile", "-t", "txt", "-o", out.path, in: root)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.path))
        let missing = scratch.appendingPathComponent("no-such-folder/book.rtf")
        let result = try expect(1, "compile", "-o", missing.path, in: root)
        XCTAssertTrue(result.stderr.contains("the folder \(missing.deletingLastPathComponent().path) does not exist"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
    }

    func testMarkdownHasHeadingsSeparatorsAndLeavesOutExcludedDocuments() throws {
        let root = try makeBook()
        let md = try expect(0, "compile", in: root).stdout
        XCTAssertEqual(md, "# Part One\n\nIt was *dark*.\n\n\\#\n\nThe \"lamp\" -- still...\n")
        let smart = try expect(0, "compile", "--smart-quotes", in: root).stdout
        XCTAssertTrue(smart.contains("The \u{201C}lamp\u{201D} \u{2014} still\u{2026}"), smart)
    }

    func testMarkdownKeepsEachDocumentToItselfAndTitlesAndAddressesIntact() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try expect(0, "new", "Part #", "--folder", in: root)
        try expect(0, "meta", "Part #", "--label", "Chapter", in: root)
        try addDocument("Open", "Text.\n\n```\ncode never closed\n", to: root, options: ["--in", "Part #"])
        try addDocument("Next", "See <http://example.com/a--b> and \"this\".\n", to: root, options: ["--in", "Part #"])
        let md = try expect(0, "compile", "--smart-quotes", in: root).stdout
        XCTAssertEqual(md, "# Part \\#\n\nText.\n\n```\ncode never closed\n```\n\n\\#\n\nSee <http://example.com/a--b> and \u{201C}this\u{201D}.\n")
        try expect(64, "compile", "--out", scratch.appendingPathComponent("book.odt").path, in: root)
    }

    func testSeparateListsNumberSeparatelyInRTF() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Lists", "Steps:\n\n1. alpha\n2. beta\n\nLater:\n\n1. gamma\n2. delta\n", to: root)
        let rtf = try expect(0, "compile", "--format", "rtf", in: root).stdout
        XCTAssertTrue(rtf.contains("\\ls1\\ilvl0") && rtf.contains("\\ls2\\ilvl0"), rtf)
        XCTAssertEqual(rtf.components(separatedBy: "\\listoverride\\").count - 1, 2)
    }

    func testARawHTMLBlockIsKeptInCompileAndCounted() throws {
        let root = try makeProject()
        try addDocument("Note", "Before.\n\n<div class=\"note\">A <em>raw</em> note &amp; more.</div>\n\n<!-- a comment -->\n\nAfter.\n", to: root)
        let html = try expect(0, "compile", "--format", "html", in: root).stdout
        XCTAssertTrue(html.contains("<div class=\"note\">A <em>raw</em> note &amp; more.</div>"), html)
        let text = try expect(0, "compile", "--format", "txt", in: root).stdout
        XCTAssertTrue(text.contains("\nA raw note & more.\n"), text)
        XCTAssertFalse(text.contains("comment"), text)
        let markdown = try expect(0, "compile", in: root).stdout
        XCTAssertTrue(markdown.contains("<div class=\"note\">A <em>raw</em> note &amp; more.</div>"), markdown)
        let shown = try paragraphs(of: "Note", in: root)
        XCTAssertEqual(shown.map { $0["kind"] as? String }, ["paragraph", "htmlBlock", "paragraph"])
        XCTAssertEqual(shown[1]["text"] as? String, "A raw note & more.")
        let tree = try expect(0, "tree", "--json", in: root).json()
        let note = ((tree["binder"] as? [[String: Any]])?.first?["children"] as? [[String: Any]])?.first { $0["title"] as? String == "Note" }
        XCTAssertEqual(note?["words"] as? Int, 6, "Before, A raw note more, After: tags, the comment and & do not count")
    }

    /// Footnotes written inline (`^[...]`) compile as footnotes: numbered references and notes at the end in HTML,
    /// `\\footnote` groups in RTF; their words count; pandoc, a Markdown reader of its own, reads them as footnotes.
    func testFootnotesCompileAsFootnotes() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        let markdown = "The storm came^[From the *west*.] at dusk.\n\nThen rain^[Cold.].\n"
        try addDocument("Notes", markdown, to: root)
        let html = try expect(0, "compile", "--format", "html", in: root).stdout
        XCTAssertTrue(html.contains("came</span><sup class=\"footnote-ref\"><a href=\"#fn1\" id=\"fnref1\">1</a></sup>"), html)
        XCTAssertTrue(html.contains("rain</span><sup class=\"footnote-ref\"><a href=\"#fn2\" id=\"fnref2\">2</a></sup>"), html)
        let notes = html.components(separatedBy: "<section class=\"footnotes\">").last ?? ""
        let first = notes.components(separatedBy: "\n").first { $0.hasPrefix("<li id=\"fn1\">") } ?? ""
        XCTAssertTrue(first.contains("From the </span>") && first.contains("<em>west</em>"), notes)
        XCTAssertTrue(first.hasSuffix("<a href=\"#fnref1\" class=\"footnote-back\">\u{21A9}\u{FE0E}</a></p></li>"), notes)
        XCTAssertTrue(notes.contains("<li id=\"fn2\"><p>") && notes.contains("Cold.</span>"), notes)
        XCTAssertFalse(html.contains("^["), html)
        let rtf = try expect(0, "compile", "--format", "rtf", in: root).stdout
        XCTAssertEqual(rtf.components(separatedBy: "{\\footnote").count - 1, 2, rtf)
        XCTAssertFalse(rtf.contains("^["), rtf)
        let tree = try expect(0, "tree", "--json", in: root).json()
        let documents = (tree["binder"] as? [[String: Any]])?.first?["children"] as? [[String: Any]]
        XCTAssertEqual(documents?.first { $0["title"] as? String == "Notes" }?["words"] as? Int, 11, "the notes' words count")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pandoc") else {
            throw XCTSkip("pandoc is not installed (apt-get install pandoc): the Markdown was not read by another reader")
        }
        let file = scratch.appendingPathComponent("notes.md")
        try markdown.write(to: file, atomically: true, encoding: .utf8)
        let read = try ExternalTool.run("/usr/bin/pandoc", ["-f", "markdown", "-t", "html", file.path], package: "pandoc").output
        XCTAssertEqual(read.components(separatedBy: "class=\"footnote-ref\"").count - 1, 2, read)
        XCTAssertFalse(read.contains("^["), read)
    }

    func testPandocReadsRTFQuotesAndDashesAsWritten() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Quotes", "\u{201C}Yes,\u{201D} she said \u{2014} it\u{2019}s caf\u{00E9} time\u{2026} in \u{6771}\u{4EAC}.\n", to: root)
        let rtf = scratch.appendingPathComponent("quotes.rtf")
        try expect(0, "compile", "--out", rtf.path, in: root)
        let written = try String(contentsOf: rtf, encoding: .utf8)
        XCTAssertTrue(written.contains("\\'93Yes,\\'94") && written.contains("\\u26481 ?"), written)
        let read = try ExternalTool.run("/usr/bin/pandoc", ["-f", "rtf", "-t", "plain", rtf.path], package: "pandoc").output
        XCTAssertTrue(read.contains("\u{201C}Yes,\u{201D} she said \u{2014} it\u{2019}s caf\u{00E9} time\u{2026} in \u{6771}\u{4EAC}."), read)
    }

    func testEveryFormatCarriesTheText() throws {
        let root = try makeBook()
        try expect(0, "format", "Scene A", "--match", "dark", "--underline", "--color", "#8B0000", in: root)
        let txt = try expect(0, "compile", "--format", "txt", in: root).stdout
        XCTAssertEqual(txt, "Part One\n\nIt was dark.\n\n#\n\nThe \"lamp\" -- still...\n")
        let html = try expect(0, "compile", "--format", "html", in: root).stdout
        XCTAssertTrue(html.contains("<h1"), html)
        XCTAssertTrue(html.contains("text-decoration-line: underline"), html)
        let out = scratch.appendingPathComponent("book.rtf")
        try expect(0, "compile", "--out", out.path, in: root)
        let rtf = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(rtf.hasPrefix("{\\rtf1"), rtf)
        XCTAssertTrue(rtf.contains("\\ul"), rtf)
        XCTAssertTrue(rtf.contains("\\red139\\green0\\blue0"), rtf)
        XCTAssertFalse(rtf.contains("Never compiled"))
    }

    func testManuscriptPresetHasTitlePageHeaderAndDoubleSpacing() throws {
        let root = try makeBook()
        let rtf = try expect(0, "compile", "--format", "rtf", "--preset", "manuscript", in: root).stdout
        XCTAssertTrue(rtf.contains("{\\header"), rtf)
        XCTAssertTrue(rtf.contains("Lovelace / TEST BOOK / \\chpgn"), rtf)
        XCTAssertTrue(rtf.contains("about 100 words"), rtf)
        XCTAssertTrue(rtf.contains("\\sl480\\slmult1"), rtf)
        XCTAssertTrue(rtf.contains("Times New Roman"), rtf)
        let plain = try expect(0, "compile", "--format", "rtf", "--preset", "manuscript", "--no-title-page", in: root).stdout
        XCTAssertFalse(plain.contains("about 100 words"))
    }

    func testCompileAtAVersion() throws {
        let root = try makeBook()
        try expect(0, "snapshot", "-m", "first", "--author", "A <a@b.c>", in: root)
        try write("It was light.\n", to: "contents/draft/part-one/scene-a.md", in: root)
        XCTAssertTrue(try expect(0, "compile", in: root).stdout.contains("It was light."))
        XCTAssertTrue(try expect(0, "compile", "--at", "~0", in: root).stdout.contains("It was *dark*."))
        try expect(1, "compile", "--at", "nosuchversion", in: root)
    }

    func testRTFImportsBackAsTheSameDocuments() throws {
        let root = try makeBook()
        try expect(0, "format", "Scene A", "--match", "dark", "--underline", "--font", "Baskerville", in: root)
        let out = scratch.appendingPathComponent("Round.rtf")
        try expect(0, "compile", "--out", out.path, in: root)
        try expect(0, "import", out.path, in: root)
        let json = try expect(0, "show", "Round", "--as", "json", in: root).json()
        let paragraphs = json["paragraphs"] as? [[String: Any]] ?? []
        XCTAssertEqual(paragraphs.map { $0["text"] as? String }, ["Part One", "It was dark.", "#", "The \"lamp\" -- still..."])
        guard paragraphs.count > 1 else { return }
        let runs = paragraphs[1]["runs"] as? [[String: Any]] ?? []
        let dark = runs.first { ($0["text"] as? String) == "dark" }?["attributes"] as? [String: Any]
        XCTAssertEqual(dark?["underline"] as? String, "single")
        XCTAssertEqual(dark?["fontFamily"] as? String, "Baskerville")
        XCTAssertEqual(dark?["italic"] as? Bool, true)
    }

    /// LibreOffice, an independent reader, opens msx's RTF and finds the words.
    func testLibreOfficeReadsTheRTF() throws {
        let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let soffice else { throw XCTSkip("LibreOffice is not installed (apt-get install libreoffice-writer-nogui)") }
        let root = try makeBook()
        let out = scratch.appendingPathComponent("witness.rtf")
        try expect(0, "compile", "--out", out.path, "--preset", "manuscript", in: root)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: soffice)
        process.arguments = ["--headless", "-env:UserInstallation=file://\(scratch.path)/lo-profile", "--convert-to", "txt:Text",
                             "--outdir", scratch.path, out.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOf: scratch.appendingPathComponent("witness.txt"), encoding: .utf8)
        XCTAssertTrue(text.contains("It was dark."), text)
        XCTAssertTrue(text.contains("still"), text)
        XCTAssertTrue(text.contains("Test Book"), text)
        // Two lists, each numbered from 1.
        try addDocument("Lists", "Steps:\n\n1. alpha\n2. beta\n\nLater:\n\n1. gamma\n2. delta\n", to: root)
        try expect(0, "compile", "--out", out.path, in: root)
        let again = Process()
        again.executableURL = process.executableURL
        again.arguments = process.arguments
        again.standardOutput = FileHandle.nullDevice
        again.standardError = FileHandle.nullDevice
        try again.run()
        again.waitUntilExit()
        let lists = try String(contentsOf: scratch.appendingPathComponent("witness.txt"), encoding: .utf8)
        XCTAssertTrue(lists.contains("1. gamma") || lists.contains("1.\tgamma"), lists)
    }
}
