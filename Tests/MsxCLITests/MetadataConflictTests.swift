import Foundation
import XCTest

/// Binder fields both sides changed differently are conflicts like text: the merge stops and says so, `msx
/// conflicts` lists them, `msx resolve` settles them, and custom fields merge name by name.
final class MetadataConflictTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// Sea's metadata set by `ours` on main and by `theirs` on the draft "other"; main is checked out.
    private func drafts(ours: [String], theirs: [String], name: String = "book") throws -> URL {
        let book = try makeBook(name: name)
        try expect(0, "branch", "other", in: book.root)
        assertExit(try runMsx(["meta", "Sea"] + ours, in: book.root), 0)
        try expect(0, "snapshot", "-m", "ours", in: book.root)
        try expect(0, "switch", "other", in: book.root)
        assertExit(try runMsx(["meta", "Sea"] + theirs, in: book.root), 0)
        try expect(0, "snapshot", "-m", "theirs", in: book.root)
        try expect(0, "switch", "main", in: book.root)
        return book.root
    }

    private func metadata(_ root: URL) throws -> [String: Any] {
        try expect(0, "meta", "Sea", "--json", in: root).json()["node"] as? [String: Any] ?? [:]
    }

    func testASynopsisAndStatusChangedOnBothSidesAreConflictsTheWriterSettles() throws {
        let root = try drafts(ours: ["--synopsis", "The sea is black.", "--status", "Revised", "--label", "Scene"],
                              theirs: ["--synopsis", "The sea is grey.", "--status", "Final", "--target", "900"])
        let merge = try expect(1, "merge", "other", in: root)
        XCTAssertTrue(merge.stdout.contains("binder fields in 2 places"), merge.stdout)
        XCTAssertTrue(merge.stdout.contains("Sea: 2"), merge.stdout)
        // Each side's change of a field only it changed is merged.
        XCTAssertEqual(try metadata(root)["label"] as? String, "Scene")
        XCTAssertEqual(try metadata(root)["target"] as? Int, 900)
        let listed = try expect(0, "conflicts", "--json", in: root).json()["conflicts"] as? [[String: Any]] ?? []
        XCTAssertEqual(listed.map { $0["kind"] as? String }, ["metadata", "metadata"])
        XCTAssertEqual(Set(listed.compactMap { $0["field"] as? String }), ["synopsis", "status"])
        let synopsis = try XCTUnwrap(listed.first { $0["field"] as? String == "synopsis" })
        XCTAssertEqual(synopsis["ours"] as? String, "The sea is black.")
        XCTAssertEqual(synopsis["theirs"] as? String, "The sea is grey.")
        let human = try expect(0, "conflicts", in: root).stdout
        XCTAssertTrue(human.contains("its synopsis became 'The sea is black.' here and 'The sea is grey.' there"), human)
        XCTAssertEqual(try expect(0, "status", in: root).stdout.contains("Merging"), true)
        // Settled one by one: the other side's synopsis, this side's status.
        let number = try XCTUnwrap(synopsis["number"] as? Int)
        try expect(64, "resolve", "Sea", String(number), "--both", in: root)
        try expect(0, "resolve", "Sea", String(number), "--theirs", in: root)
        try expect(0, "resolve", "Sea", "--ours", in: root)
        XCTAssertEqual(try metadata(root)["synopsis"] as? String, "The sea is grey.")
        XCTAssertEqual(try metadata(root)["status"] as? String, "Revised")
        try expect(0, "snapshot", in: root)
        try expect(0, "check", in: root)
        XCTAssertTrue(try git("show", "HEAD:manuscript.json", in: root).contains("The sea is grey."))
    }

    func testDifferentCustomFieldsOnBothSidesMergeWithoutAConflict() throws {
        let root = try drafts(ours: ["--set", "Location=harbour"], theirs: ["--set", "Weather=storm"])
        try expect(0, "merge", "other", in: root)
        let custom = try metadata(root)["custom"] as? [String: Any]
        XCTAssertEqual(custom?["Location"] as? String, "harbour")
        XCTAssertEqual(custom?["Weather"] as? String, "storm")
        let clash = try drafts(ours: ["--set", "Location=harbour"], theirs: ["--set", "Location=lighthouse"],
                               name: "clash")
        let merge = try expect(1, "merge", "other", "--json", in: clash).json()
        let conflicts = merge["conflicts"] as? [[String: Any]] ?? []
        XCTAssertEqual(conflicts.map { $0["field"] as? String }, ["custom.Location"], "\(merge)")
        try expect(0, "resolve", "Sea", "--theirs", in: clash)
        XCTAssertEqual((try metadata(clash)["custom"] as? [String: Any])?["Location"] as? String, "lighthouse")
    }
}
