import MsxTestSupport
import XCTest
@testable import MsxHistory
@testable import MsxModel

/// What `status`, `log` and `restore` call a change of formatting: each pair of texts below is told apart by its
/// formatting signature exactly when a reader would see other formatting (written by hand, not by the code tested).
final class FormattingSignatureTests: XCTestCase {
    private func document(_ markdown: String, colour: String? = nil) throws -> RichDocument {
        guard let colour else { return richDocument(markdown) }
        let sidecar = """
            {"formatVersion": 1, "paragraphs": [{"index": 0, "textHash": "\(TextHash.fnv1a64("Light at dusk."))",
             "runs": [{"start": 0, "end": 5, "text": "Light", "after": " at dusk", "attributes": {"color": "\(colour)"}}]}]}
            """
        return richDocument(markdown, sidecar: try Sidecar(json: sidecar, file: "x.attrs.json"))
    }

    func testFormattingChangesAndOnlyThoseAreSeen() throws {
        let cases: [(String, String, Bool)] = [
            ("Light at dusk.\n", "Light at dawn.\n", false),
            ("Light at *dusk*.\n", "Light at *dusk*, late.\n", false),
            ("Light at dusk.\n", "Light at **dusk**.\n", true),
            ("Light at *dusk*.\n", "Light at **dusk**.\n", true),
            ("Light at *dusk*.\n", "Light at *dawn*.\n", true),
            ("See [the lamp](a.md).\n", "See [the lamp](b.md).\n", true),
            ("See `lamp` now.\n", "See lamp now.\n", true),
            ("# Light\n", "## Light\n", true),
            ("# Light\n", "# Night\n", false),
            ("Light.\n", "> Light.\n", true),
            ("> Light.\n", "> > Light.\n", true),
            ("- [ ] Light\n", "- [x] Light\n", true),
            ("- Light\n", "- Night\n", false),
            ("*Light* and *light*.\n", "*Light* and light.\n", true),
            ("*Light*.\n\n*Light*.\n", "*Light*.\n\nLight.\n", true),
            ("*Light*.\n\nDusk.\n", "Dusk.\n\n*Light*.\n", false),
        ]
        for (before, after, differs) in cases {
            XCTAssertEqual(richDocument(before).formattingSignature != richDocument(after).formattingSignature, differs,
                           "\(before.debugDescription) -> \(after.debugDescription)")
        }
    }

    func testSidecarRunsAreFormatting() throws {
        let red = try document("Light at dusk.\n", colour: "#8B0000")
        XCTAssertEqual(red.formattingSignature, try document("Light at dusk.\n", colour: "#8B0000").formattingSignature)
        XCTAssertNotEqual(red.formattingSignature, try document("Light at dusk.\n", colour: "#00008B").formattingSignature)
        XCTAssertNotEqual(red.formattingSignature, try document("Light at dusk.\n").formattingSignature)
    }
}
