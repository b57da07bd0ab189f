import Foundation
import XCTest

/// `--preset manuscript` follows standard manuscript format (Shunn): the contact block with the
/// email on the first page, no running header on it, left-aligned text, "END" after the last line, and the word
/// count rounded as editors and agents expect; compiled HTML list items keep no first-line indent.
final class ManuscriptFormatTests: MsxTestCase {
    private func makeStory(words: Int = 40) throws -> URL {
        try expect(0, "init", "story", "--template", "blank", "--title", "The Lighthouse",
                   "--author", "Ada Writer <ada@example.com>")
        let root = scratch.appendingPathComponent("story")
        let text = (0..<words).map { "word\($0)" }.joined(separator: " ")
        try addDocument("Storm", "\(text)\n\nThe lamp went out.\n\n- rope\n- lantern\n", to: root)
        try expect(0, "format", "Storm", "--paragraph", "2", "--align", "justified", in: root)
        return root
    }

    func testTheFirstPageHasTheContactBlockWithTheEmailAndTheManuscriptEndsWithEND() throws {
        let root = try makeStory()
        let text = try expect(0, "compile", "-t", "txt", "--preset", "manuscript", in: root).stdout
        let lines = text.split(separator: "\n").map(String.init)
        // The word count is level with the name, at a tab stop that ends it at the right margin.
        XCTAssertEqual(Array(lines.prefix(2)), ["Ada Writer\tabout 100 words", "ada@example.com"], text)
        let rtf = try expect(0, "compile", "-t", "rtf", "--preset", "manuscript", in: root).stdout
        let stop = try XCTUnwrap(rtf.firstMatch(of: /\\tx(\d+)[^\n]*Ada Writer\\tab about 100 words/).flatMap { Int($0.1) }, rtf)
        // "about 100 words" is 80 pt wide in Times at 12 pt (Adobe's metrics): the stop sits that far from the 6.5 in line's end.
        XCTAssertEqual(Double(stop) / 20, 468 - 80, accuracy: 0.5)
        XCTAssertEqual(lines.last, "END")
        let markdown = try expect(0, "compile", "-t", "md", "--preset", "manuscript", in: root).stdout
        XCTAssertTrue(markdown.hasSuffix("\n\nEND\n"), markdown)
        // Without the preset there is no END.
        XCTAssertFalse(try expect(0, "compile", "-t", "txt", in: root).stdout.contains("END"))
    }

    func testTheWordCountIsRoundedByLength() throws {
        // Short fiction to the nearest 100, novellas to the nearest 500, novels to the nearest 1,000.
        for (words, shown) in [(40, "about 100 words"), (1_486, "about 1,500 words"), (17_720, "about 17,500 words"),
                               (41_380, "about 41,000 words")] {
            let root = try makeStory(words: words)
            let text = try expect(0, "compile", "-t", "txt", "--preset", "manuscript", in: root).stdout
            XCTAssertTrue(text.contains(shown), "\(words) words: \(text.prefix(120))")
            try FileManager.default.removeItem(at: root)
        }
    }

    func testTextIsLeftAlignedNeverJustified() throws {
        let root = try makeStory()
        let rtf = try expect(0, "compile", "-t", "rtf", "--preset", "manuscript", in: root).stdout
        XCTAssertFalse(rtf.contains("\\qj"), "justified text in the manuscript")
        let html = try expect(0, "compile", "-t", "html", "--preset", "manuscript", in: root).stdout
        XCTAssertFalse(html.contains("text-align: justify"))
        // The project's own formatting keeps it.
        XCTAssertTrue(try expect(0, "compile", "-t", "rtf", in: root).stdout.contains("\\qj"))
    }

    func testHTMLListItemsHaveNoFirstLineIndent() throws {
        let root = try makeStory()
        let html = try expect(0, "compile", "-t", "html", "--preset", "manuscript", in: root).stdout
        let items = html.components(separatedBy: "<li style=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertEqual(items.count, 2, html)
        for style in items { XCTAssertTrue(style.contains("text-indent: 0pt"), String(style)) }
        // Body paragraphs keep theirs.
        XCTAssertTrue(html.contains("text-indent: 36pt"), html)
    }

    /// LibreOffice, reading the RTF, finds an empty header on the first page and the running header after it.
    func testLibreOfficeSeesNoRunningHeaderOnTheFirstPage() throws {
        let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let soffice else { throw XCTSkip("LibreOffice is not installed (apt-get install libreoffice-writer-nogui)") }
        let root = try makeStory()
        let rtf = scratch.appendingPathComponent("story.rtf")
        try expect(0, "compile", "-o", rtf.path, "--preset", "manuscript", in: root)
        let convert = try Process.run(URL(fileURLWithPath: soffice), arguments: [
            "--headless", "-env:UserInstallation=file://\(scratch.path)/lo-profile", "--convert-to", "docx",
            "--outdir", scratch.path, rtf.path])
        convert.waitUntilExit()
        let docx = scratch.appendingPathComponent("story.docx")
        // python3's zipfile reads the package (the tests use no ZIP library of their own).
        let reader = """
            import re, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            body = z.read('word/document.xml').decode()
            rels = z.read('word/_rels/document.xml.rels').decode()
            print('titlePg' if 'w:titlePg' in body else 'no titlePg')
            for kind, rid in re.findall(r'<w:headerReference w:type="(\\w+)" r:id="(\\w+)"', body):
                target = re.search(r'Id="%s"[^>]*Target="([^"]+)"' % rid, rels) or re.search(r'Target="([^"]+)"[^>]*Id="%s"' % rid, rels)
                text = re.sub(r'<[^>]+>', '', z.read('word/' + target.group(1)).decode()).strip()
                print(kind + ': ' + text)
            """
        let script = scratch.appendingPathComponent("headers.py")
        try reader.write(to: script, atomically: true, encoding: .utf8)
        let out = scratch.appendingPathComponent("headers.txt")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", script.path, docx.path]
        python.standardOutput = try FileHandle(forWritingTo: out)
        try python.run()
        python.waitUntilExit()
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("titlePg"), "\(lines)")
        XCTAssertTrue(lines.contains("first: "), "the first page's header is not empty: \(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("default: Writer / THE LIGHTHOUSE /") }, "\(lines)")
    }
}
