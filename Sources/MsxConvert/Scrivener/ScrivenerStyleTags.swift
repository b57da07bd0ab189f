import Foundation
import MsxModel

/// The style markers Scrivener writes into a text's RTF as literal text (Scrivener for Windows shows them to other
/// readers): `<$Scr_Ps::0>…<!$Scr_Ps::0>` around a paragraph in a paragraph style, `<$Scr_Cs::1>…<!$Scr_Cs::1>`
/// around words in a character style, `<$Scr_H::2>…<!$Scr_H::2>` around a heading of that level, and
/// `<$ScrKeepWithNext>`. They are markup, not words: they are taken out, and a heading marker makes its paragraph
/// a heading of that level.
enum ScrivenerStyleTags {
    /// `document` without the markers.
    static func applied(to document: ImportedDocument) -> ImportedDocument {
        var document = document
        for index in document.paragraphs.indices where document.paragraphs[index].text.contains("$Scr") {
            var paragraph = document.paragraphs[index]
            let text = paragraph.text
            // From the last marker back, so that the earlier ones' offsets still hold.
            for match in text.matches(of: #/<!?\$Scr[A-Za-z_]*(?:::(\d+))?>/#).reversed() {
                let lower = match.range.lowerBound.utf16Offset(in: text), upper = match.range.upperBound.utf16Offset(in: text)
                if match.output.0.hasPrefix("<$Scr_H::"), let level = match.output.1.flatMap({ Int($0) }), (1...6).contains(level) {
                    paragraph.headingLevel = level
                }
                paragraph.removeText(in: lower..<upper)
            }
            document.paragraphs[index] = paragraph
        }
        return document
    }
}
