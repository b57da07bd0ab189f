import XCTest
@testable import MsxKit

/// Hand-written RTF in the habits of Word, TextEdit, LibreOffice, Google Docs and a Cyrillic WordPad file, plus one
/// LibreOffice 7.4 wrote itself (`soffice --convert-to rtf` of `libreoffice-generated.source.html`), each read and
/// compared with its reviewed expectation `NAME.expected.json`. `MSX_UPDATE_FIXTURES=1` rewrites them.
final class RTFFixtureTests: XCTestCase {
    static let folder = packageRoot.appendingPathComponent("Tests/MsxKitTests/Fixtures/rtf")
    static let names = ["word", "textedit", "libreoffice", "googledocs", "cp1251", "libreoffice-generated"]

    func testFixturesMatchTheirExpectations() throws {
        let update = ProcessInfo.processInfo.environment["MSX_UPDATE_FIXTURES"] == "1"
        for name in Self.names {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("\(name).rtf")))
            let actual = JSONWriter.string(try RTFReader.read(bytes).json)
            let expectedURL = Self.folder.appendingPathComponent("\(name).expected.json")
            if update {
                try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: expectedURL, encoding: .utf8)
            XCTAssertTrue(actual == expected, "\(name).rtf reads differently from \(name).expected.json:\n"
                + firstDifference(actual, expected) + "\n(if the change is intended, rerun with MSX_UPDATE_FIXTURES=1)")
        }
    }

    /// The first differing line of two JSON texts, with its line number and two lines of context.
    private func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let context = max(0, index - 2)..<index
        let shared = context.map { "  \(expectedLines[$0])" }.joined(separator: "\n")
        let want = index < expectedLines.count ? String(expectedLines[index]) : "(end of file)"
        let got = index < actualLines.count ? String(actualLines[index]) : "(end of file)"
        return "line \(index + 1):\n\(shared)\n- expected: \(want)\n+ actual:   \(got)"
    }
}
