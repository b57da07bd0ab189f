import Foundation
import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxModel

/// The checks shared by the round trips through a file format (RTF, DOCX): a subclass says how a document goes
/// out and comes back (`roundTrip`), and its tests call `checkHandWrittenDocument` and `checkGeneratedDocuments`.
class FormatRoundTripCase: SeededTestCase {
    let sheet: StyleSheet = {
        var manifest = Manifest.empty
        manifest.styles["Epigraph"] = [.alignment: "right", .italic: true, .fontSize: 11]
        return StyleSheet(manifest: manifest)
    }()

    /// The document written to the format with the styles of `sheet`, read back, composed into Markdown + sidecar
    /// and resolved again.
    func roundTrip(_ document: RichDocument, sheet: StyleSheet) throws -> [ResolvedParagraph] {
        preconditionFailure("a round trip test says how its format goes out and comes back")
    }

    func roundTrip(_ document: RichDocument) throws -> [ResolvedParagraph] { try roundTrip(document, sheet: sheet) }

    /// Every document of every built-in template (`templates/`) comes back whole, in its template's styles.
    func checkTemplates(line: UInt = #line) throws {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../templates").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: templates.path).sorted()
        var checked = 0
        for name in names {
            let folder = templates.appendingPathComponent(name)
            guard let manifestText = try? String(contentsOf: folder.appendingPathComponent("manuscript.json"), encoding: .utf8) else { continue }
            let sheet = StyleSheet(manifest: try Manifest(json: manifestText))
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") } ?? []
            for file in files.sorted() {
                let url = folder.appendingPathComponent(file)
                let sidecarURL = url.deletingPathExtension().appendingPathExtension("attrs.json")
                let sidecar = try (try? String(contentsOf: sidecarURL, encoding: .utf8)).map { try Sidecar(json: $0, file: file) }
                let document = RichDocument(markdown: MarkdownDocument(try String(contentsOf: url, encoding: .utf8)), sidecar: sidecar)
                assertSame(comparable(try roundTrip(document, sheet: sheet)), comparable(document.resolved(with: sheet)),
                           "\(name)/\(file)", line: line)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10, "the templates' documents were not found", line: line)
    }

    /// Each paragraph's kind, text, attributes and runs, as the resolved model gives them (not its position).
    func comparable(_ paragraphs: [ResolvedParagraph]) -> [String] {
        paragraphs.map { p in
            let runs = p.runs.map { run -> String in
                JSONWriter.string(.object(["text": .string(run.text), "attributes": .object(run.attributes.json)]), pretty: false)
            }
            let start = (p.listIdentity.map { " (list \($0))" } ?? "") + (p.listStart.map { " (from \($0))" } ?? "")
                + (p.continuesListItem ? " (continued)" : "")
            return "\(p.kind.name)\(start) \(p.text.debugDescription) \(JSONWriter.string(.object(p.attributes.json), pretty: false)) \(runs)"
        }
    }

    /// Fails naming the first paragraph that differs.
    func assertSame(_ back: [String], _ original: [String], _ context: String = "", line: UInt = #line) {
        guard back != original else { return }
        let index = back.indices.first { $0 >= original.count || back[$0] != original[$0] } ?? original.count
        let got = index < back.count ? back[index] : "(none)", wanted = index < original.count ? original[index] : "(none)"
        XCTFail("paragraph \(index) differs \(context)\nback:     \(got)\noriginal: \(wanted)", line: line)
    }

    /// A document with every kind of block and much formatting comes back whole.
    func checkHandWrittenDocument(line: UInt = #line) throws {
        let markdown = """
            # The *Storm*

            Nell **ran** to the ~~quay~~ [harbour](https://example.com/h "t").\\
            Second line.

            > A quoted line.

            - [x] lamp
            - [ ] oil
              1. nested

            3. third
            4. fourth
            1) again, a list of its own

            Tab\there, “quotes”, emoji 🌊 and 東京 & <angle>.

            A claim.^[A note with *italic* words] And [a quoted address](<http://x.com/"q"\\path>) and `code`.

            ```
            let x = "``"
              indented line
            ```

            """
        var document = RichDocument(markdown: MarkdownDocument(markdown), sidecar: nil)
        document.formatting.paragraphs[1].set([.underline: "double", .foregroundColor: "#8B0000"], over: 0..<4)
        document.formatting.paragraphs[1].set([.fontSize: 13.5, .backgroundColor: "#FFFF00"], over: 5..<8)
        document.formatting.paragraphs[9].attributes = [
            .alignment: "justified", .tabStops: [36, 72.5], .firstLineHeadIndent: 18.25, .style: "Epigraph",
            .lineSpacing: 2, .paragraphSpacingBefore: 6,
        ]
        let units = document.paragraphTexts[10].utf16
        let note = document.paragraphTexts[10].range(of: "^[A note with italic words]")!
        let start = units.distance(from: units.startIndex, to: note.lowerBound.samePosition(in: units)!)
        document.formatting.paragraphs[10].set([.footnote: true], over: start..<(start + 27))
        assertSame(comparable(try roundTrip(document)), comparable(document.resolved(with: sheet)), line: line)
    }

    /// `count` generated documents (times `MSX_TEST_SCALE`) come back whole; stops at the first that does not.
    func checkGeneratedDocuments(seed: UInt64, count: Int, line: UInt = #line) throws {
        var generator = DocumentGenerator(random: seededGenerator(seed))
        for iteration in 0..<scaled(count) {
            let markdown = generator.markdown(paragraphs: Int.random(in: 1...8, using: &generator.random))
            var document = RichDocument(markdown: MarkdownDocument(markdown), sidecar: nil)
            document.formatting = generator.formatting(for: document.paragraphTexts)
            let original = comparable(document.resolved(with: sheet))
            let back = comparable(try roundTrip(document))
            assertSame(back, original, "iteration \(iteration):\n\(markdown)", line: line)
            if back != original { return }
        }
    }
}
