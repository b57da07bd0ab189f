import MsxTestSupport
import XCTest
import MsxModel
@testable import MsxProject

/// `.msx/cache/counts` reads back exactly what it wrote (a path holding a tab or a line break is left out, to be
/// counted again), and never believes a file with a byte changed or cut short.
final class WordCountCacheTests: SeededTestCase {
    func testWhatIsWrittenReadsBackAndDamageIsNotBelieved() throws {
        var random = seededGenerator(20261128)
        let names = ["a.md", "b c.md", "tab\there.md", "line\nbreak.md", "é.md", "e\u{301}.md", "日本.md", "x/y/z.notes.md", "-"]
        func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        for round in 0..<scaled(300) {
            var entries: [String: WordCountCache.Entry] = [:]
            for _ in 0..<number(0...12) {
                let path = "contents/" + String(number(0...3)) + "/" + names.randomElement(using: &random)!
                entries[path] = WordCountCache.Entry(size: number(0...99_999_999), seconds: number(-2_000_000_000...4_000_000_000),
                                                     nanoseconds: number(0...999_999_999), words: number(0...1_000_000),
                                                     hash: String(UInt64.random(in: 0...UInt64.max, using: &random), radix: 16))
            }
            let bytes = WordCountCache.serialize(entries)
            let kept = entries.filter { !$0.key.contains("\t") && !$0.key.utf8.contains(0x0A) }
            XCTAssertEqual(WordCountCache.parse(bytes), kept, "round \(round)")
            var damaged = bytes
            let at = number(0...(damaged.count - 1))
            damaged[at] ^= UInt8.random(in: 1...255, using: &random)
            XCTAssertNil(WordCountCache.parse(damaged), "round \(round): byte \(at) changed")
            XCTAssertNil(WordCountCache.parse(Array(bytes.dropLast(number(1...bytes.count)))), "round \(round): cut short")
        }
    }

    func testALineThatDoesNotReadAsAnEntryIsNotBelieved() {
        func file(_ lines: [String]) -> [UInt8] {
            var out = Array("msx word counts \(WordCountCache.formatVersion)\n".utf8)
            for line in lines { out += Array((line + "\n").utf8) }
            out += "checksum\t\(TextHash.fnv1a64(out))\n".utf8
            return out
        }
        XCTAssertEqual(WordCountCache.parse(file(["12\t-3\t4\t5\tabc\tcontents/a\tb.md", ""]))?["contents/a\tb.md"]?.seconds, -3)
        for line in ["12\t3\t4\t5\tabc\t", "12\t3\t4\t5\tabc", "12\t3\t4\tx\tabc\tp.md", "12\t3\t4\t\tabc\tp.md",
                     "1234567890123456789\t3\t4\t5\tabc\tp.md", "-\t3\t4\t5\tabc\tp.md"] {
            XCTAssertNil(WordCountCache.parse(file([line])), line)
        }
    }
}
