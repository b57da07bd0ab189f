import Foundation

/// Reads a plain-text file: paragraphs are blocks of lines between blank lines (their lines joined by a space),
/// or single lines when the file has no blank line at all. Indentation and trailing spaces are dropped.
enum PlainTextReader {
    static func read(_ text: String) -> ImportedDocument {
        var body = text
        if body.hasPrefix("\u{FEFF}") { body.removeFirst() }
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let hasBlankLines = lines.dropLast().contains { $0.isEmpty } && lines.contains { !$0.isEmpty }
        var paragraphs: [ImportedParagraph] = []
        var pending: [String] = []
        func flush() {
            if !pending.isEmpty { paragraphs.append(ImportedParagraph(text: pending.joined(separator: " "))) }
            pending.removeAll()
        }
        for line in lines {
            if line.isEmpty { flush(); continue }
            pending.append(line)
            if !hasBlankLines { flush() }
        }
        flush()
        return ImportedDocument(paragraphs: paragraphs)
    }
}
