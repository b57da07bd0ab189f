@testable import MsxModel

extension DocumentMerge.Result {
    /// The colour of each word of the merged document, words being what lies between spaces (nil when its letters
    /// do not all carry one colour).
    var wordColours: [String: String?] {
        let document = RichDocument(markdown: MarkdownDocument(markdown), sidecar: sidecar)
        var colours: [String: String?] = [:]
        for (k, text) in document.paragraphTexts.enumerated() {
            var offset = 0
            for word in text.split(separator: " ", omittingEmptySubsequences: false) {
                let range = offset..<offset + word.utf16.count
                let values = Set(document.formatting.paragraphs[k].pieces(in: range).map { $0.1[.foregroundColor]?.stringValue })
                colours[String(word)] = values.count == 1 ? values.first! : nil
                offset = range.upperBound + 1
            }
        }
        return colours
    }
}
