import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// `import(compile --format rtf)` gives back the same text and the same attributes: for generated documents, the
/// RTF msx writes, read by msx's RTF reader and composed into Markdown + sidecar, resolves exactly as the original.
final class RTFRoundTripTests: SeededTestCase {
    private let sheet: StyleSheet = {
        var manifest = Manifest.empty
        manifest.styles["Epigraph"] = [.alignment: "right", .italic: true, .fontSize: 11]
        return StyleSheet(manifest: manifest)
    }()

    /// The paragraph and character attributes that must survive, per paragraph: the resolved model minus the
    /// paragraph's index (and bold/italic on spaces at the edge of a stretch, which import drops: they do not show).
    private func comparable(_ paragraphs: [ResolvedParagraph]) -> [String] {
        paragraphs.map { p in
            let attributes = p.attributes
            let runs = p.runs.map { run -> String in
                JSONWriter.string(.object(["text": .string(run.text), "attributes": .object(run.attributes.json)]), pretty: false)
            }
            return "\(p.kind.name) \(p.text.debugDescription) \(JSONWriter.string(.object(attributes.json), pretty: false)) \(runs)"
        }
    }

    private func roundTrip(_ document: RichDocument) throws -> [ResolvedParagraph] {
        let rtf = RTFWriter.document(document.resolved(with: sheet), sheet: sheet)
        let imported = try RTFReader.read(Array(rtf.utf8))
        let composed = try ImportComposer(sheet: sheet).compose(imported)
        let reread = RichDocument(markdown: MarkdownDocument(composed.markdown), sidecar: composed.document.sidecar)
        return reread.resolved(with: sheet)
    }

    func testAHandWrittenDocumentComesBackWhole() throws {
        let markdown = """
            # The *Storm*

            Nell **ran** to the ~~quay~~ [harbour](https://example.com/h "t").\\
            Second line.

            > A quoted line.

            - [x] lamp
            - [ ] oil
              1. nested

            Tab\there, “quotes”, emoji 🌊 and 東京.

            A claim.^[A note with *italic* words] And [a quoted address](<http://x.com/"q"\\path>).

            ```
            let x = "``"
              indented line
            ```

            """
        var document = RichDocument(markdown: MarkdownDocument(markdown), sidecar: nil)
        document.formatting.paragraphs[1].set([.underline: "double", .foregroundColor: "#8B0000"], over: 0..<4)
        document.formatting.paragraphs[1].set([.fontSize: 13.5, .backgroundColor: "#FFFF00"], over: 5..<8)
        document.formatting.paragraphs[6].attributes = [
            .alignment: "justified", .tabStops: [36, 72.5], .firstLineHeadIndent: 18.25, .style: "Epigraph",
            .lineSpacing: 2, .paragraphSpacingBefore: 6,
        ]
        let units = document.paragraphTexts[7].utf16
        let note = document.paragraphTexts[7].range(of: "^[A note with italic words]")!
        let start = units.distance(from: units.startIndex, to: note.lowerBound.samePosition(in: units)!)
        document.formatting.paragraphs[7].set([.footnote: true], over: start..<(start + 27))
        XCTAssertEqual(comparable(try roundTrip(document)), comparable(document.resolved(with: sheet)))
    }

    func testGeneratedDocumentsComeBackWhole() throws {
        var generator = DocumentGenerator(random: seededGenerator(2026))
        for iteration in 0..<scaled(1000) {
            let markdown = generator.markdown(paragraphs: Int.random(in: 1...8, using: &generator.random))
            var document = RichDocument(markdown: MarkdownDocument(markdown), sidecar: nil)
            document.formatting = generator.formatting(for: document.paragraphTexts)
            let original = comparable(document.resolved(with: sheet))
            let back = comparable(try roundTrip(document))
            XCTAssertEqual(back, original, "iteration \(iteration):\n\(markdown)")
            if back != original { return }
        }
    }
}
