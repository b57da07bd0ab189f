import MsxTestSupport
import XCTest
@testable import MsxModel

/// The table of code-unit runs the word diff numbers words with finds what a dictionary of arrays (the oracle)
/// finds, through many growths, with runs that share prefixes, differ in one unit, or are empty.
final class UnitRunTableTests: SeededTestCase {
    func testLookUpsAgreeWithADictionary() {
        var random = seededGenerator(20261129)
        var table = UnitRunTable<UInt16>(), oracle: [[UInt16]: Int] = [:]
        for step in 0..<scaled(20_000) {
            let run = (0..<Int.random(in: 0...5, using: &random)).map { _ in UInt16.random(in: 0...6, using: &random) * 0x1111 }
            let value = Int.random(in: -1_000...1_000, using: &random), oneProbe = Bool.random(using: &random)
            run.withUnsafeBufferPointer { run in
                if oneProbe {
                    // Looked up and added in one probe: the value met before, else the one given, recorded.
                    XCTAssertEqual(table.value(for: run, orAdd: value), oracle[Array(run)] ?? value, "step \(step): \(Array(run))")
                } else {
                    XCTAssertEqual(table.value(for: run), oracle[Array(run)], "step \(step): \(Array(run))")
                    if oracle[Array(run)] == nil { table.add(run, value: value) }
                }
                if oracle[Array(run)] == nil { oracle[Array(run)] = value }
            }
            XCTAssertEqual(table.count, oracle.count)
        }
        XCTAssertGreaterThan(oracle.count, 5_000, "the table grew many times")
    }

    func testWordIDsNumberWordsInTheOrderFirstMet() {
        var ids = WordIDs()
        let words: [[UInt16]] = [Array("storm".utf16), [], Array("Storm".utf16), Array("storm".utf16), [], Array("stor".utf16)]
        XCTAssertEqual(words.map { ids.id($0[...]) }, [0, 1, 2, 0, 1, 3])
    }
}
