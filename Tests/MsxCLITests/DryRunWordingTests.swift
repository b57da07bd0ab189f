import Foundation
import XCTest

/// A dry run prints the sentences the real run prints, with "would" ("would move 'Storm' to
/// Part Two"), and `import --dry-run` shows the ids the import will then use. Before, dry runs said "would have
/// moved", "would have: bold added", "would be created", and import's ids were drawn afresh by the real run.
final class DryRunWordingTests: HistoryTestCase {
    /// The parts of a sentence that name things: quoted words, parenthesised ids and paths, versions, values. (The
    /// versions a restore records, before and after, exist only in the real run.)
    private func names(in line: Substring) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"'[^']*'|\([^)]*\)|\b[0-9a-f]{7,}\b|#[0-9A-F]{6}|-> \S+"#)
        let text = line.replacingOccurrences(of: #"(first|restore) as [0-9a-f]+$"#, with: "$1", options: .regularExpression)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
    }

    /// Runs `arguments` with --dry-run, checks nothing changed, then for real; each dry-run line says "would" and
    /// names what its real line names.
    private func assertDryRunMatches(_ arguments: [String], in root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = snapshot(root)
        let dryRun = try runMsx(arguments + ["--dry-run"], in: root)
        assertExit(dryRun, 0, file: file, line: line)
        let dry = dryRun.stdout.split(separator: "\n")
        assertSameSnapshot(before, snapshot(root), file: file, line: line)
        let realRun = try runMsx(arguments, in: root)
        assertExit(realRun, 0, file: file, line: line)
        let real = realRun.stdout.split(separator: "\n")
        XCTAssertEqual(dry.count, real.count, "\(arguments): \(dry) vs \(real)", file: file, line: line)
        for (would, did) in zip(dry, real) {
            XCTAssertTrue(would.contains("would "), "\(arguments): '\(would)'", file: file, line: line)
            XCTAssertFalse(would.contains("would have") || would.contains("would be created"), "'\(would)'", file: file, line: line)
            XCTAssertFalse(did.contains("would"), "'\(did)'", file: file, line: line)
            XCTAssertEqual(names(in: would), names(in: did), "'\(would)' / '\(did)'", file: file, line: line)
        }
    }

    func testEveryDryRunSaysTheRealRunsSentencesWithWould() throws {
        let book = try makeBook()
        try expect(0, "new", "Part Two", "--folder", in: book.root)
        try assertDryRunMatches(["format", "Lamp", "--match", "old lamp", "--bold"], in: book.root)
        try assertDryRunMatches(["format", "Lamp", "--match", "quay", "--color", "#8B0000", "--underline"], in: book.root)
        try assertDryRunMatches(["format", "Lamp", "--match", "old lamp", "--no-bold"], in: book.root)
        try assertDryRunMatches(["format", "Lamp", "--paragraph", "1", "--align", "center"], in: book.root)
        try assertDryRunMatches(["meta", "Lamp", "--status", "Revised Draft", "--add-keyword", "night"], in: book.root)
        try assertDryRunMatches(["mv", "Lamp", "--into", "Part Two"], in: book.root)
        try assertDryRunMatches(["rename", "Lamp", "Lantern"], in: book.root)
        try assertDryRunMatches(["trash", "Lantern"], in: book.root)
        try assertDryRunMatches(["untrash", "Lantern"], in: book.root)
        try expect(0, "snapshot", in: book.root)
        try write("The sea was grey.\n", to: Book.seaPath, in: book.root)
        try assertDryRunMatches(["restore", "Sea"], in: book.root)
        // Again: nothing to restore, so nothing is recorded, and the dry run does not say it would be.
        try assertDryRunMatches(["restore", "Sea"], in: book.root)
        XCTAssertFalse(try expect(0, "restore", "Sea", "--dry-run", in: book.root).stdout.contains("record"))
        let source = scratch.appendingPathComponent("in", isDirectory: true)
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try write("One.\n", to: "a.md", in: source)
        try write("Two.\n", to: "b.txt", in: source)
        try assertDryRunMatches(["import", source.path], in: book.root)
    }

    func testImportDryRunShowsTheIdsTheImportUses() throws {
        let root = try makeProject()
        let source = scratch.appendingPathComponent("in", isDirectory: true)
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for n in 1...5 { try write("Chapter \(n) text.\n", to: "chapter-\(n).md", in: source) }
        let ids = { (json: [String: Any]) in ((json["created"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String } }
        let planned = ids(try expect(0, "import", source.path, "--dry-run", "--json", in: root).json())
        let made = ids(try expect(0, "import", source.path, "--json", in: root).json())
        XCTAssertEqual(planned.count, 6)
        XCTAssertEqual(planned, made)
        // The same files again are new documents with new ids.
        let again = ids(try expect(0, "import", source.path, "--json", in: root).json())
        XCTAssertTrue(Set(again).isDisjoint(with: made), "\(again) \(made)")
        try expect(0, "check", in: root)
    }
}
