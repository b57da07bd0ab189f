import Foundation
import MsxTestSupport
import XCTest

/// `compile --format pdf`, read back by poppler (pdfinfo, pdffonts, pdftotext page by page) and checked by qpdf:
/// every word of the plain-text compile, in order, none added; the page size; the fonts; standard manuscript
/// format's first page and running header; each chapter opening its page; a book's trim size, embedded subset
/// fonts, mirrored margins and hyphenation; no paragraph leaving a line alone at a page's foot or head.
final class PDFCompileTests: MsxTestCase {
    private func poppler(_ tool: String, _ arguments: [String]) throws -> String {
        let (status, output) = try ExternalTool.run("/usr/bin/\(tool)", arguments, package: "poppler-utils")
        XCTAssertEqual(status, 0, "\(tool) \(arguments.joined(separator: " ")): \(output)")
        return output
    }

    private func pages(of pdf: URL) throws -> Int {
        let info = try poppler("pdfinfo", [pdf.path])
        return try XCTUnwrap(info.firstMatch(of: /Pages:\s+(\d+)/).flatMap { Int($0.1) }, info)
    }

    /// Each page's text as pdftotext reads it, one string a page.
    private func pageTexts(of pdf: URL, layout: Bool = false) throws -> [String] {
        try (1...pages(of: pdf)).map { page in
            try poppler("pdftotext", (layout ? ["-layout"] : []) + ["-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
        }
    }

    /// The words of a text, lower case (small capitals come out as capitals), punctuation left out.
    private static func words(_ text: String) -> [String] {
        text.lowercased().matches(of: /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/).map { String($0.output) }
    }

    /// Pages' text as one, a word hyphenated at the end of a line joined with its end on the next line or page
    /// (pdftotext joins them within a page only when it does not keep the layout; with the layout, a line may
    /// start with spaces).
    private static func joined(_ pages: [String]) -> String {
        pages.joined(separator: "\n").replacing(/(\p{L})-\n[ \n]*(\p{L})/) { "\($0.1)\($0.2)" }
    }

    /// Fails naming the first word where two texts part, with the words around it (not the whole book).
    private func assertSameWords(_ shown: [String], _ expected: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard shown != expected else { return }
        let at = zip(shown, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(shown.count, expected.count)
        XCTFail("\(message): \(shown.count) words shown, \(expected.count) expected; they part at word \(at): "
            + "shown \(shown[max(0, at - 5)..<min(shown.count, at + 5)]) expected \(expected[max(0, at - 5)..<min(expected.count, at + 5)])",
            file: file, line: line)
    }

    private func qpdfCheck(_ pdf: URL) throws {
        let (status, output) = try ExternalTool.run("/usr/bin/qpdf", ["--check", pdf.path], package: "qpdf", mergingErrors: true)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("No syntax or stream encoding errors found"), output)
    }

    /// Shunn's manuscript format in a PDF of standard fonts: contact and word count level at the top of page 1, the
    /// title about halfway down, "Surname / TITLE / page" from page 2, each part and chapter opening its page a
    /// third of the way down, and the words of the text compile in order, none missing and none added.
    func testManuscriptPDFIsStandardManuscriptFormat() throws {
        let root = try makeProject("novel", title: "The Lighthouse")
        let pdf = scratch.appendingPathComponent("manuscript.pdf")
        let compiled = try expect(0, "compile", "--preset", "manuscript", "--out", pdf.path, in: root)
        XCTAssertFalse(compiled.stderr.contains("warning"), compiled.stderr)
        try qpdfCheck(pdf)
        XCTAssertTrue(try poppler("pdfinfo", [pdf.path]).contains("612 x 792 pts (letter)"))
        let fonts = try poppler("pdffonts", [pdf.path]).split(separator: "\n").dropFirst(2)
        XCTAssertFalse(fonts.isEmpty)
        for font in fonts {
            XCTAssertTrue(font.hasPrefix("Times-"), "a manuscript is set in the standard Times: \(font)")
            XCTAssertTrue(font.contains(" no  no "), "standard fonts are not embedded: \(font)")
        }

        let texts = try pageTexts(of: pdf, layout: true)
        let firstLine = try XCTUnwrap(texts[0].split(separator: "\n").first)
        XCTAssertTrue(firstLine.hasPrefix("Ada Lovelace"), "the contact block opens page 1: \(firstLine)")
        XCTAssertNotNil(firstLine.firstMatch(of: /Ada Lovelace\s{5,}about [\d,]+ words$/), "the word count is level with the name: \(firstLine)")
        let titleBox = try poppler("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf.path, "-"])
        let titleTop = try XCTUnwrap(titleBox.firstMatch(of: /yMin="([\d.]+)"[^>]*>Lighthouse</).flatMap { Double($0.1) }, titleBox)
        XCTAssertTrue((792 * 0.35...792 * 0.6).contains(titleTop), "the title sits about halfway down: \(titleTop)")
        for (index, text) in texts.enumerated().dropFirst() {
            let head = text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(head, "Lovelace / THE LIGHTHOUSE / \(index + 1)", "page \(index + 1)")
        }
        // Each part and chapter is the first text on its page after the running header, a third of the way down.
        let openings = ["Part One", "Chapter 1", "Chapter 2", "Part Two", "Chapter 3"]
        var found: [String] = []
        for (index, text) in texts.enumerated().dropFirst() {
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard lines.count > 1, openings.contains(lines[1]) else { continue }
            found.append(lines[1])
            let box = try poppler("pdftotext", ["-bbox", "-f", "\(index + 1)", "-l", "\(index + 1)", pdf.path, "-"])
            let openingWord = String(lines[1].split(separator: " ")[0])
            let firstWordTop = try XCTUnwrap(box.matches(of: /<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)</)
                .first { $0.2 == openingWord }.flatMap { Double($0.1) })
            XCTAssertGreaterThan(firstWordTop, 72 + 150, "\(lines[1]) opens a third of the way down")
        }
        XCTAssertEqual(found, openings)

        // The words: the text compile without its title page, against pages 2 on without their running headers.
        let text = try expect(0, "compile", "--preset", "manuscript", "--no-title-page", "--format", "txt", in: root).stdout
        let body = Self.joined(texts.dropFirst().map { $0.split(separator: "\n", maxSplits: 1).dropFirst().joined() })
        assertSameWords(Self.words(body), Self.words(text), "the manuscript's words")
    }

    /// A book: the trim size asked for, the project's TrueType font embedded as a subset with a map back to
    /// Unicode, inside margins wider than outside ones and mirrored, justified text hyphenated by the installed
    /// patterns, running heads and page numbers, and every word in order.
    func testBookPDFEmbedsSubsetFontsOnATrimSizeWithMirroredMargins() throws {
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        guard FileManager.default.fileExists(atPath: serif) else { throw XCTSkip("\(serif) is not installed (apt-get install fonts-dejavu-core)") }
        guard FileManager.default.fileExists(atPath: "/usr/share/hyphen/hyph_en_US.dic") else {
            throw XCTSkip("no English hyphenation patterns (apt-get install hyphen-en-us)")
        }
        let root = try makeProject(title: "Long Words")
        try FileManager.default.copyItem(atPath: serif, toPath: root.appendingPathComponent("contents/Body.ttf").path)
        try setCompileSettings(["trimSize": "5.5x8.5"], defaults: ["fontFamily": "DejaVu Serif", "fontSize": 11], in: root)
        var random = seededGenerator()
        let vocabulary = ["the", "extraordinarily", "lighthouse", "a", "of", "uncharacteristically", "harbour", "and",
                          "incomprehensibility", "Łódź", "keeper", "representative", "nevertheless", "sea", "internationalisation"]
        for chapter in 1...3 {
            let paragraphs = (0..<12).map { _ in
                (0..<Int.random(in: 20...90, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }.joined(separator: " ") + "."
            }
            try addDocument("Chapter \(chapter)", "# Chapter \(chapter)\n\n" + paragraphs.joined(separator: "\n\n") + "\n", to: root)
        }
        let pdf = scratch.appendingPathComponent("book.pdf")
        let compiled = try expect(0, "compile", "--preset", "book", "--out", pdf.path, in: root)
        XCTAssertFalse(compiled.stderr.contains("warning"), compiled.stderr)
        try qpdfCheck(pdf)
        XCTAssertTrue(try poppler("pdfinfo", [pdf.path]).contains("Page size:       396 x 612 pts"))
        let fonts = try poppler("pdffonts", [pdf.path])
        let body = try XCTUnwrap(fonts.split(separator: "\n").first { $0.contains("DejaVuSerif") }, fonts)
        XCTAssertNotNil(body.firstMatch(of: /^[A-Z]{6}\+DejaVuSerif\s+CID TrueType\s+Identity-H\s+yes yes yes/), "embedded, subset, mapped to Unicode: \(body)")
        XCTAssertLessThan(try Data(contentsOf: pdf).count, 200_000, "a subset, not the whole 700 kB font")

        // Read keeping the layout: a justified line of a few long words has gaps wide enough that pdftotext, reading
        // without it, takes the last word for a column of its own and puts it after the page number.
        let texts = try pageTexts(of: pdf, layout: true)
        XCTAssertGreaterThan(texts.count, 6)
        // Page furniture: the running head (author or title) first on a page that opens no chapter, the page number last.
        var shown: [String] = []
        for (index, text) in texts.enumerated() {
            var lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            XCTAssertEqual(lines.last, String(index + 1), "page \(index + 1) is numbered")
            lines.removeLast()
            if !lines.first!.hasPrefix("Chapter") {
                XCTAssertEqual(lines.first, index % 2 == 0 ? "Long Words" : "Ada Lovelace", "running head of page \(index + 1)")
                lines.removeFirst()
            }
            shown.append(lines.joined(separator: "\n"))
        }
        let text = try expect(0, "compile", "--preset", "book", "--format", "txt", in: root).stdout
        assertSameWords(Self.words(Self.joined(shown)), Self.words(text), "every word once, in order")
        XCTAssertTrue(try pageTexts(of: pdf, layout: true).joined().contains(/\p{L}-\n/), "long words are hyphenated at line ends")

        // Mirrored margins: text starts 63 pt in on right-hand (odd) pages and 45 pt in on left-hand ones.
        for page in 2...5 {
            let box = try poppler("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
            let lefts = box.matches(of: /<word xMin="([\d.]+)"/).compactMap { Double($0.1) }
            let margin = try XCTUnwrap(lefts.min())
            XCTAssertEqual(margin, page % 2 == 1 ? 63 : 45, accuracy: 1.5, "page \(page)'s inside margin is by the spine")
        }
        let (status, _) = try ExternalTool.run("/usr/bin/pdftoppm", ["-r", "20", "-f", "1", "-l", "2", "-png", pdf.path, scratch.appendingPathComponent("page").path], package: "poppler-utils")
        XCTAssertEqual(status, 0, "poppler draws the pages")
    }

    /// What a PDF cannot set as asked is named: a font that is nowhere, a language without hyphenation patterns,
    /// a picture; characters the standard fonts lack come from an installed font rather than turning into `?`.
    func testWhatAPDFCannotSetIsNamed() throws {
        let root = try makeProject(title: "Names")
        try setCompileSettings(["language": "xx"], defaults: ["fontFamily": "Nonexistent Garamond"], in: root)
        try addDocument("One", "Zofia went to Łódź and read ἀρχή.\n\n![map](missing.png)\n", to: root)
        let pdf = scratch.appendingPathComponent("names.pdf")
        let compiled = try expect(0, "compile", "--preset", "book", "--out", pdf.path, in: root)
        XCTAssertTrue(compiled.stderr.contains("the font 'Nonexistent Garamond' is neither in the project"), compiled.stderr)
        XCTAssertTrue(compiled.stderr.contains("no hyphenation patterns for 'xx'"), compiled.stderr)
        XCTAssertTrue(compiled.stderr.contains("missing.png is missing"), compiled.stderr)
        try qpdfCheck(pdf)
        if FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf") {
            XCTAssertTrue(try pageTexts(of: pdf).joined().contains("Łódź and read ἀρχή"), "set in an installed font that has them")
        }
    }

    /// No paragraph that crosses a page leaves a single line at the foot of one page or the head of the next; a
    /// heading is never the last line of a page. Checked on pdftotext's lines for paragraphs of random lengths, each
    /// marked at its start and end.
    func testNoWidowsOrOrphans() throws {
        let root = try makeProject(title: "Widows")
        try expect(0, "trash", "Chapter 1", in: root)
        var random = seededGenerator()
        var markdown = ""
        let count = scaled(120)
        for number in 0..<count {
            if number % 15 == 14 { markdown += "## Heading\(number)\n\n" }
            let length = [1, 12, 25, 40, 60, 90].randomElement(using: &random)!
            let filler = (0..<length).map { _ in ["word", "another", "sea", "light"].randomElement(using: &random)! }
            markdown += "Start\(number) " + filler.joined(separator: " ") + " End\(number)\n\n"
        }
        try addDocument("Text", markdown, to: root)
        let pdf = scratch.appendingPathComponent("widows.pdf")
        try expect(0, "compile", "--out", pdf.path, in: root)
        let pages = try pageTexts(of: pdf).map { page in
            page.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.dropLast().map { $0 }
        }
        func place(_ token: String) -> (page: Int, line: Int)? {
            for (p, lines) in pages.enumerated() {
                if let l = lines.firstIndex(where: { $0.split(separator: " ").contains(Substring(token)) }) { return (p, l) }
            }
            return nil
        }
        var crossings = 0
        for number in 0..<count {
            let start = try XCTUnwrap(place("Start\(number)")), end = try XCTUnwrap(place("End\(number)"))
            guard start.page != end.page else { continue }
            crossings += 1
            XCTAssertGreaterThanOrEqual(pages[start.page].count - start.line, 2, "paragraph \(number) leaves one line at the foot of page \(start.page + 1)")
            XCTAssertGreaterThanOrEqual(end.line + 1, 2, "paragraph \(number) leaves one line at the head of page \(end.page + 1)")
        }
        XCTAssertGreaterThan(crossings, 0, "some paragraphs cross pages: \(pages.map(\.count)) lines a page; \(pages.first?.prefix(3) ?? [])")
        for lines in pages { XCTAssertFalse(lines.last?.hasPrefix("Heading") == true, "a heading ends a page: \(lines.suffix(2))") }
    }

    /// Pictures in a PDF, checked by poppler's pdfimages: a JPEG as it is, PNGs of every colour type (RGB, RGB
    /// with alpha, a palette with a transparent entry, 16-bit grey) decoded to the same pixels, transparency as a
    /// soft mask; a GIF is left out and named. Pictures come from pdftoppm and from PNGs written here by zlib.
    func testPicturesAreDrawn() throws {
        let root = try makeProject(title: "Pictures")
        let research = root.appendingPathComponent("contents/research")
        let source = scratch.appendingPathComponent("source.pdf")
        try expect(0, "compile", "--out", source.path, in: root)
        _ = try poppler("pdftoppm", ["-jpeg", "-r", "20", "-f", "1", "-l", "1", source.path, research.appendingPathComponent("photo").path])
        _ = try poppler("pdftoppm", ["-png", "-r", "20", "-f", "1", "-l", "1", source.path, research.appendingPathComponent("page").path])
        let writer = """
        import struct, sys, zlib
        def png(path, w, h, ctype, depth, rows, plte=None, trns=None):
            def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b) & 0xffffffff)
            out = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, 0))
            if plte: out += chunk(b"PLTE", plte)
            if trns: out += chunk(b"tRNS", trns)
            out += chunk(b"IDAT", zlib.compress(b"".join(b"\\x00" + r for r in rows))) + chunk(b"IEND", b"")
            open(path, "wb").write(out)
        d = sys.argv[1]
        png(d + "/alpha.png", 4, 3, 6, 8, [bytes([255,0,0,255, 0,255,0,128, 0,0,255,0, 10,20,30,255])] * 3)
        png(d + "/palette.png", 3, 2, 3, 8, [bytes([0,1,2])] * 2, plte=bytes([255,0,0, 0,255,0, 0,0,255]), trns=bytes([255,0]))
        png(d + "/gray16.png", 2, 2, 0, 16, [bytes([0x12,0x34, 0xff,0xff])] * 2)
        open(d + "/anim.gif", "wb").write(bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b"))
        """
        let (status, output) = try ExternalTool.run("/usr/bin/env", ["python3", "-c", writer, research.path], package: "python3", mergingErrors: true)
        XCTAssertEqual(status, 0, output)
        try addDocument("Album", "![photo](../research/photo-1.jpg)\n\n![page](../research/page-1.png) and ![a](../research/alpha.png)"
            + " ![p](../research/palette.png) ![g](../research/gray16.png)\n\n![gif](../research/anim.gif)\n", to: root)
        let pdf = scratch.appendingPathComponent("album.pdf")
        let compiled = try expect(0, "compile", "--out", pdf.path, in: root)
        XCTAssertTrue(compiled.stderr.contains("contents/research/anim.gif: the picture is left out"), compiled.stderr)
        XCTAssertFalse(compiled.stderr.contains("alpha.png") || compiled.stderr.contains("photo"), compiled.stderr)
        try qpdfCheck(pdf)
        let list = try poppler("pdfimages", ["-list", pdf.path]).split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
        // type, width, height, colour, encoding
        XCTAssertEqual(list.map { [$0[2], $0[3], $0[4], $0[5], $0[8]] }, [
            ["image", "170", "220", "rgb", "jpeg"], ["image", "170", "220", "rgb", "image"],
            ["image", "4", "3", "rgb", "image"], ["smask", "4", "3", "gray", "image"],
            ["image", "3", "2", "rgb", "image"], ["smask", "3", "2", "gray", "image"],
            ["image", "2", "2", "gray", "image"],
        ])
        XCTAssertTrue(list.allSatisfy { $0[12] == "96" }, "drawn at 96 pixels an inch: \(list)")
        // The pixels, as pdfimages writes them out (PPM: three header lines, then red, green and blue for each
        // pixel, a grey one's three alike).
        let out = scratch.appendingPathComponent("pixels").path
        _ = try poppler("pdfimages", [pdf.path, out])
        func samples(_ number: Int) throws -> [UInt8] {
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "-" + String(format: "%03d", number) + ".ppm")))
            let start = try XCTUnwrap(data.indices.filter { data[$0] == 0x0A }.dropFirst(2).first) + 1
            return Array(data[start...])
        }
        func rows(_ row: [Int], _ count: Int) -> [UInt8] { Array(repeating: row.map(UInt8.init), count: count).flatMap { $0 } }
        func grey(_ row: [Int], _ count: Int) -> [UInt8] { rows(row.flatMap { [$0, $0, $0] }, count) }
        XCTAssertEqual(try samples(2), rows([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30], 3), "alpha.png's colours")
        XCTAssertEqual(try samples(3), grey([255, 128, 0, 255], 3), "alpha.png's transparency")
        XCTAssertEqual(try samples(4), rows([255, 0, 0, 0, 255, 0, 0, 0, 255], 2), "palette.png's colours")
        XCTAssertEqual(try samples(5), grey([255, 0, 255], 2), "palette.png's transparent entry")
        XCTAssertEqual(try samples(6), grey([0x12, 0xFF], 2), "gray16.png, eight bits of sixteen")
    }
}

