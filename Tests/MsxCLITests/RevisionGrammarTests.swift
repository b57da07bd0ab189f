import Foundation
import XCTest

/// One revision grammar, git's, in every command. Before it, `HEAD~2`, `HEAD^`, `@{DATE}` and
/// milestones with steps were unknown, each command named the version its own way, and `show --at` did not exist.
/// git itself is the oracle for what each expression names.
final class RevisionGrammarTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// Four versions on main, the middle one a merge of a side branch, dated days apart.
    private func makeHistory() throws -> Book {
        let book = try makeBook(snapshot: false)
        try plainCommit("one", date: "2026-01-10", in: book.root)
        try git("tag", "-a", "first-draft", "-m", "first draft", in: book.root)
        try write("The old lamp burned till dawn.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try plainCommit("two", date: "2026-01-12", in: book.root)
        try git("checkout", "-q", "-b", "side", "HEAD~1", in: book.root)
        try write("The sea was rough that evening.\n", to: Book.seaPath, in: book.root)
        try plainCommit("side", date: "2026-01-13", in: book.root)
        try git("checkout", "-q", "main", in: book.root)
        let merge = ["-c", "user.name=Git User", "-c", "user.email=git@example.com", "merge", "-q", "--no-edit", "side"]
        let merged = try gitRun(merge, in: book.root, environment: ["GIT_AUTHOR_DATE": "2026-01-14T12:00:00Z",
                                                                    "GIT_COMMITTER_DATE": "2026-01-14T12:00:00Z"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        try write("The old lamp went out at dawn.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try plainCommit("four", date: "2026-01-20", in: book.root)
        return book
    }

    /// The version msx names `expression` (read back through `tag --at`, which only records it).
    private func msxResolves(_ expression: String, in root: URL) throws -> String {
        let name = "probe-\(UUID().uuidString.prefix(8))"
        let json = try expect(0, "tag", name, "--at", expression, "--json", in: root).json()
        try expect(0, "tag", name, "--delete", in: root)
        return (json["milestone"] as? [String: Any])?["version"] as? String ?? ""
    }

    func testEveryGitFormNamesTheVersionGitNames() throws {
        let book = try makeHistory()
        let short = String(try revision("HEAD~1", in: book.root).prefix(7))
        for expression in ["HEAD", "@", "HEAD~1", "HEAD~2", "HEAD~3", "HEAD^", "HEAD^^", "HEAD^1", "HEAD~1^2", "HEAD^0",
                           short, "\(short)~1", "\(short)^2", "first-draft", "first-draft~0", "main~2", "side"] {
            XCTAssertEqual(try msxResolves(expression, in: book.root), try revision("\(expression)^{commit}", in: book.root),
                           expression)
        }
        // A milestone is found in any case, and steps walk from it.
        let first = try revision("first-draft^{commit}", in: book.root)
        XCTAssertEqual(try msxResolves("First-Draft", in: book.root), first)
        try expect(0, "tag", "Second Draft", "--at", "HEAD~1", in: book.root)
        XCTAssertEqual(try msxResolves("second draft~1", in: book.root), try revision("HEAD~2", in: book.root))
    }

    func testDaysNameTheNewestVersionMadeByTheirEnd() throws {
        let book = try makeHistory()
        let oracle = { (day: String, from: String) in
            try self.git("rev-list", "-1", "--before=\(day)T23:59:59Z", from, in: book.root).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try msxResolves("{2026-01-12}", in: book.root), try oracle("2026-01-12", "HEAD"))
        XCTAssertEqual(try msxResolves("HEAD@{2026-01-13}", in: book.root), try oracle("2026-01-13", "HEAD"))
        XCTAssertEqual(try msxResolves("@{2026-01-19}", in: book.root), try oracle("2026-01-19", "HEAD"))
        XCTAssertEqual(try msxResolves("side@{2026-01-11}", in: book.root), try oracle("2026-01-11", "side"))
        XCTAssertEqual(try msxResolves("HEAD@{today}", in: book.root), try revision(in: book.root))
        let lamp = try expect(0, "show", "Lamp@HEAD@{2026-01-10}", in: book.root).stdout
        XCTAssertTrue(lamp.contains("burned all night"), lamp)
        let before = try expect(1, "tag", "x", "--at", "{2025-12-31}", in: book.root)
        XCTAssertTrue(before.stderr.contains("no version from 2025-12-31"), before.stderr)
        let bad = try expect(64, "show", "Lamp@{2026-13-45}", in: book.root)
        XCTAssertTrue(bad.stderr.contains("not a date"), bad.stderr)
    }

    func testEveryCommandTakesTheVersionTheSameWay() throws {
        let book = try makeHistory()
        let then = try git("show", "HEAD~1:\(Book.lampPath)", in: book.root)
        // show: REF@REV and --at.
        let shown = try expect(0, "show", "Lamp@HEAD~1", "--as", "markdown", in: book.root).stdout
        XCTAssertEqual(shown, then)
        XCTAssertEqual(try expect(0, "show", "Lamp", "--at", "HEAD~1", "--as", "markdown", in: book.root).stdout, then)
        // diff: REF@REV is --from REV.
        XCTAssertEqual(try expect(0, "diff", "Lamp@HEAD~2", in: book.root).stdout,
                       try expect(0, "diff", "Lamp", "--from", "HEAD~2", in: book.root).stdout)
        XCTAssertEqual(try expect(0, "diff", "Lamp@HEAD~2", "--to", "HEAD~1", in: book.root).stdout,
                       try expect(0, "diff", "Lamp", "--from", "HEAD~2", "--to", "HEAD~1", in: book.root).stdout)
        // compile --at.
        let compiled = try expect(0, "compile", "--at", "HEAD~1", "-t", "txt", in: book.root).stdout
        XCTAssertTrue(compiled.contains("burned till dawn"), compiled)
        // restore: REF@REV and --at, and with no version the last one.
        try expect(0, "restore", "Lamp@HEAD~1", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), then)
        try expect(0, "restore", "Lamp", "--at", "first-draft", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), Book.lampText)
        try expect(0, "snapshot", "-m", "back to the first draft", in: book.root)
        try write("Scribbles nobody wants.\n", to: Book.lampPath, in: book.root)
        try expect(0, "restore", "Lamp", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), Book.lampText, "restore REF brings back the last version")
        // The version is given once.
        try expect(64, "show", "Lamp@HEAD~1", "--at", "HEAD", in: book.root)
        try expect(64, "restore", "Lamp@HEAD~1", "--at", "HEAD", in: book.root)
        try expect(64, "diff", "Lamp@HEAD~1", "--from", "HEAD", in: book.root)
    }

    func testAWalkPastTheFirstVersionSaysHowFarTheHistoryGoes() throws {
        let book = try makeHistory()
        let result = try expect(1, "show", "Lamp@HEAD~9", in: book.root)
        XCTAssertTrue(result.stderr.contains("HEAD~9") && result.stderr.contains("history ends 3 versions back"), result.stderr)
        let parent = try expect(1, "show", "Lamp@HEAD^2", in: book.root)
        XCTAssertTrue(parent.stderr.contains("has 1 parent"), parent.stderr)
        let unknown = try expect(1, "show", "Lamp@frist-draft", in: book.root)
        XCTAssertTrue(unknown.stderr.contains("did you mean the milestone 'first-draft'"), unknown.stderr)
    }

    func testATitleWithAnAtSignStillNamesItsDocument() throws {
        let book = try makeHistory()
        try expect(0, "new", "Mail@Home", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try expect(0, "show", "Mail@Home", in: book.root)
        try expect(0, "show", "Mail@Home@HEAD", in: book.root)
        try expect(0, "show", "Mail@Home@HEAD@{today}", in: book.root)
    }
}
