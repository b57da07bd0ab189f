import Foundation
import XCTest

/// The review page of `diff --html` names the project, the two versions compared (title, date,
/// id) and the documents by title, with a legend; a real browser (Debian's chromium, headless) renders it, and its
/// screenshot shows the insertion green and the deletion red.
final class DiffReviewPageTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private func chromium() throws -> String { try Chromium.path() }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        try Chromium.run(executable, arguments, in: scratch)
    }

    private func makeReview() throws -> (page: URL, version: String) {
        let book = try makeBook(snapshot: false)
        try expect(0, "snapshot", "-m", "Lamp drafted", "--tag", "first draft", in: book.root)
        try write("The old lamp flickered all night.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "format", "Lamp", "--match", "quay", "--bold", in: book.root)
        let page = scratch.appendingPathComponent("review.html")
        try expect(0, "diff", "--from", "first draft", "--html", in: book.root).stdout.write(to: page, atomically: true, encoding: .utf8)
        return (page, String(try revision(in: book.root).prefix(7)))
    }

    func testThePageNamesTheProjectTheVersionsAndTheDocuments() throws {
        let (page, version) = try makeReview()
        // The page as the browser built it (its DOM), not as msx wrote it.
        let dom = try run(try chromium(), ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString])
        let text = dom.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        XCTAssertTrue(dom.contains("<h1>Test Book</h1>"), dom)
        XCTAssertTrue(text.contains("by Ada Lovelace"), text)
        XCTAssertTrue(text.contains("From version \(version) of ") && text.contains("\u{201C}Lamp drafted\u{201D} (milestone \u{201C}first draft\u{201D})"), text)
        XCTAssertTrue(text.contains("To the working copy"), text)
        XCTAssertTrue(dom.contains("<h2>Lamp</h2>"), "documents are named by title")
        XCTAssertFalse(dom.contains(Book.lampPath), "no paths")
        for mark in ["inserted words", "deleted words", "moved paragraph", "changed formatting"] {
            XCTAssertTrue(text.contains(mark), "legend: \(mark)")
        }
        XCTAssertTrue(dom.contains("<del>burned</del>"), dom)
        XCTAssertNotNil(dom.range(of: "<ins><span[^>]*>flickered</span></ins>", options: .regularExpression), dom)
        XCTAssertTrue(text.contains("bold added: 'quay'"), text)
    }

    func testAScreenshotShowsTheChangesInTheirColours() throws {
        let (page, _) = try makeReview()
        let png = scratch.appendingPathComponent("review.png")
        _ = try run(try chromium(), ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=900,1200",
                                     "--screenshot=\(png.path)", page.absoluteString])
        XCTAssertTrue(FileManager.default.fileExists(atPath: png.path), "no screenshot")
        // python3's zlib reads the PNG: pixels near the insertion green (#1B5E20), the deletion red (#B00020) and
        // the formatting blue (#E3F2FD) are counted.
        let counter = """
            import struct, sys, zlib
            data = open(sys.argv[1], 'rb').read()
            pos, idat, width, height = 8, b'', 0, 0
            while pos < len(data):
                length, kind = struct.unpack('>I4s', data[pos:pos + 8])
                chunk = data[pos + 8:pos + 8 + length]
                if kind == b'IHDR':
                    width, height, depth, colour = struct.unpack('>IIBB', chunk[:10])
                    channels = {2: 3, 6: 4}[colour]
                if kind == b'IDAT':
                    idat += chunk
                pos += 12 + length
            raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
            for y in range(height):
                kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
                for x in range(stride):
                    a = line[x - channels] if x >= channels else 0
                    b, c = previous[x], previous[x - channels] if x >= channels else 0
                    if kind == 1: line[x] = (line[x] + a) & 255
                    elif kind == 2: line[x] = (line[x] + b) & 255
                    elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
                    elif kind == 4:
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line)
                previous = line
            targets = {'green': (0x1B, 0x5E, 0x20), 'red': (0xB0, 0x00, 0x20), 'blue': (0xE3, 0xF2, 0xFD)}
            counts = dict.fromkeys(targets, 0)
            for line in rows:
                for x in range(0, stride, channels):
                    for name, (r, g, b) in targets.items():
                        if abs(line[x] - r) < 24 and abs(line[x + 1] - g) < 24 and abs(line[x + 2] - b) < 24:
                            counts[name] += 1
            print(width, height, counts['green'], counts['red'], counts['blue'])
            """
        let script = scratch.appendingPathComponent("colours.py")
        try counter.write(to: script, atomically: true, encoding: .utf8)
        let numbers = try run("/usr/bin/env", ["python3", script.path, png.path]).split(separator: " ")
            .compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(numbers.count, 5, "\(numbers)")
        guard numbers.count == 5 else { return }
        XCTAssertEqual(numbers[0], 900)
        XCTAssertGreaterThan(numbers[2], 20, "no insertion green in the screenshot")
        XCTAssertGreaterThan(numbers[3], 20, "no deletion red in the screenshot")
        XCTAssertGreaterThan(numbers[4], 20, "no formatting marks in the screenshot")
    }
}
