import XCTest
@testable import MsxModel

/// The base text file (docs/format.md 6.4): written and read back exactly, refused when it is not the text its name
/// says, and a sidecar's `base` ignored when it cannot name one.
final class BaseTextTests: XCTestCase {
    func testParagraphsComeBackExactly() throws {
        for paragraphs in [[], [""], ["", ""], ["plain", "back\\slash and \\n literally", "line\nfeed", "carriage\r\nreturn", "é 😀 日本"]] {
            let base = BaseText(paragraphs: paragraphs)
            XCTAssertTrue(BaseText.isValidID(base.id))
            XCTAssertEqual(BaseText(fileText: base.fileText, id: base.id)?.paragraphs, paragraphs, "\(paragraphs)")
        }
    }

    func testAFileThatIsNotItsNamesTextIsRefused() {
        let base = BaseText(paragraphs: ["The storm came in at dusk."])
        XCTAssertNil(BaseText(fileText: base.fileText.replacingOccurrences(of: "dusk", with: "dawn"), id: base.id))
        XCTAssertNil(BaseText(fileText: "something else\n", id: TextHash.fnv1a64("something else\n")))
        XCTAssertFalse(BaseText.isValidID("../../etc/passwd"))
        XCTAssertFalse(BaseText.isValidID("ABCDEF0123456789"))
    }

    func testASidecarsBaseOfAnotherShapeIsIgnored() throws {
        let json = #"{"formatVersion": 1, "base": "../escape", "paragraphs": []}"#
        XCTAssertNil(try Sidecar(json: json, file: "x.attrs.json").base)
        let good = #"{"formatVersion": 1, "base": "0123456789abcdef", "paragraphs": []}"#
        XCTAssertEqual(try Sidecar(json: good, file: "x.attrs.json").base, "0123456789abcdef")
    }
}
