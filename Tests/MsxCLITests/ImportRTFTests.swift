import Foundation
import MsxTestSupport
import XCTest

/// RTF files as Word, TextEdit, LibreOffice and Google Docs write them, imported through the CLI: each document's
/// `show --as json` matches a reviewed expectation (`Fixtures/rtf/NAME.show.json`; `MSX_RECORD=1`
/// rewrites them for review).
final class ImportRTFTests: MsxTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("MsxKitTests/Fixtures/rtf")
    private let expectations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rtf")

    func testEachProducersFileImportsAsReviewed() throws {
        let root = try makeProject()
        for name in ["word", "textedit", "libreoffice", "googledocs", "cp1251", "libreoffice-generated"] {
            let rtf = fixtures.appendingPathComponent(name + ".rtf")
            let created = try expect(0, "import", rtf.path, "--json", in: root).json()["created"] as? [[String: Any]] ?? []
            let id = try XCTUnwrap(created.first?["id"] as? String, name)
            var shown = try expect(0, "show", id, "--as", "json", in: root).stdout
            shown = shown.replacingOccurrences(of: id, with: "ID")
            let expected = expectations.appendingPathComponent(name + ".show.json")
            Fixture.assertMatches(shown, expected, "\(name)'s imported document")
        }
        try expect(0, "check", in: root)
    }

    func testNotRTFIsRefusedAndPicturesAreCounted() throws {
        let root = try makeProject()
        let fake = scratch.appendingPathComponent("fake.rtf")
        try Data("Just text.\n".utf8).write(to: fake)
        let refused = try expect(3, "import", fake.path, in: root)
        XCTAssertTrue(refused.stderr.contains("fake.rtf: not an RTF file"), refused.stderr)
        let word = fixtures.appendingPathComponent("word.rtf")
        let result = try expect(0, "import", word.path, "--json", in: root).json()
        let warnings = result["warnings"] as? [String] ?? []
        XCTAssertTrue(warnings.contains { $0.contains("word.rtf") && $0.contains("picture") }, "\(warnings)")
    }
}
