import Foundation
import XCTest

/// `msx serve` used as a writer uses it, in a real browser (headless chromium driven by chromedriver through
/// selenium: `Fixtures/serve-browser.py`), and attacked as a hostile page would (raw HTTP requests). The script's
/// checks are read back here from the disk and from git, not only from what it says.
final class ServeTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private let script = MsxRunner.packageRoot.appendingPathComponent("Tests/MsxCLITests/Fixtures/serve-browser.py")

    /// The book, a reviewer's draft `review/anna` (the first paragraph rewritten, a paragraph added) and a draft
    /// `other` whose second paragraph will conflict with this side's.
    private func bookToReview() throws -> Book {
        let book = try makeBook()
        try recordLamp("The old lamp burned till dawn.\n\nNell watched it from the quay.\n\nA gull cried.\n", onDraft: "review/anna",
                       message: "anna's notes", in: book)
        try recordLamp("The old lamp burned all night.\n\nNell watched it from the harbour wall.\n", onDraft: "other",
                       message: "the harbour wall", in: book)
        return book
    }

    private func drive(_ mode: String, _ book: Book) throws -> String {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] where mode == "browser" && !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (apt-get install chromium chromium-driver)")
        }
        if mode == "browser", (try ExternalTool.run("/usr/bin/python3", ["-c", "import selenium"], package: "python3-selenium")).status != 0 {
            throw XCTSkip("python3's selenium is not installed (apt-get install python3-selenium)")
        }
        let run = try ExternalTool.run("/usr/bin/python3", [script.path, try MsxRunner.requireBinary().path, book.root.path, mode],
                                       package: "python3", mergingErrors: true)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.hasSuffix("done\n"), run.output)
        return run.output
    }

    func testAWriterReviewsAcceptsAndSettlesAConflictInTheBrowser() throws {
        let book = try bookToReview()
        let output = try drive("browser", book)
        XCTAssertTrue(output.contains("ok: the second page follows the file"), output)
        // Read back independently: the accepted words are in the file and the merge took theirs; the rejected
        // paragraph is in neither the file nor the draft; the merge is a version with two parents.
        let lamp = try String(contentsOf: book.root.appendingPathComponent(Book.lampPath), encoding: .utf8)
        XCTAssertEqual(lamp, "The old lamp burned till dawn.\n\nNell watched it from the harbour wall.\n")
        XCTAssertFalse(try git("show", "review/anna:\(Book.lampPath)", in: book.root).contains("gull"))
        XCTAssertEqual(try git("log", "-1", "--format=%P", in: book.root).split(separator: " ").count, 2)
        try expect(0, "check", in: book.root)
    }

    func testThePagesStampMovesWithTheProjectAndNothingElse() throws {
        let output = try drive("watching", try makeBook())
        XCTAssertTrue(output.contains("ok: a file written in the folder made after the server started: the stamp moved"), output)
        XCTAssertTrue(output.contains("ok: pages read (msx writes its caches): the stamp stayed"), output)
    }

    func testHostileRequestsAreRefused() throws {
        let book = try bookToReview()
        let output = try drive("security", book)
        XCTAssertTrue(output.contains("ok: a cross-origin POST: refused"), output)
        XCTAssertTrue(output.contains("ok: /../manuscript.json: refused"), output)
    }
}
