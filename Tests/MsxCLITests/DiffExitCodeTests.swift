import Foundation
import XCTest

/// `diff --exit-code` and `--quiet` mean what they mean to git; `diff --files` exits with 1 when
/// the files differ, as diff(1) does; `--no-pager` is taken by every command.
final class DiffExitCodeTests: MsxTestCase {
    func testExitCodeAndQuietSayWhetherAnythingDiffers() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n", to: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        XCTAssertEqual(try expect(0, "diff", "--exit-code", in: root).stdout, "No differences.\n")
        XCTAssertEqual(try expect(0, "diff", "--quiet", in: root).stdout, "")

        try write("The storm came in slowly at dusk.\n", to: path, in: root)
        XCTAssertTrue(try expect(1, "diff", "--exit-code", in: root).stdout.contains("{+slowly +}"))
        let quiet = try expect(1, "diff", "--quiet", in: root)
        XCTAssertEqual(quiet.stdout + quiet.stderr, "")
        try expect(0, "diff", in: root)  // without them, a diff that shows differences succeeds
        try expect(0, "diff", "--no-pager", in: root)
        try expect(0, "log", "--no-pager", in: root)
    }

    func testFilesExitWithOneWhenTheyDiffer() throws {
        let folder = scratch.appendingPathComponent("pair-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("Same words.\n", to: "a.md", in: folder)
        try write("Same words.\n", to: "b.md", in: folder)
        try write("Other words.\n", to: "c.md", in: folder)
        try expect(0, "diff", "--files", "a.md", "b.md", in: folder)
        try expect(1, "diff", "--files", "a.md", "c.md", in: folder)
        try expect(1, "diff", "--files", "a.md", "c.md", "--quiet", in: folder)
    }
}
