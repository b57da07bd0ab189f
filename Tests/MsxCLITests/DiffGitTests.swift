import Foundation
import XCTest

/// `git diff` and `git log -p` through msx's diff driver and textconv, as `msx init` configures them (with the merge
/// driver), checked with the git CLI itself.
final class DiffGitTests: HistoryTestCase {
    func testInitConfiguresGitToUseMsxForDocuments() throws {
        let book = try makeBook()
        XCTAssertTrue(try git("config", "--get", "diff.msx.command", in: book.root).contains("diff-driver"))
        XCTAssertTrue(try git("config", "--get", "diff.msx.textconv", in: book.root).contains("textconv"))
        XCTAssertTrue(try git("config", "--get", "merge.msx.driver", in: book.root).contains("merge-driver %O %A %B %P"))
        XCTAssertEqual(try read(".gitattributes", in: book.root), "*.md diff=msx\n*.md merge=msx\n*.attrs.json merge=msx\nmanuscript.json merge=msx\n")
    }

    func testGitDiffShowsWordsAndFormatting() throws {
        let book = try makeBook()
        try write("The old lamp burned till dawn.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "format", "Lamp", "--match", "quay", "--underline", in: book.root)
        let output = try git("diff", in: book.root)
        XCTAssertTrue(output.contains("msx diff \(Book.lampPath)"), output)
        XCTAssertTrue(output.contains("[-all night-]{+till dawn+}"), output)
        XCTAssertTrue(output.contains("underline added: 'quay' (paragraph 2)"), output)
    }

    func testGitLogPatchIsPlainTextAndExtDiffIsMsxs() throws {
        let book = try makeBook()
        try write("The old lamp burned till dawn.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "Dawn", in: book.root)
        let plain = try git("log", "-p", "-1", in: book.root)
        XCTAssertTrue(plain.contains("-The old lamp burned all night."), plain)
        XCTAssertTrue(plain.contains("+The old lamp burned till dawn."), plain)
        let external = try git("log", "-p", "-1", "--ext-diff", in: book.root)
        XCTAssertTrue(external.contains("[-all night-]{+till dawn+}"), external)
    }

    func testGitDiffFindsTheSidecarOfAnOlderVersion() throws {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--match", "quay", "--color", "#8B0000", in: book.root)
        try expect(0, "snapshot", in: book.root)
        let first = try git("rev-parse", "HEAD", in: book.root).trimmingCharacters(in: .whitespacesAndNewlines)
        // git runs the driver only for a changed .md: change a word too, then both sides' sidecars must be found.
        try write("The old lamp burned till dawn.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "format", "Lamp", "--match", "quay", "--color", "none", in: book.root)
        try expect(0, "snapshot", in: book.root)
        let output = try git("diff", first, "HEAD", "--", Book.lampPath, in: book.root)
        XCTAssertTrue(output.contains("[-all night-]{+till dawn+}"), output)
        XCTAssertTrue(output.contains("colour #8B0000 removed: 'quay' (paragraph 2)"), output)
    }

    func testGitDiffFindsTheSidecarOnAnotherBranch() throws {
        let book = try makeBook()
        try git("checkout", "-q", "-b", "alt", in: book.root)
        try write("The old lamp burned till dawn.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "format", "Lamp", "--match", "quay", "--color", "#8B0000", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try git("checkout", "-q", "-", in: book.root)
        // git hands the driver alt's blob with no revision; the commit holding it is on alt only.
        let output = try git("diff", "HEAD", "alt", "--", Book.lampPath, in: book.root)
        XCTAssertTrue(output.contains("colour #8B0000 added: 'quay' (paragraph 2)"), output)
    }

    /// A newer commit on another branch with the same text but other formatting must not lend its sidecar.
    func testGitDiffPrefersTheSidecarOfItsOwnHistory() throws {
        let book = try makeBook()
        try git("checkout", "-q", "-b", "feature", in: book.root)
        try expect(0, "format", "Lamp", "--paragraph", "1", "--color", "#FF0000", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try git("checkout", "-q", "-", in: book.root)
        try write("The old lamp burned all night.\n\nNell watched it from the quay.\n\nA new line.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        let output = try git("diff", "HEAD~1", "HEAD", "--", Book.lampPath, in: book.root)
        XCTAssertFalse(output.contains("#FF0000"), output)
        XCTAssertTrue(output.contains("A new line."), output)
    }
}
