import Foundation
import MsxConvert
import MsxModel
import MsxProject
import MsxWorkspace

/// Brings files (Markdown, text, RTF, Word, folders of them) into the binder as documents (`msx import`).
public struct ImportAction: Action {
    /// The files, and how the writer named each (for messages).
    public var files: [(url: URL, displayPath: String)]
    /// The folder to put them in (id, title or path; nil: the Draft, or the folder the working directory is in).
    public var folder: String?
    /// Splits each file at headings of this level into documents.
    public var splitHeadings: Int?
    public var changes: TrackedChanges
    public var dryRun: Bool

    public init(_ files: [(url: URL, displayPath: String)], into folder: String? = nil, splitHeadings: Int? = nil,
                changes: TrackedChanges = .accept, dryRun: Bool = false) {
        (self.files, self.folder, self.splitHeadings, self.changes, self.dryRun) = (files, folder, splitHeadings, changes, dryRun)
    }

    public var writes: Bool { !dryRun }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> ImportReport {
        let project = workspace.project
        let parent = try project.destinationFolder(folder, from: workspace.workingDirectory)
        return ImportReport(outcome: try project.importFiles(files, into: parent, splitHeadings: splitHeadings, changes: changes, dryRun: dryRun),
                            dryRun: dryRun)
    }
}

/// What `import` created, or would create.
public struct ImportReport: ActionReport {
    public var outcome: ImportOutcome
    public var dryRun: Bool

    /// What the readers skipped, in words, each naming its file.
    public var warnings: [String] { outcome.warnings.map { ImportWording.line(file: $0.file, $0.warning) } }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(outcome.nodes.map(BinderNodeReport.init), forKey: .created)
        try container.encode(outcome.addedStyles, forKey: .addedStyles)
        try container.encode(warnings, forKey: .warnings)
    }

    private enum Key: String, CodingKey { case dryRun, created, addedStyles, warnings }

    public static let commands = ["import"]
    public static var schema: JSONSchema {
        .object(["dryRun": .boolean, "created": .array(BinderNodeReport.schema()), "addedStyles": .array(.string), "warnings": .array(.string)])
    }
}
