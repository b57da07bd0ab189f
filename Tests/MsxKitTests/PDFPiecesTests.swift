import Foundation
import MsxTestSupport
import XCTest
@testable import MsxConvert

/// The small parts of the PDF writer against independent oracles: numbers as Foundation's formatter writes them,
/// hyphenation as another implementation of the same patterns breaks words.
final class PDFPiecesTests: SeededTestCase {
    /// PDF numbers against `%.3f` with its trailing zeros taken off, for random values of every size.
    func testNumbersMatchFoundationsFormatting() {
        var random = seededGenerator()
        for _ in 0..<scaled(20_000) {
            let scale = [0.001, 1, 100, 10_000, 1_000_000].randomElement(using: &random)!
            let value = Double.random(in: -scale...scale, using: &random)
            var expected = String(format: "%.3f", (value * 1000).rounded() / 1000)
            while expected.hasSuffix("0") { expected.removeLast() }
            if expected.hasSuffix(".") { expected.removeLast() }
            if expected == "-0" { expected = "0" }
            XCTAssertEqual(PDFObjects.number(value), expected, "\(value)")
        }
        XCTAssertEqual(PDFObjects.number(.nan), "0")
    }

    /// Hyphenation against pyphen (PyPI), another implementation of Liang's method reading the same dictionary
    /// with the same minimums, on random words and real ones; Knuth's own example as a fixed point.
    func testHyphenationAgreesWithPyphen() throws {
        let dictionary = "/usr/share/hyphen/hyph_en_US.dic"
        guard let hyphenator = Hyphenator(language: "en-US") else {
            throw XCTSkip("no English hyphenation patterns (apt-get install hyphen-en-us)")
        }
        var random = seededGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var words = ["hyphenation", "lighthouse", "extraordinarily", "nevertheless", "internationalisation", "harbourmaster",
                     "incomprehensibility", "representative", "uncharacteristically", "Brennock", "manuscript"]
        for _ in 0..<scaled(2_000) { words.append(String((0..<Int.random(in: 5...16, using: &random)).map { _ in letters.randomElement(using: &random)! })) }
        let script = """
        import sys, pyphen
        d = pyphen.Pyphen(filename=sys.argv[1], left=2, right=3)
        for w in sys.stdin.read().split():
            print(d.inserted(w))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, dictionary]
        let input = Pipe(), output = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, FileHandle.nullDevice)
        try process.run()
        input.fileHandleForWriting.write(Data(words.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("pyphen is not installed (python3 -m pip install pyphen)") }
        XCTAssertEqual(expected.count, words.count)
        for (word, theirs) in zip(words, expected) {
            var ours = ""
            let cuts = Set(hyphenator.breaks(in: word))
            for (index, character) in word.enumerated() {
                if cuts.contains(index) { ours += "-" }
                ours.append(character)
            }
            XCTAssertEqual(ours, theirs, word)
        }
        XCTAssertEqual(expected.first, "hy-phen-ation", "Knuth's example")
    }

    /// A damaged font file (random bytes of a real one changed, or the file cut short) is either refused or read
    /// without a crash: its glyphs looked up, its widths read and a subset made.
    func testDamagedFontsNeverCrash() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        guard let original = FileManager.default.contents(atPath: path) else { throw XCTSkip("\(path) is not installed (apt-get install fonts-dejavu-core)") }
        var random = seededGenerator()
        var read = 0
        for round in 0..<scaled(60) {
            var bytes = [UInt8](original)
            if round % 4 == 3 {
                bytes.removeSubrange(Int.random(in: 12..<bytes.count, using: &random)...)
            } else {
                // The tables' directory and headers are where damage matters: most changes go to the first 4 kB.
                for _ in 0..<Int.random(in: 1...40, using: &random) {
                    let at = Bool.random(using: &random) ? Int.random(in: 0..<4096, using: &random) : Int.random(in: 0..<bytes.count, using: &random)
                    bytes[at] = UInt8.random(in: 0...255, using: &random)
                }
            }
            guard let file = FontFile(Data(bytes)), let font = TrueTypeFont(file) else { continue }
            read += 1
            var used: Set<UInt16> = []
            for scalar in "Łódź and the lamp, ἀρχή".unicodeScalars {
                if let glyph = font.glyph(for: scalar) { used.insert(glyph); _ = font.width(of: glyph) }
            }
            XCTAssertFalse(font.subset(keeping: used).isEmpty)
        }
        XCTAssertGreaterThan(read, 0, "some damaged fonts still read")
    }
}

