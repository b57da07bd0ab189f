import Foundation
import XCTest

/// A damaged git index (its checksum no longer matches: a disk error, a tool killed while writing it without git's
/// lock) stops libgit2, and so `status` and `snapshot`. `check` names it as a stale cache and `check --repair` builds
/// it again from the last version, after which msx and git agree that nothing changed.
final class GitIndexRepairTests: HistoryTestCase {
    func testADamagedIndexIsFoundByCheckAndBuiltAgainByRepair() throws {
        let book = try makeBook()
        let index = book.root.appendingPathComponent(".git/index")
        var bytes = [UInt8](try Data(contentsOf: index))
        bytes[30] ^= 0xFF
        try Data(bytes).write(to: index)
        let refused = try runMsx(["status"], in: book.root)
        XCTAssertNotEqual(refused.exitCode, 0, "status read a damaged index")
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
        XCTAssertEqual(try staleCaches(book.root), [".git/index"])
        XCTAssertTrue(try expect(0, "check", in: book.root).stdout.contains(".git/index: damaged"))
        let repairs = try expect(0, "check", "--repair", "--json", in: book.root).json()["repairs"] as? [String] ?? []
        XCTAssertEqual(repairs, ["built .git/index again from the last version"])
        XCTAssertEqual(try staleCaches(book.root), [])
        XCTAssertEqual(try expect(0, "status", in: book.root).stdout, "Nothing changed since the last snapshot.\n")
        XCTAssertEqual(try git("status", "--porcelain", in: book.root), "", "git sees changes after the repair")
        XCTAssertFalse(exists(".git/index.msx-rebuild", in: book.root))
    }
}
