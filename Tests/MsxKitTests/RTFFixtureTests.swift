import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// Hand-written RTF in the habits of Word, TextEdit, LibreOffice, Google Docs and a Cyrillic WordPad file, plus one
/// LibreOffice 7.4 wrote itself (`soffice --convert-to rtf` of `libreoffice-generated.source.html`), each read and
/// compared with its reviewed expectation `NAME.expected.json`. `MSX_RECORD=1` rewrites them.
final class RTFFixtureTests: XCTestCase {
    static let folder = packageRoot.appendingPathComponent("Tests/MsxKitTests/Fixtures/rtf")
    static let names = ["word", "textedit", "libreoffice", "googledocs", "cp1251", "libreoffice-generated"]

    func testFixturesMatchTheirExpectations() throws {
        for name in Self.names {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("\(name).rtf")))
            let actual = JSONWriter.string(try RTFReader.read(bytes).json)
            let expectedURL = Self.folder.appendingPathComponent("\(name).expected.json")
            Fixture.assertMatches(actual, expectedURL, "\(name).rtf as read")
        }
    }
}
