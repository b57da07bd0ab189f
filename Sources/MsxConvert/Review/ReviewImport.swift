import Foundation
import MsxHistory
import MsxModel

/// A document's edits that `review import` could not take.
public struct ReviewConflicts: Sendable {
    public var node: BinderNode
    /// Each place: `ours` the project's text, kept; `theirs` the editor's.
    public var conflicts: [MergeConflict]
}

/// What `review import` did.
public struct ReviewOutcome: Sendable {
    /// The branch made (`review/NAME`); nil when the file changed nothing.
    public var branch: String?
    /// The version recorded on it.
    public var version: GitOID?
    /// The version the editor was sent (the review's parent).
    public var base: GitOID
    /// Whether the file named the version it was compiled from (else the last version stood in for it).
    public var baseWasRecorded: Bool
    /// Documents the editor changed, in manuscript order.
    public var changed: [BinderNode]
    /// Documents found unchanged.
    public var unchanged: [BinderNode]
    /// Documents whose bookmark was lost, found by their text instead.
    public var foundByText: [BinderNode]
    /// Documents of the manuscript not found in the file at all (left as they were).
    public var missing: [BinderNode]
    /// Per document, the places where an edit met something Word could not hold (a picture, a link's title, the
    /// project's own markup): the project's text is kept there.
    public var conflicted: [ReviewConflicts]
    /// How many such places in all.
    public var conflicts: Int { conflicted.reduce(0) { $0 + $1.conflicts.count } }
    /// What the reader skipped.
    public var warnings: [ImportWarning]
}

extension ProjectHistory {
    /// Brings an editor's copy of a compiled `.docx` back as the branch `review/NAME`: each document the file holds
    /// (found by the bookmark msx put around it, or by its text when the bookmark was lost) gets the editor's words
    /// and formatting, merged onto the version the file was compiled from, so that what Word cannot hold (pictures,
    /// Markdown's own markup) stays as it was. Tracked changes are taken (`.accept`) or undone (`.reject`).
    ///
    /// The editor's changes are found by comparing the file with the same compile of the same version, read back
    /// the same way: only what the editor did differs.
    public func importReview(_ data: Data, name: String, changes: TrackedChanges = .accept) throws -> ReviewOutcome {
        let edited = try DocxReader.read(data, changes: changes)
        let record = CompileRecord(properties: edited.properties)
        let recorded = record?.version.flatMap { try? resolve($0) }
        guard let base = try recorded ?? head() else { throw MsxError.noHistory }
        guard let manifest = try manifest(at: base) else { throw MsxError(.noProjectThen, "the project did not exist at \(base.short)") }
        var options = CompileOptions()
        options.preset = record?.preset ?? .default
        options.smartQuotes = record?.smartQuotes ?? false
        options.root = record?.root.flatMap { manifest.node(id: $0) }
        let manuscript = try self.manuscript(options, at: base)
        let projected = try DocxReader.read(try DocxWriter.render(manuscript))
        let nodes = manuscript.documents
        let sent = ReviewSegments(projected, documents: nodes)
        let received = ReviewSegments(edited, documents: nodes, lookingLike: sent)
        let composer = ImportComposer(sheet: StyleSheet(manifest: manifest))

        var outcome = ReviewOutcome(branch: nil, version: nil, base: base, baseWasRecorded: recorded != nil, changed: [], unchanged: [],
                                    foundByText: received.foundByText, missing: [], conflicted: [], warnings: edited.warnings)
        var versions: [(node: BinderNode, version: DocumentMerge.Version)] = []
        // Pictures the editor added, beside the documents that now show them.
        var pictures: [String: Data] = [:]
        for node in nodes {
            guard let theirs = received.documents[node.id], let before = sent.documents[node.id],
                  let original = try documentVersion(node, at: base) else {
                outcome.missing.append(node)
                continue
            }
            let projection = try version(of: before, composer)
            let editors = try version(of: theirs, composer)
            guard editors != projection else {
                outcome.unchanged.append(node)
                continue
            }
            let merged = DocumentMerge.merge(base: projection, ours: original, theirs: editors)
            if !merged.conflicts.isEmpty { outcome.conflicted.append(ReviewConflicts(node: node, conflicts: merged.conflicts)) }
            let result = DocumentMerge.Version(markdown: merged.markdown, sidecar: merged.sidecar)
            if result == original {
                outcome.unchanged.append(node)
            } else {
                outcome.changed.append(node)
                versions.append((node, result))
                let folder = node.path.split(separator: "/").dropLast().joined(separator: "/")
                for (file, data) in edited.pictures where result.markdown.contains("](\(file))") { pictures[folder + "/" + file] = data }
            }
        }
        guard !versions.isEmpty else { return outcome }
        outcome.version = try recordReview(name, base: base, documents: versions, files: pictures,
                                           message: "Review \(name): \(versions.count) document\(versions.count == 1 ? "" : "s") changed")
        outcome.branch = "review/\(name)"
        return outcome
    }

    /// An imported stretch as msx's own document: the Markdown and sidecar the composer writes for it.
    private func version(of document: ImportedDocument, _ composer: ImportComposer) throws -> DocumentMerge.Version {
        let composed = try composer.compose(document)
        let sidecar = composed.document.sidecar
        return DocumentMerge.Version(markdown: composed.markdown, sidecar: sidecar.paragraphs.isEmpty ? nil : sidecar)
    }
}
