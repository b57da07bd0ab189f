import XCTest
@testable import MsxConvert
@testable import MsxModel

/// `import(compile --format rtf)` gives back the same text and the same attributes: for generated documents, the
/// RTF msx writes, read by msx's RTF reader and composed into Markdown + sidecar, resolves exactly as the original.
final class RTFRoundTripTests: FormatRoundTripCase {
    override func roundTrip(_ document: RichDocument, sheet: StyleSheet) throws -> [ResolvedParagraph] {
        let rtf = RTFWriter.document(document.resolved(with: sheet), sheet: sheet)
        let imported = try RTFReader.read(Array(rtf.utf8))
        let composed = try ImportComposer(sheet: sheet).compose(imported)
        return RichDocument(markdown: MarkdownDocument(composed.markdown), sidecar: composed.document.sidecar).resolved(with: sheet)
    }

    func testAHandWrittenDocumentComesBackWhole() throws { try checkHandWrittenDocument() }

    func testTheTemplatesComeBackWhole() throws { try checkTemplates() }

    func testGeneratedDocumentsComeBackWhole() throws { try checkGeneratedDocuments(seed: 2026, count: 1000) }
}
