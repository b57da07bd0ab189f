import Foundation
import MsxConvert
import MsxHistory
import MsxModel
import MsxWorkspace

/// Brings an editor's copy of a compiled Word file back as the draft `review/NAME` (`msx review import`).
public struct ReviewImportAction: Action {
    /// The edited file's bytes, and how the writer named it (for messages).
    public var data: Data
    public var fileName: String
    /// The review's name (NAME of `review/NAME`).
    public var name: String
    public var changes: TrackedChanges
    /// Only the editor's words; each paragraph keeps its formatting.
    public var textOnly: Bool

    public init(_ data: Data, fileName: String, name: String, changes: TrackedChanges = .accept, textOnly: Bool = false) {
        (self.data, self.fileName, self.name, self.changes, self.textOnly) = (data, fileName, name, changes, textOnly)
    }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ReviewImportReport {
        let history = try workspace.existingHistory()
        do {
            return ReviewImportReport(outcome: try history.importReview(data, name: name, changes: changes, textOnly: textOnly), file: fileName)
        } catch let error as MsxError where error.code == .notDocx {
            throw MsxError(error.code, "\(fileName): \(error.message)")
        }
    }
}

/// What `review import` recorded, and what it could not take.
public struct ReviewImportReport: ActionReport {
    public var outcome: ReviewOutcome
    /// The file as the writer named it.
    public var file: String

    /// Every warning in words: the file's, then each document's.
    public var warnings: [String] {
        outcome.warnings.map { ImportWording.line(file: file, $0) }
            + outcome.warningsIn.flatMap { node, warnings in warnings.map { "'\(node.title)' (\(node.path)): \(ImportWording.text($0))" } }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let nodes = { (nodes: [BinderNode]) in nodes.map(BinderNodeReport.init) }
        try container.encode(outcome.branch, forKey: .branch)
        try container.encode(outcome.version?.description, forKey: .version)
        try container.encode(outcome.base.description, forKey: .base)
        try container.encode(outcome.baseWasRecorded, forKey: .baseRecorded)
        try container.encode(nodes(outcome.changed), forKey: .changed)
        try container.encode(nodes(outcome.unchanged), forKey: .unchanged)
        try container.encode(nodes(outcome.foundByText), forKey: .foundByText)
        try container.encode(nodes(outcome.missing), forKey: .missing)
        try container.encode(nodes(outcome.emptied), forKey: .emptied)
        try container.encode(outcome.retitled.map { Retitled(folder: $0.folder, title: $0.title) }, forKey: .retitled)
        try container.encode(outcome.conflicts, forKey: .conflicts)
        try container.encode(outcome.conflicted.map(Conflicted.init), forKey: .conflictsIn)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(outcome.restyledSoWordsOnly, forKey: .restyledSoWordsOnly)
    }

    private enum Key: String, CodingKey {
        case branch, version, base, baseRecorded, changed, unchanged, foundByText, missing, emptied, retitled, conflicts, conflictsIn,
             warnings, restyledSoWordsOnly
    }

    private struct Retitled: Encodable {
        var folder: BinderNode
        var title: String
        func encode(to encoder: any Encoder) throws {
            try BinderNodeReport(folder).encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(title, forKey: .newTitle)
        }
        private enum Key: String, CodingKey { case newTitle }
    }

    private struct Conflicted: Encodable {
        var entry: ReviewConflicts
        func encode(to encoder: any Encoder) throws {
            try BinderNodeReport(entry.node).encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(entry.conflicts.map(MergeWording.summary), forKey: .conflicts)
        }
        private enum Key: String, CodingKey { case conflicts }
    }

    public static let commands = ["review-import"]
    public static var schema: JSONSchema {
        let nodes = JSONSchema.array(BinderNodeReport.schema())
        return .object([
            "branch": .nullable(.string), "version": .nullable(.string), "base": .string, "baseRecorded": .boolean,
            "changed": nodes, "unchanged": nodes, "foundByText": nodes, "missing": nodes, "emptied": nodes,
            "retitled": .array(BinderNodeReport.schema(adding: ["newTitle": .string])), "conflicts": .integer,
            "conflictsIn": .array(BinderNodeReport.schema(adding: ["conflicts": .array(.string)])), "warnings": .array(.string),
            "restyledSoWordsOnly": .boolean,
        ])
    }
}
