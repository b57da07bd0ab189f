import Foundation
import MsxModel

/// Scrivener's search index (`Files/search.indexes`): each item's words as plain text, by the item's id. Scrivener
/// keeps it beside the texts, so it tells a text that was never written (no file, no words here) from one whose
/// file was lost (no file, words here), and it still holds the lost one's words.
struct ScrivenerSearchIndex {
    /// The project path of the index.
    static let path = "Files/search.indexes"

    /// Each item's text by its id, upper-cased (Scrivener writes UUIDs in either case).
    private var texts: [String: String] = [:]

    /// The index of the project at `url`; empty when it has none or it cannot be read (it is only ever a witness).
    init(project url: URL) {
        let file = url.appendingPathComponent(Self.path)
        guard let data = try? FileIO.readData(file, displayPath: file.path), let root = try? XMLNode.parse(data) else { return }
        for document in root.child("Documents")?.children("Document") ?? [] {
            guard let id = document.attribute("ID"), let text = document.child("Text")?.textContent else { continue }
            texts[id.uppercased()] = text
        }
    }

    /// The item's paragraphs as the index holds them, or nil when it holds no words for it.
    func paragraphs(of id: String) -> [String]? {
        let paragraphs = (texts[id.uppercased()] ?? "").split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return paragraphs.isEmpty ? nil : paragraphs
    }
}
