import Foundation
import MsxModel

/// Reads a Final Draft script (`.fdx`, XML) into paragraphs with the screenplay template's styles: each
/// `Paragraph` of the `Content` by its `Type` (scene headings as level-2 headings, `New Act` and `End of Act` as
/// level-1 headings, elements without a screenplay style as body text), its `Text` elements' `Style` as bold,
/// italic and underline, `Alignment="Center"` centred and `StartsNewPage="Yes"` a page break; the title page's
/// paragraphs as `Title Page` paragraphs. Dual dialogue is read as the two speeches one after the other.
enum FDXReader {
    static func read(_ data: Data) throws -> ImportedDocument {
        let root: XMLNode
        do {
            root = try XMLNode.parse(data)
        } catch {
            throw MsxError(.notFinalDraft, "not a Final Draft file: its XML does not read (\(error.localizedDescription))")
        }
        guard root.name == "FinalDraft", let content = root.child("Content") else {
            throw MsxError(.notFinalDraft, "not a Final Draft file: no FinalDraft element with a Content")
        }
        var paragraphs: [ImportedParagraph] = []
        for node in root.child("TitlePage")?.child("Content")?.children("Paragraph") ?? [] {
            var paragraph = Self.paragraph(node)
            guard !paragraph.text.isEmpty else { continue }
            paragraph.attributes[.style] = "Title Page"
            paragraphs.append(paragraph)
        }
        for node in paragraphNodes(content) {
            var paragraph = Self.paragraph(node)
            let type = node.attribute("Type") ?? "Action"
            switch type.lowercased() {
            case "scene heading", "shot": paragraph.headingLevel = 2
            case "new act", "end of act", "act break": paragraph.headingLevel = 1
            default:
                if let style = ScreenplayElement(style: type)?.styleName { paragraph.attributes[.style] = .string(style) }
            }
            if node.attribute("Alignment")?.lowercased() == "center", paragraph.headingLevel == nil { paragraph.attributes[.alignment] = "center" }
            if node.attribute("StartsNewPage") == "Yes" { paragraph.attributes[.pageBreakBefore] = true }
            paragraphs.append(paragraph)
        }
        return ImportedDocument(paragraphs: paragraphs, styles: ScreenplayElement.styles)
    }

    /// The script's paragraphs in order, those of a dual dialogue's two speeches included.
    private static func paragraphNodes(_ content: XMLNode) -> [XMLNode] {
        content.children("Paragraph").flatMap { node -> [XMLNode] in
            guard let dual = node.child("DualDialogue") else { return [node] }
            return dual.children("Paragraph")
        }
    }

    /// A paragraph's `Text` elements as text and runs; a line break as a hard line break.
    private static func paragraph(_ node: XMLNode) -> ImportedParagraph {
        var text = ""
        var runs: [ImportedRun] = []
        var length = 0
        for element in node.children("Text") {
            let piece = element.textContent.replacingOccurrences(of: "\r\n", with: "\u{2028}").replacingOccurrences(of: "\n", with: "\u{2028}")
            let units = piece.utf16.count
            guard units > 0 else { continue }
            // Final Draft's names for the looks, as its files spell them.
            let styles = Set((element.attribute("Style") ?? "").split(separator: "+").map(String.init))
            runs.append(ImportedRun(range: length..<(length + units), attributes: [
                .bold: .bool(styles.contains("Bold")), .italic: .bool(styles.contains("Italic")),
                .underline: styles.contains("Underline") ? "single" : .null,
            ]))
            text += piece
            length += units
        }
        let formatted = runs.contains { $0.attributes[.bold] == true || $0.attributes[.italic] == true || $0.attributes[.underline] != .null }
        return ImportedParagraph(text: text, runs: formatted ? runs : [])
    }
}
