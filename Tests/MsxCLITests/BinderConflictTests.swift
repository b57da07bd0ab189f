import Foundation
import XCTest

/// A binder with two nodes of one id, or two documents of one file, is an error for `check` and
/// for every command that writes (reading commands still read it); `check --repair` renumbers duplicate ids.
final class BinderConflictTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// The manifest with `change` applied to its JSON binder (an array of nodes).
    private func editBinder(_ root: URL, _ change: (inout [[String: Any]]) -> Void) throws {
        let url = root.appendingPathComponent("manuscript.json")
        var manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var binder = try XCTUnwrap(manifest["binder"] as? [[String: Any]])
        change(&binder)
        manifest["binder"] = binder
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted]).write(to: url)
    }

    /// Two documents in Draft: returns their ids.
    private func twoDocuments(_ root: URL) throws -> (String, String) {
        let first = try addDocument("Storm", "The storm.\n", to: root).id
        let second = try addDocument("Calm", "The calm.\n", to: root).id
        return (first, second)
    }

    private func draftChildren(_ binder: inout [[String: Any]], _ change: (inout [[String: Any]]) -> Void) {
        guard let draft = binder.firstIndex(where: { ($0["title"] as? String) == "Draft" }) else { return }
        var children = binder[draft]["children"] as? [[String: Any]] ?? []
        change(&children)
        binder[draft]["children"] = children
    }

    func testDuplicateIDsStopWritesAndAreRenumberedByRepair() throws {
        let root = try makeProject()
        let (first, second) = try twoDocuments(root)
        try editBinder(root) { binder in
            self.draftChildren(&binder) { children in
                for i in children.indices where children[i]["id"] as? String == second { children[i]["id"] = first }
            }
        }
        let before = snapshot(root)
        for command in [["format", "Calm", "--paragraph", "1", "--bold"], ["new", "Third"], ["rename", "Calm", "Quiet"]] {
            let result = try runMsx(command, in: root, stdin: nil, env: [:])
            assertExit(result, 3)
            XCTAssertTrue(result.stderr.contains("id \(first) is used by 'Storm' and 'Calm'") && result.stderr.contains("msx check --repair"),
                          "\(command): \(result.stderr)")
        }
        assertSameSnapshot(before, snapshot(root))
        try expect(0, "tree", in: root)
        let check = try expect(1, "check", "--json", in: root).json()
        XCTAssertTrue((check["findings"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "duplicate-id" }, "\(check)")

        let repaired = try expect(0, "check", "--repair", "--json", in: root).json()
        XCTAssertTrue((repaired["repairs"] as? [String] ?? []).contains { $0.contains("'Calm' shared id \(first)") }, "\(repaired)")
        try expect(0, "check", in: root)
        try expect(0, "format", "Calm", "--paragraph", "1", "--bold", in: root)
        XCTAssertEqual(try read("contents/draft/storm.md", in: root), "The storm.\n")
    }

    func testTwoDocumentsSharingAFileStopWritesAndCheckSaysSo() throws {
        let root = try makeProject()
        _ = try twoDocuments(root)
        try editBinder(root) { binder in
            self.draftChildren(&binder) { children in
                for i in children.indices where children[i]["title"] as? String == "Calm" { children[i]["path"] = "contents/draft/storm.md" }
            }
        }
        let result = try expect(3, "format", "Storm", "--paragraph", "1", "--bold", in: root)
        XCTAssertTrue(result.stderr.contains("'Storm' and 'Calm' share contents/draft/storm.md"), result.stderr)
        let check = try expect(1, "check", "--json", in: root).json()
        XCTAssertTrue((check["findings"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "shared-file" }, "\(check)")
        XCTAssertEqual(try read("contents/draft/storm.md", in: root), "The storm.\n")
    }
}
