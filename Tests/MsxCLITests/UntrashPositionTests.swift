import Foundation
import XCTest

/// `untrash` puts a document back where it was: its old folder, at its old place among its siblings.
final class UntrashPositionTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// The titles of the Draft's documents, in binder order.
    private func draftTitles(_ root: URL) throws -> [String] {
        try nodes(root).filter { $0.path.hasPrefix("contents/draft/") && $0.path.hasSuffix(".md") }.map(\.title)
    }

    func testADocumentComesBackAtItsOldPlace() throws {
        let root = try makeProject()
        for title in ["One", "Two", "Three"] { try addDocument(title, "\(title) words.\n", to: root) }
        let before = try draftTitles(root)
        try expect(0, "trash", "Two", in: root)
        XCTAssertFalse(try draftTitles(root).contains("Two"))
        try expect(0, "untrash", "Two", in: root)
        XCTAssertEqual(try draftTitles(root), before)
        let two = try node(titled: "Two", in: root)
        XCTAssertNil(two.fields["trashedFrom"], "the Trash's notes go when it comes back")
        XCTAssertNil(two.fields["trashedBefore"])
        try expect(0, "check", in: root)
    }

    func testWhenItsNextSiblingIsGoneItComesBackAtTheEnd() throws {
        let root = try makeProject()
        for title in ["One", "Two", "Three"] { try addDocument(title, "\(title) words.\n", to: root) }
        try expect(0, "trash", "Two", in: root)
        try expect(0, "trash", "Three", in: root)
        try expect(0, "untrash", "Two", in: root)
        XCTAssertEqual(try draftTitles(root).suffix(2), ["One", "Two"])
    }
}
