import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel

/// `FileIO.readText`, which reads a file straight into a string, against Python's strict UTF-8 decoder: a file
/// Python decodes reads as the same bytes, and one it refuses is refused with the offset Python gives.
final class TextFileReadingTests: SeededTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testTextIsReadAndRefusedAsPythonDecodesIt() throws {
        var random = seededGenerator()
        // Whole characters of one to four bytes, and the ways UTF-8 goes wrong: a lone continuation byte, a sequence
        // cut short, an overlong form, a surrogate, a scalar above U+10FFFF, bytes never used. U+FFFD written in the
        // file is a character like any other (the fast path gives way to the strict one when it sees it).
        let pieces: [[UInt8]] = ["a", "harbour ", "\n", "\r\n", "é", "日", "🙂", "\u{FEFF}", "\0", "\u{FFFD}"].map { Array($0.utf8) }
            + [[0x80], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x99], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]]
        var files: [[UInt8]] = []
        for _ in 0..<scaled(300) {
            let length = Int.random(in: 0..<3, using: &random) == 0 ? 0 : Int.random(in: 1..<3_000, using: &random)
            var bytes: [UInt8] = []
            while bytes.count < length {
                bytes += Int.random(in: 0..<200, using: &random) == 0 ? pieces.randomElement(using: &random)! : pieces[1]
            }
            files.append(bytes)
        }
        for (index, bytes) in files.enumerated() { try Data(bytes).write(to: file(index)) }
        let expected = try pythonDecoding(files.count)
        var refused = 0
        for (index, bytes) in files.enumerated() {
            do {
                let text = try FileIO.readText(file(index), displayPath: "file \(index)")
                XCTAssertEqual(expected[index], "ok", "file \(index) read, Python refuses it")
                XCTAssertEqual(Array(text.utf8), bytes, "file \(index)")
            } catch let error as MsxError {
                refused += 1
                XCTAssertEqual(error.code, .invalidUTF8)
                XCTAssertEqual(error.message, "file \(index): not valid UTF-8 (bad byte at offset \(expected[index]))")
            }
        }
        XCTAssertGreaterThan(refused, 0)
        XCTAssertLessThan(refused, files.count)
    }

    func testWhatIsNoTextFileIsNamedAsSuch() throws {
        let fifo = folder.appendingPathComponent("fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let cases: [(URL, MsxError.Code)] = [(folder, .notAFile), (fifo, .notAFile), (folder.appendingPathComponent("none"), .missingFile)]
        for (url, code) in cases {
            XCTAssertThrowsError(try FileIO.readText(url, displayPath: url.lastPathComponent)) { error in
                XCTAssertEqual((error as? MsxError)?.code, code, url.lastPathComponent)
            }
        }
        let link = folder.appendingPathComponent("link")
        try Data("through a link".utf8).write(to: folder.appendingPathComponent("target"))
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.appendingPathComponent("target"))
        XCTAssertEqual(try FileIO.readText(link, displayPath: "link"), "through a link")
    }

    private func file(_ index: Int) -> URL { folder.appendingPathComponent("file-\(index)") }

    /// For each file, "ok" when Python's strict decoder reads it, else the offset of the first bad byte.
    private func pythonDecoding(_ count: Int) throws -> [String] {
        let script = """
            import sys
            for i in range(int(sys.argv[2])):
                data = open(f"{sys.argv[1]}/file-{i}", "rb").read()
                try:
                    data.decode("utf-8")
                    print("ok")
                except UnicodeDecodeError as e:
                    print(e.start)
            """
        let output = try output(of: "/usr/bin/python3", ["-c", script, folder.path, String(count)])
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
