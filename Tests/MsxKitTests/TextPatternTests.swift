import Foundation
import XCTest
@testable import MsxModel

/// What `msx search` matches: words as typed or a regular expression, in the text a reader sees; and the quick test
/// on a file's bytes that lets a version whose file cannot hold the words go unread.
final class TextPatternTests: XCTestCase {
    func testMatchesAndTheQuickTestOnBytes() throws {
        let pattern = try TextPattern("lamp room")
        XCTAssertEqual(pattern.matches(in: "The lamp room, the lamp room."), [4..<13, 19..<28])
        XCTAssertTrue(pattern.mayOccur(in: Data("The *lamp* room is high.".utf8)))
        XCTAssertFalse(pattern.mayOccur(in: Data("The lamp is high.".utf8)))
        XCTAssertTrue(pattern.mayOccur(in: Data("The l&#97;mp room.".utf8)), "a file with character references is always read")
        // Markup inside a word (msx's own importer writes a part-bold word so) does not hide it.
        XCTAssertTrue(try TextPattern("fantastic").mayOccur(in: Data("A fan**tas**tic day, l`am`p.".utf8)))
        XCTAssertTrue(try TextPattern("fantastic").mayOccur(in: Data("A fan[tas](x)tic day.".utf8)))
        XCTAssertFalse(try TextPattern("fantastic").mayOccur(in: Data("A fan**tas** day.".utf8)))
        XCTAssertEqual(pattern.count(in: ["The lamp room.", "No lamp room here? lamp room!"]), 3)
        XCTAssertTrue(try TextPattern("LAMP", ignoringCase: true).mayOccur(in: Data("lamp".utf8)))
        XCTAssertEqual(try TextPattern("l[a]mp", regex: true).count(in: ["lamp lamp"]), 2)
        XCTAssertThrowsError(try TextPattern(""))
        XCTAssertThrowsError(try TextPattern("(", regex: true))
    }
}
