import Foundation
import XCTest

/// An unknown command is reported as a command, with the nearest one; unknown titles and
/// milestones suggest the nearest; a reversed --range says so.
final class DidYouMeanTests: MsxTestCase {
    func testUnknownCommandsTitlesAndMilestonesSuggestTheNearest() throws {
        let root = try makeProject()
        try addDocument("The Storm", "The storm came in at dusk.\n", to: root)
        try expect(0, "snapshot", "-m", "one", "--tag", "first draft", in: root)

        let command = try expect(64, "snapshott", "-m", "x", in: root)
        XCTAssertEqual(command.stderr, "msx: 'snapshott' is not an msx command. Did you mean 'snapshot'? (msx --help lists them)\n")
        let json = try expect(64, "snapshott", "--json", in: root).json()
        XCTAssertEqual((json["error"] as? [String: Any])?["code"] as? String, "usage")
        XCTAssertTrue(try expect(64, "frobnicate", in: root).stderr.contains("'frobnicate' is not an msx command (msx --help"))

        let title = try expect(1, "show", "The Strom", in: root)
        XCTAssertTrue(title.stderr.contains("no document or folder matches 'The Strom'; did you mean 'The Storm'?"), title.stderr)
        let milestone = try expect(1, "show", "The Storm@frist draft", in: root)
        XCTAssertTrue(milestone.stderr.contains("did you mean the milestone 'first draft'?"), milestone.stderr)
        XCTAssertFalse(try expect(1, "show", "Nothing like it", in: root).stderr.contains("did you mean"))
    }

    func testAReversedRangeSaysSo() throws {
        let root = try makeProject()
        try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        let reversed = try expect(64, "format", "Storm", "--range", "5-2", "--bold", in: root)
        XCTAssertTrue(reversed.stderr.contains("--range 5-2 is reversed: START comes first (did you mean 2-5?)"), reversed.stderr)
    }
}
