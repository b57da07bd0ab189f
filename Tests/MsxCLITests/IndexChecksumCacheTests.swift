import Foundation
import MsxKit
import MsxTestSupport
import XCTest

/// `.msx/cache/index`: the checksum of git's index as msx last proved it, so that `status` does not compute the
/// index's SHA-1 again. It is believed only for the index's stamp and checksum; an index damaged behind msx's back is
/// refused as before; `check` proves a believed entry and `--repair` removes a wrong one.
final class IndexChecksumCacheTests: HistoryTestCase {
    private let cachePath = ".msx/cache/index"
    private let header = "msx index checksum 1"

    func testStatusRecordsTheChecksumTheIndexEndsWithAndAgainAfterASnapshot() throws {
        let book = try makeBook()
        try expect(0, "status", in: book.root)
        XCTAssertEqual(try recordedStampedID(at: cachePath, header: header, in: book.root), try indexTrailer(book.root))
        try write("The lamp was lit again.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "again", in: book.root)
        try expect(0, "status", in: book.root)
        XCTAssertEqual(try recordedStampedID(at: cachePath, header: header, in: book.root), try indexTrailer(book.root),
                       "the new index's checksum")
        XCTAssertEqual(try staleCaches(book.root), [])
    }

    /// Bytes of the index changed in place, its size and modification time kept (its status-change time moves, as
    /// it always does): status refuses it as libgit2 does, as it did before the cache.
    func testAnIndexDamagedBehindMsxsBackIsStillRefused() throws {
        let book = try makeBook()
        try expect(0, "status", in: book.root)
        let index = book.root.appendingPathComponent(".git/index")
        let modified = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: index.path)[.modificationDate] as? Date)
        var bytes = [UInt8](try Data(contentsOf: index))
        // An entry's recorded size: the file still reads as an index, only its checksum disagrees.
        bytes[12 + 36] ^= 0x01
        try Data(bytes).write(to: index)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: index.path)
        let status = try runMsx(["status"], in: book.root)
        XCTAssertNotEqual(status.exitCode, 0, "a damaged index read as sound: \(status.stdout)")
        XCTAssertTrue(status.stderr.contains("index"), status.stderr)
    }

    func testAWrongBelievedEntryIsFoundByCheckAndRemovedByRepair() throws {
        let book = try makeBook()
        try expect(0, "status", in: book.root)
        try rewriteStampedID(at: cachePath, in: book.root, id: String(repeating: "ab", count: 20), cacheTime: Date().addingTimeInterval(60))
        XCTAssertEqual(try staleCaches(book.root), [cachePath])
        let repairs = try expect(0, "check", "--repair", "--json", in: book.root).json()["repairs"] as? [String] ?? []
        XCTAssertEqual(repairs.count, 1, "\(repairs)")
        XCTAssertFalse(exists(cachePath, in: book.root))
        try expect(0, "status", in: book.root)
        XCTAssertEqual(try recordedStampedID(at: cachePath, header: header, in: book.root), try indexTrailer(book.root), "recorded again")
        // A wrong entry is never the checksum the index ends with: status proves the index itself and records it.
        try rewriteStampedID(at: cachePath, in: book.root, id: String(repeating: "cd", count: 20), cacheTime: Date().addingTimeInterval(60))
        try expect(0, "status", in: book.root)
        XCTAssertEqual(try recordedStampedID(at: cachePath, header: header, in: book.root), try indexTrailer(book.root), "written anew")
    }

    /// The last 20 bytes of the index, in hex: the checksum git ends it with.
    private func indexTrailer(_ root: URL) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(".git/index")))
        return bytes.suffix(20).map { String(format: "%02x", $0) }.joined()
    }
}
