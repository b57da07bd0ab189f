import Foundation
import XCTest

/// Reordering documents within a folder is a change: `status` and `diff` name it, and `snapshot` records it.
final class BinderOrderTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testReorderingIsNamedByStatusAndDiffAndRecordedBySnapshot() throws {
        let book = try makeBook()
        try expect(0, "mv", "Sea", "--before", "Lamp", in: book.root)
        let status = try statusByTitle(book.root)
        XCTAssertEqual(status["Sea"]?["reordered"] as? Bool, true)
        XCTAssertNil(status["Lamp"], "only the document that moved is named")
        XCTAssertTrue(try expect(0, "status", in: book.root).stdout.contains("moved before 'Lamp'"))
        XCTAssertTrue(try expect(0, "diff", in: book.root).stdout.contains("binder: moved before 'Lamp'"))
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try expect(0, "status", "--json", in: book.root).json()["clean"] as? Bool, true)
        let recorded = try git("show", "HEAD:manuscript.json", in: book.root)
        let sea = try XCTUnwrap(recorded.range(of: "\"Sea\"")), lamp = try XCTUnwrap(recorded.range(of: "\"Lamp\""))
        XCTAssertLessThan(sea.lowerBound, lamp.lowerBound, "the version keeps the new order")
    }

    /// A partial snapshot records today's place for what it snapshots and the version's order for the rest, never an
    /// order that existed in neither.
    func testAPartialSnapshotRecordsAnOrderThatExisted() throws {
        let book = try makeBook()
        try expect(0, "mv", "Sea", "--before", "Lamp", in: book.root)
        try addDocument("Harbour", "Boats knocked.\n", to: book.root)
        try expect(0, "mv", "Harbour", "--after", "Sea", in: book.root)
        try expect(0, "snapshot", "Harbour", in: book.root)
        let recorded = try git("show", "HEAD:manuscript.json", in: book.root)
        let order = ["\"Lamp\"", "\"Sea\"", "\"Harbour\""].map { recorded.range(of: $0)?.lowerBound }
        XCTAssertEqual(order.compactMap { $0 }.count, 3)
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "Lamp, Sea (as recorded before), then Harbour after Sea (as today)")
    }
}
