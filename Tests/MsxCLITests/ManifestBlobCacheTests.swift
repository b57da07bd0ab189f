import Foundation
import MsxKit
import MsxTestSupport
import XCTest

/// `.msx/cache/manifest`: the manifest file's blob id under its stamp, so that reading a version need not hash the
/// manifest. It is believed only for the stamp it names and when not racily clean; `check` proves a believed entry
/// with git's own hash, and `--repair` removes a wrong one.
final class ManifestBlobCacheTests: HistoryTestCase {
    private let cachePath = ".msx/cache/manifest"

    func testReadingAVersionRecordsTheBlobIdGitGivesTheManifest() throws {
        let book = try makeBook()
        _ = try markdown("\(book.lamp)@HEAD", in: book.root)
        XCTAssertEqual(try recordedID(book.root), try gitHash(Manifest.fileName, in: book.root))
        XCTAssertEqual(try staleCaches(book.root), [])
    }

    func testAWrongBelievedEntryIsFoundByCheckAndRemovedByRepair() throws {
        let book = try makeBook()
        _ = try markdown("\(book.lamp)@HEAD", in: book.root)
        try rewriteEntry(in: book.root, id: String(repeating: "ab", count: 20), cacheTime: Date().addingTimeInterval(60))
        XCTAssertEqual(try staleCaches(book.root), [cachePath])
        let repairs = try expect(0, "check", "--repair", "--json", in: book.root).json()["repairs"] as? [String] ?? []
        XCTAssertEqual(repairs.count, 1, "\(repairs)")
        XCTAssertFalse(exists(cachePath, in: book.root))
        XCTAssertEqual(try staleCaches(book.root), [])
        _ = try markdown("\(book.lamp)@HEAD", in: book.root)
        XCTAssertEqual(try recordedID(book.root), try gitHash(Manifest.fileName, in: book.root), "recorded again, right")
    }

    /// An entry written in the same moment as the manifest (racily clean), a damaged one, and one of another stamp
    /// are not believed: the next reader hashes the file and records its id.
    func testAnEntryThatCannotBeBelievedIsRecordedAgain() throws {
        let book = try makeBook()
        _ = try markdown("\(book.lamp)@HEAD", in: book.root)
        let manifest = book.root.appendingPathComponent(Manifest.fileName)
        let modified = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: manifest.path)[.modificationDate] as? Date)
        let wrong = String(repeating: "cd", count: 20)
        for damage in ["racy", "damaged", "another stamp"] {
            try rewriteEntry(in: book.root, id: wrong, cacheTime: damage == "racy" ? modified : Date().addingTimeInterval(60))
            switch damage {
            case "damaged":
                try write(try read(cachePath, in: book.root).replacingOccurrences(of: wrong, with: String(repeating: "ef", count: 20)),
                          to: cachePath, in: book.root)
            case "another stamp":
                try write(try read(Manifest.fileName, in: book.root) + " ", to: Manifest.fileName, in: book.root)
            default: break
            }
            XCTAssertEqual(try staleCaches(book.root), [], damage)
            _ = try markdown("\(book.lamp)@HEAD", in: book.root)
            XCTAssertEqual(try recordedID(book.root), try gitHash(Manifest.fileName, in: book.root), damage)
        }
    }

    /// A snapshot asks the cache whether the binder changed since the last version: a change made after the cache
    /// recorded the file, by msx or by hand (the same size: the file's times and inode tell), is recorded, and an
    /// unchanged binder records nothing.
    func testASnapshotSeesBinderChangesMadeAfterTheCacheRecordedTheFile() throws {
        let book = try makeBook()
        _ = try markdown("\(book.lamp)@HEAD", in: book.root)
        let head = try revision("HEAD", in: book.root)
        XCTAssertEqual(try expect(0, "snapshot", "-m", "same", in: book.root).stdout, "Nothing changed since the last snapshot.\n")
        XCTAssertEqual(try revision("HEAD", in: book.root), head)
        try expect(0, "meta", book.lamp, "--synopsis", "A lamp is lit.", in: book.root)
        try expect(0, "snapshot", "-m", "synopsis", in: book.root)
        XCTAssertNotEqual(try revision("HEAD", in: book.root), head)
        _ = try markdown("\(book.lamp)@HEAD", in: book.root)
        XCTAssertEqual(try recordedID(book.root), try gitHash(Manifest.fileName, in: book.root))
        let edited = try read(Manifest.fileName, in: book.root).replacingOccurrences(of: "A lamp is lit.", with: "A lamp is out.")
        try write(edited, to: Manifest.fileName, in: book.root)
        let before = try revision("HEAD", in: book.root)
        try expect(0, "snapshot", "-m", "by hand", in: book.root)
        XCTAssertNotEqual(try revision("HEAD", in: book.root), before)
        XCTAssertTrue(try git("show", "HEAD:\(Manifest.fileName)", in: book.root).contains("A lamp is out."))
    }

    // MARK: Helpers

    private func recordedID(_ root: URL) throws -> String {
        try recordedStampedID(at: cachePath, header: "msx manifest blob 1", in: root)
    }

    private func gitHash(_ path: String, in root: URL) throws -> String {
        try git("hash-object", "--", path, in: root).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func rewriteEntry(in root: URL, id: String, cacheTime: Date) throws {
        try rewriteStampedID(at: cachePath, in: root, id: id, cacheTime: cacheTime)
    }
}
