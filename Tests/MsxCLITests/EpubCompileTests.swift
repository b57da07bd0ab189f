import Foundation
import XCTest

/// `compile --format epub` writes EPUB 3 that epubcheck accepts with no error and no warning,
/// in both presets, and that pandoc (another real reader) reads back with the words, the footnote and the table.
final class EpubCompileTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private static let epubcheck = "/usr/share/java/epubcheck.jar"
    /// A PNG of one pixel.
    static let onePixelPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

    /// A book with two chapters and every kind of block and inline formatting.
    private func richBook() throws -> URL {
        let root = try makeProject()
        try addDocument("Rich", """
            # Rich

            A *b* **c** ~~d~~ `e` [web](https://x.org/?a=1&b=2) [here](#top) and ![pic](pic.png) end.^[A *note* & more]

            <div class="x">raw & <b>ready</b></div>

            | Tide | Hour |
            | --- | --- |
            | high | *six* |

            - [x] done
            - [ ] todo

            1. one
            2. two

            > quote

            ```
            code < here
            ```

            ---

            Line one\\
            line two
            """ + "\n", to: root)
        try expect(0, "format", "Rich", "--match", "quote", "--color", "#8B0000", "--underline=double", in: root)
        // The picture the text shows, beside it.
        try Data(base64Encoded: Self.onePixelPNG)!.write(to: root.appendingPathComponent("contents/draft/pic.png"))
        return root
    }

    /// epubcheck's verdict: exit status and its report. The JVM compiles with its quick compiler only and collects
    /// garbage on one thread: a check of a small book is mostly start-up, and this halves its CPU time.
    static func epubcheck(_ file: URL) throws -> (status: Int32, report: String) {
        guard FileManager.default.fileExists(atPath: Self.epubcheck) else { throw XCTSkip("epubcheck is not installed (apt-get install epubcheck)") }
        let quickStart = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
        let (status, report) = try ExternalTool.run("/usr/bin/java", quickStart + ["-jar", Self.epubcheck, "--failonwarnings", file.path],
                                                    package: "default-jre-headless", mergingErrors: true)
        return (status, report)
    }

    func testEpubcheckAcceptsEveryEpubInBothPresets() throws {
        let root = try richBook()
        for preset in ["default", "manuscript"] {
            let epub = scratch.appendingPathComponent("book-\(preset).epub")
            let compiled = try expect(0, "compile", "--preset", preset, "--out", epub.path, "--json", in: root).json()
            XCTAssertEqual(compiled["format"] as? String, "epub")
            let (status, report) = try Self.epubcheck(epub)
            XCTAssertEqual(status, 0, report)
            // The picture is in the package (epubcheck checks that the page's img names it).
            XCTAssertNotNil(try Data(contentsOf: epub).range(of: Data("OEBPS/images/picture-1.png".utf8)))
            XCTAssertTrue(report.contains("0 fatals / 0 errors / 0 warnings"), report)
        }
    }

    /// Every template's book, in both presets, as a writer starting from it would compile it.
    func testEveryTemplatesEpubIsValid() throws {
        let templates = try FileManager.default.contentsOfDirectory(atPath: Self.templatesFolder.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertGreaterThanOrEqual(templates.count, 5, "\(templates)")
        for template in templates {
            let root = try makeProject(template, name: template)
            for preset in ["default", "manuscript"] {
                let epub = scratch.appendingPathComponent("\(template)-\(preset).epub")
                try expect(0, "compile", "--preset", preset, "--out", epub.path, in: root)
                let (status, report) = try Self.epubcheck(epub)
                XCTAssertEqual(status, 0, "\(template), \(preset): \(report)")
                XCTAssertTrue(report.contains("0 fatals / 0 errors / 0 warnings"), "\(template), \(preset): \(report)")
            }
        }
    }

    /// The repository's `templates/` folder.
    private static var templatesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("templates")
    }

    func testPandocReadsTheBookBack() throws {
        let root = try richBook()
        let epub = scratch.appendingPathComponent("book.epub")
        try expect(0, "compile", "--out", epub.path, in: root)
        let text = try ExternalTool.run("/usr/bin/pandoc", ["-f", "epub", "-t", "plain", epub.path], package: "pandoc").output
        for words in ["A b c", "A note & more", "raw & ready", "high", "six", "one", "code < here", "Line one"] {
            XCTAssertTrue(text.contains(words), "\(words) not in:\n\(text)")
        }
        let read = try ExternalTool.run("/usr/bin/pandoc", ["-f", "epub", "-t", "markdown", epub.path], package: "pandoc").output
        // Emphasis as emphasis (pandoc reads <em> and <strong>), the note as a footnote.
        XCTAssertTrue(read.contains("*b*") && read.contains("**c**") && read.contains("[^1]"), read)
    }

    func testAnUntitledBookIsValidToo() throws {
        let root = try makeProject(title: " ")
        let epub = scratch.appendingPathComponent("untitled.epub")
        try expect(0, "compile", "--out", epub.path, in: root)
        let (status, report) = try Self.epubcheck(epub)
        XCTAssertEqual(status, 0, report)
    }

    func testAnEpubNeedsAFile() throws {
        let root = try richBook()
        let result = try expect(64, "compile", "--format", "epub", in: root)
        XCTAssertTrue(result.stderr.contains("--out"), result.stderr)
    }
}
