import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// Imported paragraphs become Markdown plus a sidecar that resolve to exactly the text and attributes imported.
final class ImportComposerTests: SeededTestCase {
    private let sheet = StyleSheet(manifest: .empty)

    private func compose(_ paragraphs: [ImportedParagraph], styles: [String: Attributes] = [:]) throws -> ImportComposer.Result {
        try ImportComposer(sheet: sheet).compose(ImportedDocument(paragraphs: paragraphs, styles: styles))
    }

    func testMarkdownCarriesBoldItalicLinksAndTheSidecarTheRest() throws {
        let p = ImportedParagraph(text: "The storm came at night.", runs: [
            ImportedRun(range: 0..<4, attributes: [.bold: false]),
            ImportedRun(range: 4..<10, attributes: [.bold: true]),
            ImportedRun(range: 10..<15, attributes: [.italic: true, .underline: "single"]),
            ImportedRun(range: 15..<24, attributes: [.link: "https://example.com/a b"]),
        ])
        let result = try compose([p])
        XCTAssertEqual(result.markdown, "The **storm** *came* [at night.](<https://example.com/a b>)\n")
        let runs = result.document.sidecar.paragraphs.first?.runs ?? []
        XCTAssertEqual(runs.map(\.text), ["came "])
        XCTAssertEqual(runs.first?.attributes, [.underline: "single"])
    }

    /// A footnote is written as an inline note Markdown readers know, `^[...]` (not escaped), whatever formatting
    /// it holds, and Markdown carries it: the sidecar does not need to say it. A "(" after it is escaped, or the
    /// note and the parenthesis would read as a link.
    func testAFootnoteIsAnInlineNoteMarkdownCarries() throws {
        let text = "The storm came^[It came from the west [they said].](at dusk)."
        let note = 14..<51
        let p = ImportedParagraph(text: text, runs: [
            ImportedRun(range: 0..<14, attributes: [:]),
            ImportedRun(range: note.lowerBound..<37, attributes: [.footnote: true, .bold: true]),
            ImportedRun(range: 37..<note.upperBound, attributes: [.footnote: true, .italic: true]),
            ImportedRun(range: note.upperBound..<text.utf16.count, attributes: [:]),
        ])
        let result = try compose([p])
        XCTAssertEqual(result.markdown, "The storm came^[**It came from the west** *\\[they said\\].*]\\(at dusk).\n")
        XCTAssertEqual(result.document.paragraphTexts, [text])
        XCTAssertTrue(result.document.sidecar.paragraphs.allSatisfy { $0.runs.allSatisfy { $0.attributes[.footnote] == nil } })
        let runs = result.document.resolved(with: sheet)[0].runs
        XCTAssertEqual(runs.filter { $0.attributes[.footnote] == true }.map(\.range), [14..<37, 37..<38, 38..<51])
    }

    func testBlockStructureHeadingsListsChecklistsQuotes() throws {
        let result = try compose([
            ImportedParagraph(text: "Part One", headingLevel: 1),
            ImportedParagraph(text: "milk", attributes: [.listFormat: "bulletSymbols", .checklist: "checked"], listLevel: 1),
            ImportedParagraph(text: "eggs", attributes: [.listFormat: "decimal"], listLevel: 2),
            ImportedParagraph(text: "flour", attributes: [.listFormat: "decimal"], listLevel: 2),
            ImportedParagraph(text: "Quoted", quoteDepth: 1),
        ])
        // Items of one list at one level on consecutive lines, as a writer writes them.
        XCTAssertEqual(result.markdown, "# Part One\n\n- [x] milk\n\n  1. eggs\n  2. flour\n\n> Quoted\n")
        XCTAssertTrue(result.document.sidecar.isEmpty)
    }

    /// Paragraphs quoted one after another are one quotation, as a writer writes a quoted passage; a list of
    /// another source right after a list stays apart.
    func testAQuotedPassageIsOneQuotation() throws {
        let result = try compose([
            ImportedParagraph(text: "Every harbour keeps two tides.", quoteDepth: 1),
            ImportedParagraph(text: "Saying on the quay", quoteDepth: 1),
            ImportedParagraph(text: "Told again", quoteDepth: 2),
            ImportedParagraph(text: "Not quoted"),
        ])
        XCTAssertEqual(result.markdown, "> Every harbour keeps two tides.\n>\n> Saying on the quay\n>\n> > Told again\n\nNot quoted\n")
        XCTAssertEqual(result.document.paragraphTexts, ["Every harbour keeps two tides.", "Saying on the quay", "Told again", "Not quoted"])
    }

    func testMarkupCharactersStayText() throws {
        let texts = ["# not a heading", "1. not a list", "- nor this", "*stars* and _under_ and `ticks`", "  leading",
                     "trailing  ", "a\u{2028}# b\u{2028}  c", "[link](x) <b> &amp; \\ ~~s~~", "===", "snake_case_name"]
        let result = try compose(texts.map { ImportedParagraph(text: $0) })
        // Blanks at a line's edges are said otherwise (see testBlanksAtLineEdgesReadAsProse).
        let expected = texts.map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{2028}  ", with: "\u{2028}\u{A0}\u{A0}") }
        XCTAssertEqual(result.document.paragraphTexts, expected)
        XCTAssertTrue(result.markdown.contains("snake_case_name"), "intraword underscores stay readable")
    }

    func testStylesFromTheSourceJoinTheProjectUnderCanonicalNames() throws {
        let result = try compose([
            ImportedParagraph(text: "Call me", attributes: [.style: "Normal"]),
            ImportedParagraph(text: "Epigraph text", attributes: [.style: "Epigraph"]),
            ImportedParagraph(text: "Title", attributes: [.style: "heading 1"], headingLevel: 1),
        ], styles: ["Normal": [.fontSize: 11], "Epigraph": [.alignment: "right"], "heading 1": [.fontSize: 20]])
        XCTAssertEqual(result.newStyles.keys.sorted(), ["Epigraph"])
        let sidecar = result.document.sidecar
        XCTAssertEqual(sidecar.paragraphs.map(\.index), [1])
        XCTAssertEqual(sidecar.paragraphs.first?.attributes[.style], "Epigraph")
    }

    func testNoneSaidExplicitlyOverridesTheStyle() throws {
        var manifest = Manifest.empty
        manifest.styles["Loud"] = [.underline: "single", .foregroundColor: "#FF0000"]
        let sheet = StyleSheet(manifest: manifest)
        let p = ImportedParagraph(text: "loud plain", attributes: [.style: "Loud"], runs: [
            ImportedRun(range: 0..<5, attributes: [.underline: "single", .foregroundColor: "#FF0000"]),
            ImportedRun(range: 5..<10, attributes: [.underline: .null, .foregroundColor: .null]),
        ])
        let result = try ImportComposer(sheet: sheet).compose(ImportedDocument(paragraphs: [p]))
        let reread = RichDocument(markdown: MarkdownDocument(result.markdown), sidecar: try Sidecar(json: result.document.sidecar.json, file: "t"))
        let runs = reread.resolved(with: sheet)[0].runs
        XCTAssertEqual(runs.map(\.text), ["loud ", "plain"])
        XCTAssertEqual(runs.last?.attributes[.underline], .null)
        XCTAssertEqual(runs.last?.attributes[.foregroundColor], .null)
        XCTAssertEqual(runs.first?.attributes[.underline], "single")
    }

    func testAHeadingWithALineBreakStaysAHeading() throws {
        let result = try compose([ImportedParagraph(text: "Part One\u{2028}The Storm", headingLevel: 1)])
        XCTAssertEqual(result.markdown, "Part One\\\nThe Storm\n===\n")
        XCTAssertEqual(result.document.markdown.blocks.first?.kind, .heading(level: 1, setext: true))
    }

    func testEmphasisTheStyleGivesIsNotWrittenAgain() throws {
        let result = try compose([ImportedParagraph(text: "Title", headingLevel: 1, runs: [ImportedRun(range: 0..<5, attributes: [.bold: true])])])
        XCTAssertEqual(result.markdown, "# Title\n")
        XCTAssertTrue(result.document.sidecar.isEmpty)
    }

    /// Blanks at the edges of lines become what the sidecar says, never character references: a leading tab is the
    /// first-line indent, breaks at the edges are space before and after, blanks at line ends go, and spaces that
    /// set a later line in are no-break spaces. Formatting stays on its words.
    func testBlanksAtLineEdgesReadAsProse() throws {
        let text = "\u{2028}\tThe storm came.  \u{2028}   Over the bay \u{2028}\u{2028}"
        let storm = 6..<11
        XCTAssertEqual(String(decoding: Array(text.utf16)[storm], as: UTF16.self), "storm")
        let result = try compose([ImportedParagraph(text: text, attributes: [.firstLineHeadIndent: 18], runs: [
            ImportedRun(range: 0..<storm.lowerBound, attributes: [.fontSize: 10]),
            ImportedRun(range: storm, attributes: [.fontSize: 10, .underline: "single"]),
            ImportedRun(range: storm.upperBound..<text.utf16.count, attributes: [.fontSize: 10]),
        ])])
        XCTAssertFalse(result.markdown.contains("&#"), result.markdown)
        let resolved = RichDocument(markdown: MarkdownDocument(result.markdown), sidecar: result.document.sidecar).resolved(with: sheet)
        XCTAssertEqual(resolved.first?.text, "The storm came.\u{2028}\u{A0}\u{A0}\u{A0}Over the bay")
        XCTAssertEqual(resolved.first?.attributes[.firstLineHeadIndent], 54, "its own indent and a tab's")
        XCTAssertEqual(resolved.first?.attributes[.paragraphSpacingBefore], 12, "one line of ten points")
        XCTAssertEqual(resolved.first?.attributes[.paragraphSpacing], 24, "two lines")
        let underlined = resolved.first?.runs.filter { $0.attributes[.underline] == "single" }.map(\.range)
        XCTAssertEqual(underlined, [4..<9], "'storm' keeps its underline")
    }

    /// Random paragraphs with random formatting: the composed document resolves to the same text and, for every
    /// character, the same value of every attribute the import gave it.
    func testComposedDocumentsResolveToTheImportedAttributes() throws {
        var random = seededGenerator(7)
        let words = ["storm", "the", "*", "_", "#", "1.", "-", "`", "[a]", "(b)", "<i>", "&amp;", "\\", "~", "é", "🌊",
                     "界", "e\u{301}", "|", "!", "http://x.y", " ", "  ", "\t", "\u{2028}", "^["]
        let keys: [(AttributeKey, [JSONValue])] = [
            (.bold, [true, false]), (.italic, [true, false]), (.strikethrough, [true, false]),
            (.underline, ["single", "double"]), (.fontSize, [11, 13, 24]), (.fontFamily, ["Courier", "Palatino"]),
            (.foregroundColor, ["#8B0000"]), (.link, ["https://example.com/x"]),
        ]
        for iteration in 0..<scaled(200) {
            var paragraphs: [ImportedParagraph] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                var text = (0..<Int.random(in: 1...12, using: &random)).map { _ in words.randomElement(using: &random)! }
                    .joined(separator: Bool.random(using: &random) ? " " : "")
                // Blanks at a line's edges are said otherwise (ProseWhitespace, tested on its own): here, blanks
                // stand inside lines only.
                text = text.replacing(#/[ \t]*\u2028[ \t]*/#, with: "\u{2028}").trimmingCharacters(in: CharacterSet(charactersIn: " \t\u{2028}"))
                if text.isEmpty { text = "x" }
                let length = text.utf16.count
                var runs: [ImportedRun] = []
                var position = 0
                while position < length {
                    var end = min(length, position + Int.random(in: 1...8, using: &random))
                    while end < length, UTF16.isTrailSurrogate(Array(text.utf16)[end]) { end += 1 }
                    var attributes: Attributes = [:]
                    for (key, values) in keys where Int.random(in: 0..<3, using: &random) == 0 {
                        attributes[key] = values.randomElement(using: &random)!
                    }
                    runs.append(ImportedRun(range: position..<end, attributes: attributes))
                    position = end
                }
                var attributes: Attributes = [:]
                if Bool.random(using: &random) { attributes[.alignment] = ["center", "right", "justified"].randomElement(using: &random)! }
                if Bool.random(using: &random) { attributes[.firstLineHeadIndent] = .int(Int.random(in: 0...72, using: &random)) }
                let heading = Int.random(in: 0..<5, using: &random) == 0 ? Int.random(in: 1...3, using: &random) : nil
                let list = heading == nil && Int.random(in: 0..<4, using: &random) == 0 ? 1 : nil
                if list != nil { attributes[.listFormat] = ["decimal", "bulletSymbols", "lowercaseRoman"].randomElement(using: &random)! }
                paragraphs.append(ImportedParagraph(
                    text: text, attributes: attributes, headingLevel: heading, listLevel: list,
                    quoteDepth: Int.random(in: 0..<6, using: &random) == 0 ? 1 : 0, runs: runs))
            }
            let result: ImportComposer.Result
            do { result = try compose(paragraphs) } catch {
                XCTFail("iteration \(iteration): \(error)\n\(paragraphs.map { "\($0.text.debugDescription) \($0.runs)" }.joined(separator: "\n"))")
                continue
            }
            // What is written must read back the same: parse the Markdown and sidecar as msx would from disk.
            let reread = RichDocument(markdown: MarkdownDocument(result.markdown), sidecar: result.document.sidecar)
            let resolved = reread.resolved(with: sheet)
            XCTAssertEqual(resolved.map(\.text), paragraphs.map(\.text), "iteration \(iteration)\n\(result.markdown)")
            guard resolved.count == paragraphs.count else { continue }
            for (p, r) in zip(paragraphs, resolved) {
                for (key, value) in p.attributes { XCTAssertEqual(r.attributes[key], value, "iteration \(iteration) \(key)") }
                let units = Array(p.text.utf16)
                for run in p.runs {
                    for offset in run.range {
                        let actual = r.runs.first { $0.range.contains(offset) }!.attributes
                        for (key, value) in run.attributes {
                            let isEdgeSpace = (key == .bold || key == .italic) && [0x20, 0x09, 0x2028].contains(units[offset])
                            if isEdgeSpace { continue }
                            XCTAssertEqual(actual[key] ?? .null, value,
                                           "iteration \(iteration) '\(p.text)' offset \(offset) \(key)\n\(result.markdown)")
                        }
                    }
                }
            }
        }
    }
}
