import Foundation
import XCTest
@testable import MsxConvert
@testable import MsxModel

/// `import(compile --format docx)` gives back the same text and the same attributes: the DOCX msx writes, read by
/// msx's DOCX reader and composed into Markdown + sidecar, resolves exactly as the original.
final class DocxRoundTripTests: FormatRoundTripCase {
    override func roundTrip(_ document: RichDocument, sheet: StyleSheet) throws -> [ResolvedParagraph] {
        let node = BinderNode(id: "a1b2c3d4e5f6", kind: .document, title: "Doc", path: "contents/draft/doc.md")
        let manuscript = Manuscript(
            title: "Book", author: "A. Writer", surname: "Writer", contact: nil, parts: [.document(node, document)],
            styleSheet: sheet, preset: .default, hasTitlePage: false, smartQuotes: false, pageSize: (612, 792),
            margins: (72, 72, 72, 72), wordCount: 0)
        let imported = try DocxReader.read(try DocxWriter.render(manuscript))
        let composed = try ImportComposer(sheet: sheet).compose(imported)
        return RichDocument(markdown: MarkdownDocument(composed.markdown), sidecar: composed.document.sidecar).resolved(with: sheet)
    }

    func testAHandWrittenDocumentComesBackWhole() throws { try checkHandWrittenDocument() }

    func testTheTemplatesComeBackWhole() throws { try checkTemplates() }

    func testGeneratedDocumentsComeBackWhole() throws { try checkGeneratedDocuments(seed: 2027, count: 300) }
}
