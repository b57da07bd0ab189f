import Foundation
import MsxModel

/// An annotation where it now sits in its document.
public struct PlacedAnnotation: Sendable {
    public var node: BinderNode
    public var annotation: Annotation
    /// Its stretches: paragraph (from 0), UTF-16 range in that paragraph's text, and the words there.
    public var places: [(paragraph: Int, range: Range<Int>, text: String)]
}

extension Project {
    /// Puts a note on the text `selection` picks in a document (one stretch, or every occurrence with `.all`),
    /// credited to `author` now; the sidecar is written atomically.
    public func comment(_ node: BinderNode, on selection: FormatRequest.Selection, note: String, author: String,
                        date: Date = Date()) throws -> PlacedAnnotation {
        guard !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw MsxError(.invalidValue, "a comment needs a note")
        }
        let lock = try lock()
        defer { withExtendedLifetime(lock) {} }
        var document = try loadDocument(node)
        let targets = try DocumentFormatter.targets(of: selection, in: document.paragraphTexts, title: node.title)
        let annotation = Annotation(note: note, author: author, date: Self.timestamp(date)).unique(among: Set(document.annotations.keys))
        for (paragraph, range) in targets { document.annotate(paragraph: paragraph, range: range, with: annotation) }
        try save(document, of: node)
        return try placed(annotation.id, in: node, document: document)
    }

    /// Marks the annotation `id` resolved (or, with `reopen`, open again). It is looked for in `node`, or in every
    /// document when nil.
    /// - Throws: `unknown-comment` when no document has it.
    public func resolveComment(_ id: String, in node: BinderNode? = nil, reopen: Bool = false) throws -> PlacedAnnotation {
        let lock = try lock()
        defer { withExtendedLifetime(lock) {} }
        for candidate in node.map({ [$0] }) ?? manifest.entries.map(\.node).filter({ $0.kind == .document }) {
            var document = try loadDocument(candidate)
            guard var annotation = document.annotations[id] else { continue }
            annotation.resolved = !reopen
            document.annotations[id] = annotation
            try save(document, of: candidate)
            return try placed(id, in: candidate, document: document)
        }
        throw MsxError(.unknownComment, "no comment \(id)\(node.map { " in '\($0.title)'" } ?? "") (msx comments lists them)")
    }

    /// The annotations of `nodes` (documents), each where it now sits, in document order. Annotations live in the
    /// sidecar: every document's files are read and checked as loading it would, but only a document whose sidecar
    /// holds annotations has its Markdown parsed. A document whose file is missing is left out and named in `missing`.
    public func comments(in nodes: [BinderNode]) throws -> (comments: [PlacedAnnotation], missing: [BinderNode]) {
        var comments: [PlacedAnnotation] = [], missing: [BinderNode] = []
        for node in nodes where node.kind == .document {
            let url = try paths.url(node.path)
            guard FileIO.exists(url) else {
                missing.append(node)
                continue
            }
            let text = try FileIO.readDocument(url, displayPath: node.path)
            guard let sidecar = try loadSidecar(node), RichDocument.hasAnnotations(sidecar) else { continue }
            let document = document(node, markdown: text, sidecar: sidecar, sourceMap: false)
            let places = document.annotationPlaces
            comments += try document.annotations.keys
                .sorted { (places[$0]?.first.map { [$0.paragraph, $0.range.lowerBound] } ?? [Int.max, 0])
                    .lexicographicallyPrecedes(places[$1]?.first.map { [$0.paragraph, $0.range.lowerBound] } ?? [Int.max, 0]) }
                .map { try placed($0, in: node, document: document) }
        }
        return (comments, missing)
    }

    private func placed(_ id: String, in node: BinderNode, document: RichDocument) throws -> PlacedAnnotation {
        guard let annotation = document.annotations[id] else { throw MsxError(.unknownComment, "no comment \(id)") }
        let texts = document.paragraphTexts.map { Array($0.utf16) }
        let places = (document.annotationPlaces[id] ?? []).map { place in
            (place.paragraph, place.range, UTF16Text.string(texts[place.paragraph][place.range]))
        }
        return PlacedAnnotation(node: node, annotation: annotation, places: places)
    }

    private func save(_ document: RichDocument, of node: BinderNode) throws {
        var transaction = transaction()
        try stage(document, markdown: nil, for: node, into: &transaction)
        var project = self
        try project.commit(transaction)
    }

    /// ISO 8601 in UTC to the second, as annotations record their date.
    package static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
