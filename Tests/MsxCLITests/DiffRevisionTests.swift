import Foundation
import XCTest

/// `msx diff` between versions (`--from`, `--to`, revisions as `msx show` accepts them), for one document
/// (`diff REF`), and binder changes (renamed, moved, trashed, metadata).
final class DiffRevisionTests: DiffTestCase {
    /// A Book with three versions and a working-copy edit:
    /// v1 the fixture; v2 Lamp "old" -> "brass" (milestone "first draft"); v3 Sea "calm" -> "rough";
    /// working copy: Lamp "all night" -> "till dawn".
    struct History {
        var book: Book
        var v1: String, v2: String, v3: String
    }

    /// The lines `[-old-]{+brass+}` (v1 -> v2), `[-all night-]{+till dawn+}` (working) and `[-calm-]{+rough+}` (v3)
    /// as diff shows them.
    static let brass = "¶1: The [-old-]{+brass+} lamp burned all night."
    static let dawn = "¶1: The brass lamp burned [-all night-]{+till dawn+}."
    static let both = "¶1: The [-old-]{+brass+} lamp burned [-all night-]{+till dawn+}."
    static let rough = "¶1: The sea was [-calm-]{+rough+} that evening."

    func makeHistory() throws -> History {
        let book = try makeBook()
        let v1 = try revision(in: book.root)
        try reviseLamp(Book.lampText.replacingOccurrences(of: "old", with: "brass"), in: book)
        let v2 = try snapshotVersion("brass", in: book.root)
        try expect(0, "tag", "first draft", in: book.root)
        try write(Book.seaText.replacingOccurrences(of: "calm", with: "rough"), to: Book.seaPath, in: book.root)
        let v3 = try snapshotVersion("rough", in: book.root)
        try reviseLamp(try read(Book.lampPath, in: book.root).replacingOccurrences(of: "all night", with: "till dawn"), in: book)
        return History(book: book, v1: v1, v2: v2, v3: v3)
    }

    /// The paragraph lines of a human report (document headers and blank lines left out).
    func paragraphLines(_ arguments: String..., in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try diffOutput(arguments, in: root, file: file, line: line).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("¶") }
    }

    func testDefaultComparesTheWorkingCopyWithTheLastSnapshot() throws {
        let h = try makeHistory()
        XCTAssertEqual(try paragraphLines(in: h.book.root), [Self.dawn])
    }

    func testFromAShortIDComparesThatVersionWithTheWorkingCopy() throws {
        let h = try makeHistory()
        XCTAssertEqual(try paragraphLines("--from", String(h.v1.prefix(7)), in: h.book.root), [Self.both, Self.rough])
    }

    func testFromAMilestone() throws {
        let h = try makeHistory()
        XCTAssertEqual(try paragraphLines("--from", "first draft", in: h.book.root), [Self.dawn, Self.rough])
        XCTAssertEqual(try diff("--from", "first-draft", in: h.book.root), try diff("--from", "first draft", in: h.book.root),
                       "the milestone's tag name works too")
    }

    func testFromTildeCountsVersionsBackFromTheLast() throws {
        let h = try makeHistory()
        XCTAssertEqual(try diff("--from", "~1", in: h.book.root), try diff("--from", h.v2, in: h.book.root))
        XCTAssertEqual(try diff("--from", "~0", in: h.book.root), try diff(in: h.book.root))
    }

    func testFromAndToCompareTwoVersions() throws {
        let h = try makeHistory()
        XCTAssertEqual(try diffLines("--from", h.v1, "--to", h.v2, in: h.book.root),
                       ["Lamp  contents/draft/lamp.md  +1 / -1 words", Self.brass], "the working copy plays no part")
        XCTAssertEqual(try paragraphLines("--from", h.v2, "--to", h.v3, in: h.book.root), [Self.rough])
        XCTAssertEqual(try paragraphLines("--from", h.v1, "--to", "first draft", in: h.book.root), [Self.brass])
        XCTAssertEqual(try diff("--from", h.v3, "--to", h.v3, in: h.book.root), "No differences.\n")
    }

    func testReferenceLimitsTheDiffToOneDocument() throws {
        let h = try makeHistory()
        for reference in ["Sea", h.book.sea, Book.seaPath] {
            XCTAssertEqual(try diffLines(reference, "--from", h.v1, in: h.book.root),
                           ["Sea  contents/draft/sea.md  +1 / -1 words", Self.rough], reference)
        }
        XCTAssertEqual(try paragraphLines("Lamp", "--from", h.v1, in: h.book.root), [Self.both])
        XCTAssertEqual(try diff("Sea", in: h.book.root), "No differences.\n", "Sea has not changed since v3")
    }

    func testTildeWithAReferenceMeansThatDocumentsVersionAsInShow() throws {
        let h = try makeHistory()
        // Lamp's snapshots are v1 and v2 (v3 touched only Sea), so Lamp@~1 is v1, as `show` says.
        XCTAssertEqual(try markdown("Lamp@~1", in: h.book.root), Book.lampText)
        XCTAssertEqual(try paragraphLines("Lamp", "--from", "~1", in: h.book.root), [Self.both])
    }

    func testUnknownRevisionOrReferenceIsAUserError() throws {
        let h = try makeHistory()
        let unknownRevision = try msx("diff", "--from", "nosuchversion", "--json", in: h.book.root)
        assertJSONError(unknownRevision, 1)
        XCTAssertEqual(errorCode(unknownRevision), "unknown-revision")
        let unknown = try expect(1, "diff", "Nobody", in: h.book.root)
        XCTAssertTrue(unknown.stderr.contains("Nobody"), unknown.stderr)
        try expect(64, "diff", "--to", h.v2, in: h.book.root)
    }

    func testProjectWithoutVersionsSaysSo() throws {
        let book = try makeBook(snapshot: false)
        let result = try msx("diff", "--json", in: book.root)
        assertJSONError(result, 1)
        XCTAssertEqual(errorCode(result), "no-history")
    }

    // MARK: Binder changes

    func testBinderChangesAreListed() throws {
        let book = try makeBook()
        try expect(0, "rename", "Lamp", "The Lamp", in: book.root)
        try expect(0, "mv", "Sea", "--into", "Notes", in: book.root)
        try expect(0, "meta", "Sea", "--status", "First Draft", in: book.root)
        try expect(0, "trash", "Chapter 1", in: book.root)
        let expected = [
            "The Lamp": ["renamed from 'Lamp'"],
            "Sea": ["moved from contents/draft/sea.md", "status (none) -> First Draft"],
            "Chapter 1": ["trashed"],
        ]
        let documents = try diffDocuments(in: book.root)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: documents.map { ($0["title"] as? String ?? "", $0["binder"] as? [String] ?? []) }), expected)
        for document in documents {
            XCTAssertEqual(wordCounts(document), [0, 0, 0], "\(document["title"] ?? "")")
            XCTAssertEqual(Set(operationNames(document)), ["equal"], "a binder change is no text change")
        }
        let lines = try diffLines(in: book.root)
        for (title, changes) in expected {
            XCTAssertTrue(lines.contains { $0.hasPrefix("\(title)  ") }, "a header for \(title): \(lines)")
            for change in changes { XCTAssertTrue(lines.contains("binder: \(change)"), "binder: \(change) in \(lines)") }
        }
        XCTAssertTrue(try diffLines("--stat", in: book.root).contains("The Lamp (contents/draft/the-lamp.md): +0 / -0 words, 0 formatting changes; renamed from 'Lamp'"))
    }

    func testBinderChangesBetweenVersions() throws {
        let book = try makeBook()
        let v1 = try revision(in: book.root)
        try expect(0, "rename", "Sea", "The Sea", in: book.root)
        try write("The sea was rough that evening.\n", to: "contents/draft/the-sea.md", in: book.root)
        let v2 = try snapshotVersion("renamed", in: book.root)
        let document = try diffDocument(titled: "The Sea", "--from", v1, "--to", v2, in: book.root)
        XCTAssertEqual(document["binder"] as? [String], ["renamed from 'Sea'"])
        XCTAssertEqual(document["path"] as? String, "contents/draft/the-sea.md")
        XCTAssertEqual(fields(changes(document), "op"), [["modify"]], "the text is followed across the rename")
        XCTAssertEqual(try diff("--from", v1, "--to", v2, "Lamp", in: book.root), "No differences.\n")
    }
}
