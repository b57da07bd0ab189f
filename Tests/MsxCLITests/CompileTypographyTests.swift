import Foundation
import MsxKit
import MsxTestSupport
import XCTest

/// Compile's typographic punctuation and what it warns about: dashes as pandoc's smart punctuation reads them,
/// never a dash beside a hyphen it left over; `\newpage` as a page break; raw HTML, raw LaTeX and missing pictures
/// named.
final class CompileTypographyTests: MsxTestCase {
    private func project(_ markdown: String) throws -> URL {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        try addDocument("Text", markdown, to: root)
        return root
    }

    /// `---` is an em dash and `--` between numbers an en dash, as pandoc (the oracle) reads them; `--` elsewhere is
    /// a typewriter's em dash; four hyphens stay a rule.
    func testDashesAreReadAsPandocReadsThem() throws {
        let agreed = "Pages 12--14, then a pause --- and on.\n"
        let root = try project(agreed + "\nA typewriter -- dash, a rule ----, a well-known word.\n")
        let compiled = try expect(0, "compile", "--format", "txt", "--smart-quotes", in: root).stdout
        let file = scratch.appendingPathComponent("agreed.md")
        try Data(agreed.utf8).write(to: file)
        let pandoc = try ExternalTool.run("/usr/bin/pandoc", ["-f", "markdown+smart", "-t", "plain", "--wrap=none", file.path],
                                          package: "pandoc").output
        XCTAssertTrue(compiled.hasPrefix(pandoc.trimmingCharacters(in: .newlines)), "msx: \(compiled)\npandoc: \(pandoc)")
        XCTAssertTrue(compiled.contains("Pages 12\u{2013}14, then a pause \u{2014} and on."), compiled)
        XCTAssertTrue(compiled.contains("A typewriter \u{2014} dash, a rule ----, a well-known word."), compiled)
    }

    /// Random runs of hyphens among letters, digits and spaces, against a model of the rule written here: each
    /// run of exactly three hyphens becomes one em dash, of two an en dash between digits or an em dash, any other
    /// run stays. So no dash ever stands beside a hyphen, and no hyphen is lost or added otherwise.
    func testEveryRunOfHyphensBecomesOneDashOrStays() throws {
        var random = seededGenerator()
        let alphabet = Array("ab1 2-")
        var lines: [String] = []
        for _ in 0..<scaled(300) {
            var line = "x"
            for _ in 0..<Int.random(in: 4...24, using: &random) { line.append(alphabet.randomElement(using: &random)!) }
            lines.append(line + "x")
        }
        let root = try project(lines.joined(separator: "\n\n") + "\n")
        let compiled = try expect(0, "compile", "--format", "txt", "--smart-quotes", in: root).stdout
        let paragraphs = compiled.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        XCTAssertEqual(paragraphs.count, lines.count, compiled)
        for (line, paragraph) in zip(lines, paragraphs) {
            XCTAssertEqual(paragraph, Self.model(line.trimmingCharacters(in: .whitespaces)), "from \(line)")
            for pair in ["\u{2014}-", "-\u{2014}", "\u{2013}-", "-\u{2013}"] {
                XCTAssertFalse(paragraph.contains(pair), "\(pair) in \(paragraph)")
            }
        }
    }

    /// The rule, written out independently of compile's code.
    private static func model(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var i = 0
        while i < characters.count {
            guard characters[i] == "-" else { out.append(characters[i]); i += 1; continue }
            var end = i
            while end < characters.count && characters[end] == "-" { end += 1 }
            let digitBefore = i > 0 && characters[i - 1].isNumber, digitAfter = end < characters.count && characters[end].isNumber
            switch end - i {
            case 3: out += "\u{2014}"
            case 2: out += digitBefore && digitAfter ? "\u{2013}" : "\u{2014}"
            default: out += String(characters[i..<end])
            }
            i = end
        }
        return out
    }

    /// `\newpage` alone in a paragraph is no text: the next paragraph starts a page, in every format that has pages.
    func testANewpageCommandIsAPageBreak() throws {
        let root = try project("The first page.\n\n\\newpage\n\nThe second page.\n")
        let text = try expect(0, "compile", "--format", "txt", in: root)
        XCTAssertFalse(text.stdout.contains("newpage"), text.stdout)
        XCTAssertEqual(text.stderr, "", "a page break is no warning")
        let rtf = try expect(0, "compile", "--format", "rtf", in: root).stdout
        XCTAssertFalse(rtf.contains("newpage"))
        let second = try XCTUnwrap(rtf.range(of: "The second page."))
        let lastParagraph = try XCTUnwrap(rtf[..<second.lowerBound].range(of: "\\pard", options: .backwards))
        XCTAssertTrue(rtf[lastParagraph.lowerBound..<second.lowerBound].contains("\\pagebb"), String(rtf[lastParagraph.lowerBound..<second.lowerBound]))
        let docx = scratch.appendingPathComponent("book.docx")
        try expect(0, "compile", "--out", docx.path, in: root)
        let plain = try ExternalTool.run("/usr/bin/pandoc", ["-t", "plain", docx.path], package: "pandoc").output
        XCTAssertFalse(plain.contains("newpage"), plain)
    }

    /// What a format cannot carry is named, a line each with the document and the paragraph; the file is still
    /// written, and the JSON lists the same warnings.
    func testRawHTMLRawLaTeXAndMissingPicturesAreNamed() throws {
        let root = try project("""
            Intro with \\textbf{bold} and `\\code` in code.

            <div class="aside">An aside.</div>

            ![A map](pictures/map.png)

            Plain words.

            """)
        let docx = scratch.appendingPathComponent("book.docx")
        let result = try expect(0, "compile", "--out", docx.path, in: root)
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        XCTAssertEqual(warnings.count, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("paragraph 1: raw LaTeX '\\textbf' is compiled as text"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\\code"), "a command in code is code")
        XCTAssertTrue(result.stderr.contains("paragraph 2: raw HTML is compiled as its text only (a .docx file cannot carry it)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("paragraph 3: the picture contents/draft/pictures/map.png is missing: left out"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: docx.path))
        // A web page carries the HTML: two warnings there, the same in the JSON.
        let json = try expect(0, "compile", "--format", "html", "--json", in: root).json()
        XCTAssertEqual((json["warnings"] as? [String])?.count, 2, "\(json)")
        XCTAssertFalse(((json["warnings"] as? [String]) ?? []).contains { $0.contains("HTML") })
    }

    /// A document whose file was deleted behind msx's back is named, not silently left out.
    func testADocumentWhoseFileIsMissingIsNamed() throws {
        let root = try project("Still here.\n")
        let gone = try addDocument("Gone", "Deleted by hand.\n", to: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent(gone.path))
        let result = try expect(0, "compile", "--format", "txt", in: root)
        XCTAssertTrue(result.stdout.contains("Still here."), result.stdout)
        XCTAssertTrue(result.stderr.contains("warning: \(gone.path): the document 'Gone' is missing its file: left out"), result.stderr)
    }
}
