import Foundation
import XCTest

/// `msx import`: Markdown byte for byte, text escaped, folders in natural order, splitting, and bad input refused
/// with nothing written.
final class ImportTests: MsxTestCase {
    private func source(_ name: String, _ text: String) throws -> URL {
        let url = scratch.appendingPathComponent("src/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    func testMarkdownComesInByteForByteAndTextStaysText() throws {
        let root = try makeProject()
        let markdown = "# Arrival\r\n\r\nShe *ran*.  \r\n"
        let md = try source("Arrival.md", markdown)
        let txt = try source("Jottings.txt", "# not a heading\nstill the same paragraph\n\n1. not a list *nor this*\n")
        let result = try expect(0, "import", md.path, txt.path, "--json", in: root)
        let created = result.json()["created"] as? [[String: Any]] ?? []
        XCTAssertEqual(created.map { $0["title"] as? String }, ["Arrival", "Jottings"])
        let mdPath = try XCTUnwrap(created.first?["path"] as? String)
        XCTAssertEqual(try bytes(mdPath, in: root), Data(markdown.utf8))
        let text = try expect(0, "show", "Jottings", in: root).stdout
        XCTAssertEqual(text, "# not a heading still the same paragraph\n\n1. not a list *nor this*\n")
    }

    func testAFolderImportsInNaturalOrderAsABinderFolder() throws {
        let root = try makeProject()
        for name in ["Chapter 10.txt", "Chapter 2.txt", "chapter 1.md", ".hidden.md", "cover.png"] {
            _ = try source("Book/" + name, "Text of \(name).\n")
        }
        let result = try expect(0, "import", scratch.appendingPathComponent("src/Book").path, "--json", in: root).json()
        let created = result["created"] as? [[String: Any]] ?? []
        XCTAssertEqual(created.map { $0["title"] as? String }, ["Book", "chapter 1", "Chapter 2", "Chapter 10"])
        XCTAssertEqual(created.first?["kind"] as? String, "folder")
        let warnings = result["warnings"] as? [String] ?? []
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("cover.png") == true, "\(warnings)")
        try expect(0, "check", in: root)
    }

    func testSplitHeadingsMakesOneDocumentPerHeading() throws {
        let root = try makeProject()
        let md = try source("Novel.md", "Opening words.\n\n# One\n\nFirst.\n\n## One A\n\nSub.\n\n# Two\n\nSecond.\n")
        let created = try expect(0, "import", md.path, "--split-headings", "1", "--json", in: root).json()["created"]
            as? [[String: Any]] ?? []
        XCTAssertEqual(created.map { $0["title"] as? String }, ["Novel", "One", "Two"])
        XCTAssertEqual(try expect(0, "show", "One", "--as", "markdown", in: root).stdout, "# One\n\nFirst.\n\n## One A\n\nSub.\n\n")
    }

    func testBadInputWritesNothing() throws {
        let root = try makeProject()
        let good = try source("Good.md", "Fine.\n")
        let bad = scratch.appendingPathComponent("src/Bad.txt")
        try Data([0x61, 0xFF, 0xFE, 0x0A]).write(to: bad)
        let odd = try source("Picture.png", "not text")
        let before = snapshot(root)
        let invalid = try expect(3, "import", good.path, bad.path, in: root)
        XCTAssertTrue(invalid.stderr.contains("Bad.txt"), invalid.stderr)
        XCTAssertEqual(invalid.stderr.split(separator: "\n").count, 1)
        let unsupported = try expect(1, "import", good.path, odd.path, in: root)
        XCTAssertTrue(unsupported.stderr.contains("Picture.png"), unsupported.stderr)
        try expect(1, "import", scratch.appendingPathComponent("src/missing.md").path, in: root)
        try expect(64, "import", good.path, "--split-headings", "9", in: root)
        assertSameSnapshot(before, snapshot(root))
        try expect(0, "check", in: root)
    }

    func testDryRunSaysWhatWouldBeCreatedAndWritesNothing() throws {
        let root = try makeProject()
        let md = try source("Chapter.md", "Words.\n")
        let before = snapshot(root)
        let result = try expect(0, "import", md.path, "--dry-run", in: root)
        XCTAssertTrue(result.stdout.contains("would create document 'Chapter'"), result.stdout)
        assertSameSnapshot(before, snapshot(root))
    }
}
