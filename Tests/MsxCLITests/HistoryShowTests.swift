import Foundation
import XCTest

/// `msx show REF@REV`: a document as it was at a version.
final class HistoryShowTests: HistoryTestCase {
    static let draft2 = "The old lamp burned all day.\n\nNell watched it from the quay.\n"
    static let draft3 = "The lamp went out.\n\nNell watched it from the quay.\n"
    static let working = "The lamp was mended.\n"

    /// Lamp snapshotted three times (the second also a milestone "first draft"), then edited without a snapshot.
    /// Returns the project and the three versions' full ids, oldest first.
    private func threeVersions() throws -> (root: URL, versions: [String]) {
        let book = try makeBook()
        var versions = [try revision(in: book.root)]
        try write(Self.draft2, to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "--tag", "first draft", in: book.root)
        versions.append(try revision(in: book.root))
        try write(Self.draft3, to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        versions.append(try revision(in: book.root))
        try write(Self.working, to: Book.lampPath, in: book.root)
        return (book.root, versions)
    }

    func testEveryWayOfNamingAVersion() throws {
        let (root, versions) = try threeVersions()
        let today = String(try XCTUnwrap(logVersions(root, "--limit", "1").first?["date"] as? String).prefix(10))
        let expectations: [(String, String)] = [
            (String(versions[0].prefix(7)), Book.lampText), (versions[0], Book.lampText),
            (String(versions[1].prefix(10)), Self.draft2), ("first draft", Self.draft2),
            ("~0", Self.draft3), ("~1", Self.draft2), ("~2", Book.lampText),
            ("{\(today)}", Self.draft3), ("HEAD", Self.draft3),
        ]
        for (revision, text) in expectations {
            XCTAssertEqual(try markdown("Lamp@\(revision)", in: root), text, "Lamp@\(revision)")
        }
        XCTAssertEqual(try markdown("Lamp", in: root), Self.working, "without @ the working copy")
        XCTAssertEqual(try markdown("\(Book.lampPath)@first draft", in: root), Self.draft2, "by path")
    }

    func testEveryOutputFormAtAVersion() throws {
        let (root, versions) = try threeVersions()
        try expect(0, "format", "Lamp", "--match", "lamp was", "--bold", in: root)
        try expect(0, "snapshot", in: root)
        let old = "Lamp@\(versions[2])"
        XCTAssertEqual(try markdown(old, in: root), try git("show", "\(versions[2]):\(Book.lampPath)", in: root))
        XCTAssertEqual(try expect(0, "show", old, "--as", "text", in: root).stdout,
                       "The lamp went out.\n\nNell watched it from the quay.\n")
        let texts = try paragraphs(of: old, in: root).map { $0["text"] as? String }
        XCTAssertEqual(texts, ["The lamp went out.", "Nell watched it from the quay."])
        XCTAssertTrue(try expect(0, "show", "Lamp@~0", "--as", "html", in: root).stdout.contains("<strong>"))
        XCTAssertFalse(try expect(0, "show", "Lamp@~1", "--as", "html", in: root).stdout.contains("<strong>"))
    }

    func testTitleContainingAtSign() throws {
        let book = try makeBook()
        try addDocument("Notes @ Sea", "Gulls at dawn.\n", to: book.root)
        try expect(0, "snapshot", in: book.root)
        try write("Gulls at dusk.\n", to: "contents/draft/notes-sea.md", in: book.root)
        XCTAssertEqual(try markdown("Notes @ Sea@HEAD", in: book.root), "Gulls at dawn.\n")
        XCTAssertEqual(try markdown("Notes @ Sea", in: book.root), "Gulls at dusk.\n")
    }

    func testUnknownRevisionAndMissingDocumentAreUserErrors() throws {
        let (root, versions) = try threeVersions()
        let unknown = try expect(1, "show", "Lamp@no such draft", in: root)
        XCTAssertTrue(unknown.stderr.contains("no such draft"), unknown.stderr)
        XCTAssertEqual(unknown.stdout, "")
        assertJSONError(try msx("show", "Lamp@deadbeef", "--json", in: root), 1)
        try expect(1, "show", "Lamp@~9", in: root)
        try addDocument("Harbour", "Boats knocked.\n", to: root)
        try expect(0, "snapshot", in: root)
        let missing = try expect(1, "show", "Harbour@\(versions[0])", in: root)
        XCTAssertTrue(missing.stderr.contains("not exist"), missing.stderr)
    }

    func testAVersionBeforeAnyHistoryIsNoHistory() throws {
        let book = try makeBook(snapshot: false)
        let json = try msx("show", "Lamp@~1", "--json", in: book.root)
        assertJSONError(json, 1)
        XCTAssertEqual((json.json()["error"] as? [String: Any])?["code"] as? String, "no-history")
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(".git"))
        let noRepository = try msx("show", "Lamp@~1", "--json", in: book.root)
        XCTAssertEqual((noRepository.json()["error"] as? [String: Any])?["code"] as? String, "no-history")
    }

    func testDeletedDocumentCanStillBeShownAtAnOldVersion() throws {
        let book = try makeBook()
        let first = try revision(in: book.root)
        try expect(0, "trash", "Sea", in: book.root)
        try expect(0, "trash", "--empty", "--yes", in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertFalse(exists(Book.seaPath, in: book.root))
        XCTAssertEqual(try markdown("Sea@\(first)", in: book.root), Book.seaText)
        XCTAssertEqual(try markdown("\(book.sea)@\(first)", in: book.root), Book.seaText)
        try expect(1, "show", "Sea", in: book.root)
    }
}
