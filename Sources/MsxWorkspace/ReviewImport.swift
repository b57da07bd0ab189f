import Foundation
import MsxConvert
import MsxDiff
import MsxGit
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
    /// Folders whose heading the editor retitled, as they were, with the new title (the review renames them).
    public var retitled: [(folder: BinderNode, title: String)] = []
    /// Documents the editor emptied (every word deleted): empty in the review.
    public var emptied: [BinderNode] = []
    /// Whether most paragraphs whose words are unchanged came back formatted otherwise (the editor's program
    /// restyled them), so only the editor's words were taken, as with `textOnly`.
    public var restyledSoWordsOnly = false
    /// What the reader skipped outside any document's paragraphs (or in the file as a whole).
    public var warnings: [ImportWarning]
    /// What the reader skipped in each document, in manuscript order.
    public var warningsIn: [(node: BinderNode, warnings: [ImportWarning])] = []
}

extension ProjectHistory {
    /// Brings an editor's copy of a compiled `.docx` back as the branch `review/NAME`: each document the file holds
    /// (found by the bookmark msx put around it, or by its text when the bookmark was lost) gets the editor's words
    /// and formatting, merged onto the version the file was compiled from, so that what Word cannot hold (pictures,
    /// Markdown's own markup) stays as it was. Tracked changes are taken (`.accept`) or undone (`.reject`).
    ///
    /// The editor's changes are found by comparing the file with the same compile of the same version, read back
    /// the same way: only what the editor did differs.
    /// - Parameter textOnly: takes only the editor's words, each paragraph keeping the formatting it was sent with
    ///   (for a program that dropped fonts and styles).
    public func importReview(_ data: Data, name: String, changes: TrackedChanges = .accept, textOnly: Bool = false) throws -> ReviewOutcome {
        let edited = try DocxReader.read(data, changes: changes)
        let record = CompileRecord(properties: edited.properties)
        let recorded = record?.version.flatMap { try? resolve($0) }
        guard let base = try recorded ?? head() else { throw MsxError.noHistory }
        guard let manifest = try manifest(at: base) else { throw MsxError(.noProjectThen, "the project did not exist at \(base.short)") }
        // The compile the file was made with, as it recorded; when its program dropped the record, the compile
        // whose paragraphs the file's are most like.
        let guesses = record.map { [($0.preset, $0.smartQuotes)] } ?? CompilePreset.allCases.flatMap { [($0, false), ($0, true)] }
        var best: (manuscript: Manuscript, projected: ImportedDocument, likeness: Likeness)?
        for (preset, smartQuotes) in guesses {
            var options = CompileOptions()
            options.preset = preset
            options.smartQuotes = smartQuotes
            options.root = record?.root.flatMap { manifest.node(id: $0) }
            let manuscript = try reader(at: base).manuscript(options)
            let projected = try DocxReader.read(try DocxWriter.render(manuscript))
            let likeness = Likeness(projected, edited)
            if best.map({ likeness > $0.likeness }) ?? true { best = (manuscript, projected, likeness) }
        }
        guard let (manuscript, projected, _) = best else { throw MsxError.noHistory }
        let nodes = manuscript.documents
        let sent = ReviewSegments(projected, documents: nodes)
        let received = ReviewSegments(edited, documents: nodes, lookingLike: sent)
        let composer = ImportComposer(sheet: StyleSheet(manifest: manifest))

        var outcome = ReviewOutcome(branch: nil, version: nil, base: base, baseWasRecorded: recorded != nil, changed: [], unchanged: [],
                                    foundByText: received.foundByText, missing: [], conflicted: [],
                                    warnings: Self.unplaced(edited, placed: received.warnings.values.flatMap { $0 }))
        outcome.warningsIn = nodes.compactMap { node in received.warnings[node.id].map { (node, Self.totals($0)) } }
        var versions: [(node: BinderNode, version: DocumentMerge.Version)] = []
        // A file whose program restyled most paragraphs: its formatting is the program's, only its words count.
        var restyled = RestyleCount()
        for node in nodes {
            guard let theirs = received.documents[node.id], let before = sent.documents[node.id] else { continue }
            restyled.count(before, theirs)
        }
        outcome.restyledSoWordsOnly = !textOnly && restyled.mostly
        let wordsOnly = textOnly || restyled.mostly
        // Pictures the editor added, beside the documents that now show them.
        var pictures: [String: Data] = [:]
        for node in nodes {
            guard let theirs = received.documents[node.id], let before = sent.documents[node.id],
                  let original = try documentVersion(node, at: base) else {
                outcome.missing.append(node)
                continue
            }
            let projection = try version(of: before, composer)
            let editors = try version(of: wordsOnly ? TextOnlyReading.words(of: theirs, formattedAs: before) : theirs, composer)
            guard editors != projection else {
                outcome.unchanged.append(node)
                continue
            }
            let merged = DocumentMerge.merge(base: projection, ours: original, theirs: editors)
            if !merged.conflicts.isEmpty { outcome.conflicted.append(ReviewConflicts(node: node, conflicts: merged.conflicts)) }
            let result = DocumentMerge.Version(markdown: merged.markdown, sidecar: merged.sidecar)
            if theirs.paragraphs.allSatisfy(\.text.isEmpty) { outcome.emptied.append(node) }
            if result == original {
                outcome.unchanged.append(node)
            } else {
                outcome.changed.append(node)
                versions.append((node, result))
                let folder = node.path.split(separator: "/").dropLast().joined(separator: "/")
                for (file, data) in edited.pictures where result.markdown.contains("](\(file))") { pictures[folder + "/" + file] = data }
            }
        }
        // Folder headings the editor retitled: the folders renamed (their files stay where they are).
        let folders = manuscript.parts.compactMap { part -> String? in
            if case .heading(_, _, let folder) = part { folder } else { nil }
        }
        var renamedManifest = manifest
        if folders.count == sent.headings.count {
            for (index, title) in received.retitled.sorted(by: { $0.key < $1.key }) where !title.isEmpty {
                guard let folder = manifest.node(id: folders[index]), folder.title != title else { continue }
                outcome.retitled.append((folder, title))
                renamedManifest.update(folder.id) { $0.title = title }
            }
        }
        guard !versions.isEmpty || !outcome.retitled.isEmpty else { return outcome }
        var summary = ["\(versions.count) document\(versions.count == 1 ? "" : "s") changed"]
        if !outcome.retitled.isEmpty { summary.append("\(outcome.retitled.count) folder\(outcome.retitled.count == 1 ? "" : "s") retitled") }
        outcome.version = try recordReview(name, base: base, documents: versions, files: pictures,
                                           manifest: outcome.retitled.isEmpty ? nil : renamedManifest,
                                           message: "Review \(name): " + summary.joined(separator: ", "))
        outcome.branch = "review/\(name)"
        return outcome
    }

    /// A file's warnings less those placed in documents.
    private static func unplaced(_ file: ImportedDocument, placed: [ImportWarning]) -> [ImportWarning] {
        let placedTotals = totals(placed)
        return file.warnings.compactMap { warning in
            switch warning {
            case .picturesSkipped(let count):
                let left = count - placedTotals.reduce(0) { if case .picturesSkipped(let n) = $1 { $0 + n } else { $0 } }
                return left > 0 ? .picturesSkipped(left) : nil
            case .hiddenTextSkipped(let count):
                let left = count - placedTotals.reduce(0) { if case .hiddenTextSkipped(let n) = $1 { $0 + n } else { $0 } }
                return left > 0 ? .hiddenTextSkipped(left) : nil
            default: return warning
            }
        }
    }

    /// Warnings of one kind added up: pictures skipped, then hidden text skipped, then the rest as they were.
    private static func totals(_ warnings: [ImportWarning]) -> [ImportWarning] {
        var pictures = 0, hidden = 0, rest: [ImportWarning] = []
        for warning in warnings {
            switch warning {
            case .picturesSkipped(let n): pictures += n
            case .hiddenTextSkipped(let n): hidden += n
            default: rest.append(warning)
            }
        }
        return (pictures > 0 ? [.picturesSkipped(pictures)] : []) + (hidden > 0 ? [.hiddenTextSkipped(hidden)] : []) + rest
    }

    /// An imported stretch as msx's own document: the Markdown and sidecar the composer writes for it.
    private func version(of document: ImportedDocument, _ composer: ImportComposer) throws -> DocumentMerge.Version {
        let composed = try composer.compose(document)
        let sidecar = composed.document.sidecar
        return DocumentMerge.Version(markdown: composed.markdown, sidecar: sidecar.paragraphs.isEmpty ? nil : sidecar)
    }
}

/// How alike a compile's paragraphs and an edited file's are: how many texts they share, then how many texts with
/// the same font and size.
private struct Likeness: Comparable {
    var texts = 0, formatted = 0

    init(_ compiled: ImportedDocument, _ edited: ImportedDocument) {
        func signature(_ p: ImportedParagraph) -> String {
            let attributes = p.runs.first?.attributes ?? [:]
            return "\(p.text)\u{0}\(attributes[.fontFamily]?.stringValue ?? "")\u{0}\(attributes[.fontSize]?.numberValue ?? 0)"
        }
        texts = Self.shared(compiled.paragraphs.map(\.text), edited.paragraphs.map(\.text))
        formatted = Self.shared(compiled.paragraphs.map(signature), edited.paragraphs.map(signature))
    }

    /// How many of `a` are in `b`, each as often as both hold it.
    private static func shared(_ a: [String], _ b: [String]) -> Int {
        var counts: [String: Int] = [:]
        for item in a { counts[item, default: 0] += 1 }
        return b.reduce(0) { total, item in
            guard let count = counts[item], count > 0 else { return total }
            counts[item] = count - 1
            return total + 1
        }
    }

    static func < (a: Likeness, b: Likeness) -> Bool { (a.texts, a.formatted) < (b.texts, b.formatted) }
}

/// Of the paragraphs an editor left with the same words, how many came back formatted differently.
private struct RestyleCount {
    var same = 0, restyled = 0

    mutating func count(_ sent: ImportedDocument, _ received: ImportedDocument) {
        var byText: [String: [ImportedParagraph]] = [:]
        for p in sent.paragraphs { byText[p.text, default: []].append(p) }
        for p in received.paragraphs where !p.text.isEmpty {
            guard let original = byText[p.text]?.popLast() else { continue }
            if original == p { same += 1 } else { restyled += 1 }
        }
    }

    /// More than half, of at least four.
    var mostly: Bool { restyled >= 4 && restyled > same }
}
