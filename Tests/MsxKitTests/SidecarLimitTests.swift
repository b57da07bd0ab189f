import XCTest
@testable import MsxModel

/// What msx writes, it reads again: a sidecar beyond what msx reads in one is refused before it is written, at the
/// limit it is written and read back.
final class SidecarLimitTests: XCTestCase {
    private func sidecar(runs: Int) -> Sidecar {
        let run = Sidecar.Run(start: 0, end: 4, text: "word", before: "", after: "", attributes: [.underline: .bool(true)])
        return Sidecar(paragraphs: (0..<runs).map { index in
            Sidecar.Paragraph(index: index, textHash: TextHash.fnv1a64("word"), attributes: [:], runs: [run])
        })
    }

    func testASidecarMsxWouldNotReadIsNeverWritten() throws {
        XCTAssertThrowsError(try sidecar(runs: Sidecar.mostRuns + 1).jsonToWrite(file: "contents/draft/long.attrs.json")) { error in
            XCTAssertEqual((error as? MsxError)?.code, .documentTooLarge)
            XCTAssertTrue("\(error)".contains("contents/draft/long.attrs.json"), "\(error)")
        }
        let atTheLimit = sidecar(runs: Sidecar.mostRuns)
        let json = try atTheLimit.jsonToWrite(file: "long.attrs.json")
        XCTAssertEqual(try Sidecar(json: json, file: "long.attrs.json").paragraphs.count, Sidecar.mostRuns)
    }
}
