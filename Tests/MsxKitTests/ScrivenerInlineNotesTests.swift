import XCTest
@testable import MsxConvert
import MsxModel

/// Scrivener's inline annotations and footnotes, held as text between markers, become annotations and inline
/// footnotes; formatting around them stays on its words.
final class ScrivenerInlineNotesTests: XCTestCase {
    private func document(_ texts: [String], runs: [[ImportedRun]] = []) -> ImportedDocument {
        var document = ImportedDocument(paragraphs: [], styles: [:], warnings: [])
        document.paragraphs = texts.enumerated().map { i, text in ImportedParagraph(text: text, runs: i < runs.count ? runs[i] : []) }
        return document
    }

    func testAnAnnotationOverParagraphsIsOneNoteOnTheWordBeforeIt() {
        let read = document(["Nell rowed {\\Scrv_annot \\color={\\R=1\\G=0\\B=0} \\text=Too fast?", "Slow it down.\\end_Scrv_annot} out.", "Next."])
        let result = ScrivenerInlineNotes.applied(to: read, author: "Ada")
        XCTAssertEqual(result.paragraphs.map(\.text), ["Nell rowed out.", "Next."])
        XCTAssertEqual(result.annotations.values.map(\.note), ["Too fast? Slow it down."])
        let run = result.paragraphs[0].runs.first { $0.attributes[.annotation] != nil }
        XCTAssertEqual(run?.range, 5..<10, "on 'rowed'")
    }

    func testAFootnoteStandsWhereItWasAndFormattingStaysOnItsWords() {
        // "Bold" is bold over the marker: after it, the bold run is cut around the footnote.
        let text = "Bold{\\Scrv_fn=A note.\\end_Scrv_fn} words"
        let read = document([text], runs: [[ImportedRun(range: 0..<text.utf16.count, attributes: [.bold: true])]])
        let result = ScrivenerInlineNotes.applied(to: read, author: "")
        XCTAssertEqual(result.paragraphs[0].text, "Bold^[A note.] words")
        let runs = result.paragraphs[0].runs
        XCTAssertEqual(runs.map(\.range), [0..<4, 4..<14, 14..<20])
        XCTAssertEqual(runs.map { $0.attributes[.footnote] != nil }, [false, true, false])
        XCTAssertEqual(runs[2].attributes[.bold], true)
    }

    func testAMarkerWithoutItsEndIsLeftAsText() {
        let read = document(["An {\\Scrv_annot \\text=open note", "never closed."])
        let result = ScrivenerInlineNotes.applied(to: read, author: "")
        XCTAssertEqual(result.paragraphs.map(\.text), read.paragraphs.map(\.text))
        XCTAssertTrue(result.annotations.isEmpty)
    }

    func testAnAnnotationAtTheStartOfAParagraphIsOnTheWordAfterIt() {
        let result = ScrivenerInlineNotes.applied(to: document(["{\\Scrv_annot \\text=Name?\\end_Scrv_annot}Mara left."]), author: "")
        XCTAssertEqual(result.paragraphs[0].text, "Mara left.")
        XCTAssertEqual(result.paragraphs[0].runs.first?.range, 0..<4)
    }
}
