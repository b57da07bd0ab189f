import Foundation
import MsxModel
import XCTest

/// `FileBytes` maps a cache file read-only: the file's bytes, kept as they were when the file is replaced by a
/// rename (as msx writes its caches), and nothing at all for what is not a non-empty regular file.
final class FileBytesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("msx-filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAMappedFileHoldsItsBytesAfterARenameReplacesIt() throws {
        let file = folder.appendingPathComponent("versions")
        let written = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(written).write(to: file)
        let mapped = try XCTUnwrap(FileBytes(mapping: file.path))
        XCTAssertEqual(Array(mapped.bytes), written)
        XCTAssertEqual(mapped, FileBytes(written))
        XCTAssertNotEqual(mapped, FileBytes(Array(written.dropLast())))
        let replacement = folder.appendingPathComponent("versions.new")
        try Data("other".utf8).write(to: replacement)
        XCTAssertEqual(rename(replacement.path, file.path), 0)
        XCTAssertEqual(Array(mapped.bytes), written, "the mapping keeps the file it was made of")
        XCTAssertEqual(FileBytes(mapping: file.path).map { Array($0.bytes) }, Array("other".utf8))
    }

    func testWhatIsNotANonEmptyRegularFileIsNotMapped() throws {
        let empty = folder.appendingPathComponent("empty")
        try Data().write(to: empty)
        let fifo = folder.appendingPathComponent("fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        for path in [empty.path, fifo.path, folder.path, folder.appendingPathComponent("missing").path] {
            XCTAssertNil(FileBytes(mapping: path), path)
        }
        XCTAssertEqual(FileBytes([]), FileBytes([]))
    }
}
