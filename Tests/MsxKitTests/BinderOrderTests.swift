import XCTest
@testable import MsxModel

/// Which siblings moved when a folder's order changed: the fewest moves that explain the new order.
final class BinderOrderTests: XCTestCase {
    private func index(_ order: [String], plus extra: [String] = []) throws -> BinderIndex {
        let children = (order + extra).map { "{\"id\": \"\($0)\", \"kind\": \"document\", \"title\": \"\($0)\", \"path\": \"contents/draft/\($0).md\"}" }
        return BinderIndex(try Manifest(json: """
            {"formatVersion": 1, "id": "p", "binder": [{"id": "draft", "kind": "folder", "title": "Draft", "role": "draft",
             "path": "contents/draft", "children": [\(children.joined(separator: ", "))]}]}
            """))
    }

    /// The moved siblings, each with the one it now precedes ("" when it is now last).
    private func moved(_ old: [String], _ new: [String], extra: [String] = []) throws -> [String: String] {
        try index(new, plus: extra).reordered(since: index(old)).mapValues { $0?.id ?? "" }
    }

    func testOneDocumentMovedIsTheOnlyOneNamed() throws {
        XCTAssertEqual(try moved(["a", "b", "c", "d"], ["a", "d", "b", "c"]), ["d": "b"])
        XCTAssertEqual(try moved(["a", "b", "c", "d"], ["b", "c", "d", "a"]), ["a": ""])
    }

    func testUnchangedOrderAndAddedSiblingsAreNoMove() throws {
        XCTAssertEqual(try moved(["a", "b", "c"], ["a", "b", "c"]), [:])
        XCTAssertEqual(try moved(["a", "b", "c"], ["a", "b"], extra: ["c"]), [:])
        XCTAssertEqual(try moved(["a", "b"], ["a", "x", "b"]), [:])
    }

    func testASwapNamesOneOfTheTwo() throws {
        XCTAssertEqual(try moved(["a", "b"], ["b", "a"]).count, 1)
    }
}
