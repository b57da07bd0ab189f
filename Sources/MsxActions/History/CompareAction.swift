import Foundation
import MsxDiff
import MsxGit
import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// Compares two states of a project, document by document, word by word and attribute by attribute (`msx diff`,
/// and the review page's changes): the revisions resolved as every command resolves them, documents renamed or moved
/// by hand read where they are now.
public struct CompareAction: Action {
    /// Documents to compare (nil or empty: every changed document); `REF@REV` names the older version too, and a
    /// lone `A..B` the range.
    public var references: [String]
    /// The older version (default: the last version).
    public var from: String?
    /// The newer version (default: the working copy).
    public var to: String?
    public var unit: DiffUnit

    public init(_ references: [String] = [], from: String? = nil, to: String? = nil, by unit: DiffUnit = .word) {
        (self.references, self.from, self.to, self.unit) = (references, from, to, unit)
    }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> CompareReport {
        let history = try workspace.existingHistory()
        let directory = workspace.workingDirectory
        // git's A..B: the project from A to B (when no document is called that).
        let range = Self.range(references, from: from, to: to) { text in
            (try? history.documentReference(text, workingDirectory: directory)) != nil
        }
        let named = try (range == nil ? references : []).map { try history.documentReference($0, workingDirectory: directory) }
        let ids = named.isEmpty ? nil : Set(named.map(\.id))
        let older = try range?.from ?? older(named: named.compactMap(\.revision))
        let newer = range?.to ?? to
        // With one document, ~N counts that document's versions, as in msx show REF@~N.
        let document = ids?.count == 1 ? ids!.first : nil
        let old = ProjectState.version(try history.resolve(older ?? "HEAD", for: document))
        let new = try newer.map { ProjectState.version(try history.resolve($0, for: document)) } ?? .working
        let (oldReader, newReader) = (try history.reader(old), try history.reader(new))
        let compared = try ProjectComparison.compare(from: oldReader, to: newReader, documentIDs: ids, by: unit)
        var changedFiles: [FileChange] = []
        if ids == nil, case .version(let oldID) = old {
            let newID: GitOID? = if case .version(let id) = new { id } else { nil }
            changedFiles = try history.fileChanges(from: oldID, to: newID)
        }
        let manifest = history.project.manifest
        var revision: (author: String, date: Date)?
        if case .version(let id) = new {
            let entry = try history.entry(for: id)
            revision = (entry.author, Date(timeIntervalSince1970: TimeInterval(entry.time)))
        }
        // Folders and the project's own fields, when the whole project is compared.
        let binder = ids == nil ? BinderStructureChange.between(oldReader.manifest, newReader.manifest) : []
        return CompareReport(comparisons: compared.filter { !$0.isMarkupOnly },
                             markupOnly: compared.filter(\.isMarkupOnly), files: changedFiles, binder: binder,
                             heading: DiffHTML.Heading(project: manifest.title, author: manifest.author.name,
                                                       old: try Self.describe(old, in: history), new: try Self.describe(new, in: history)),
                             older: oldReader, newer: newReader, revision: revision)
    }

    /// The older version: `from`, or the one revision the documents were named with (REF@REV).
    private func older(named revisions: [String]) throws -> String? {
        guard let revision = revisions.first else {
            if from == nil && to != nil { throw MsxError(.usage, "--to goes with --from (or REF@REV)") }
            return from
        }
        if from != nil || Set(revisions).count > 1 {
            throw MsxError(.usage, "give the older version once: with --from, or as REF@REV on the documents")
        }
        return revision
    }

    /// `A..B` as the only argument, with no from or to and no document of that name: from A (default HEAD) to B
    /// (default: the working copy).
    static func range(_ references: [String], from: String?, to: String?, isDocument: (String) -> Bool) -> (from: String, to: String?)? {
        guard references.count == 1, from == nil, to == nil, let dots = references[0].range(of: ".."),
              !isDocument(references[0]) else { return nil }
        let (a, b) = (String(references[0][..<dots.lowerBound]), String(references[0][dots.upperBound...]))
        return (a.isEmpty ? "HEAD" : a, b.isEmpty ? nil : b)
    }

    /// A side of the comparison as a page names it: "version a1b2c3d of 2026-11-01 14:02, “Storm drafted”
    /// (milestone first draft)", or "the working copy".
    public static func describe(_ state: ProjectState, in history: ProjectHistory) throws -> String {
        guard case .version(let id) = state else { return "the working copy (changes not yet snapshotted)" }
        let entry = try history.entry(for: id)
        let milestones = entry.milestones.isEmpty ? ""
            : " (milestone " + entry.milestones.map { "\u{201C}\($0)\u{201D}" }.joined(separator: ", ") + ")"
        return "version \(id.short) of \(DateText.display(entry.time, offsetMinutes: entry.offsetMinutes)), \u{201C}\(entry.subject)\u{201D}\(milestones)"
    }
}

/// Two states of a project compared: encoded, `diff --json` (which the command line streams a document at a
/// time, `DiffJSON`).
public struct CompareReport: ActionReport {
    /// The documents whose words, formatting or place differ.
    public var comparisons: [DocumentComparison]
    /// Documents whose files differ but read the same.
    public var markupOnly: [DocumentComparison]
    /// Pictures and other files under contents/ that changed (a whole project's comparison between versions).
    public var files: [FileChange]
    /// Folders made, deleted, renamed, moved or given other metadata, and the project's own fields that changed
    /// (a whole project's comparison).
    public var binder: [BinderStructureChange]
    /// The two sides named for a page.
    public var heading: DiffHTML.Heading
    /// The two sides, for a renderer that reads more of them (the pictures of a Word file).
    public let older: any ProjectReader
    public let newer: any ProjectReader
    /// Who recorded the newer side and when (nil for the working copy).
    public let revision: (author: String, date: Date)?

    /// Whether anything differs (as `git diff --exit-code` says).
    public var differs: Bool { !comparisons.isEmpty || !files.isEmpty || !binder.isEmpty }

    public func encode(to encoder: any Encoder) throws {
        try DiffJSON.report(comparisons, markupOnly: markupOnly, files: files, binder: binder).encode(to: encoder)
    }

    public static let commands = ["diff"]
    public static var schema: JSONSchema { DiffJSON.schema }
}

/// Compares two Markdown files outside any project, each with its sidecar when it has one (`msx diff --files`).
public struct CompareFilesAction: StandaloneAction {
    /// The files, and how the writer named them.
    public var old: (url: URL, name: String)
    public var new: (url: URL, name: String)
    public var unit: DiffUnit

    public init(old: (url: URL, name: String), new: (url: URL, name: String), by unit: DiffUnit = .word) {
        (self.old, self.new, self.unit) = (old, new, unit)
    }

    public func run(reporter: any Reporter) throws -> CompareFilesReport {
        CompareFilesReport(comparison: try FileComparison.compare(old: old.url, new: new.url, oldName: old.name, newName: new.name, by: unit))
    }
}

/// Two files compared: encoded, `diff --files --json`.
public struct CompareFilesReport: ActionReport {
    public var comparison: DocumentComparison

    public func encode(to encoder: any Encoder) throws {
        try DiffJSON.report(comparison.diff.isEmpty ? [] : [comparison], markupOnly: [], files: [], binder: []).encode(to: encoder)
    }

    public static let commands: [String] = []
    public static var schema: JSONSchema { DiffJSON.schema }
}
