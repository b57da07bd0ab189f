import MsxHistory
import MsxModel
import MsxWorkspace

/// Brings a document, or the whole project, back as it was at a version (`msx restore`). Unsaved work is recorded
/// first, and the restore is recorded as a version of its own.
public struct RestoreAction: Action {
    public enum Target: Sendable {
        /// One document (id, title or path), optionally `REF@REV`.
        case document(String, mode: RestoreMode)
        /// The whole project.
        case project
    }

    public var target: Target
    /// The version to bring back (nil: the one `REF@REV` names, else the last version).
    public var version: String?
    public var dryRun: Bool
    public var author: Author?

    public init(_ target: Target, at version: String? = nil, dryRun: Bool = false, author: Author? = nil) {
        (self.target, self.version, self.dryRun, self.author) = (target, version, dryRun, author)
    }

    public var writes: Bool { !dryRun }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> RestoreReport {
        let history = try workspace.existingHistory()
        let result: RestoreResult
        switch target {
        case .project:
            result = try history.restoreAll(to: version ?? "HEAD", dryRun: dryRun, author: author)
        case .document(let reference, let mode):
            let (id, named) = try history.documentReference(reference, workingDirectory: workspace.workingDirectory)
            if named != nil && version != nil {
                throw MsxError(.usage, "give the version once: \(reference) names one, and so does --at")
            }
            result = try history.restore(documentID: id, to: named ?? version ?? "HEAD", mode: mode, dryRun: dryRun, author: author)
        }
        return RestoreReport(result: result, dryRun: dryRun)
    }
}

/// What a restore did, or would do.
public struct RestoreReport: ActionReport {
    public var result: RestoreResult
    public var dryRun: Bool

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(result.version.description, forKey: .version)
        try container.encode(result.safetyVersion?.description, forKey: .safetyVersion)
        try container.encode(result.restoredVersion?.description, forKey: .restoredVersion)
        try container.encode(result.events.map { RestoreWording.line($0) }, forKey: .changes)
    }

    private enum Key: String, CodingKey { case dryRun, version, safetyVersion, restoredVersion, changes }

    public static let commands = ["restore"]
    public static var schema: JSONSchema {
        .object(["dryRun": .boolean, "version": .string, "safetyVersion": .nullable(.string), "restoredVersion": .nullable(.string),
                 "changes": .array(.string)])
    }
}

/// A restore's events in words: the lines `restore` prints, and its JSON's `changes`.
public enum RestoreWording {
    /// In a dry run (`mood`), the same sentence with "would".
    public static func line(_ event: RestoreEvent, _ mood: Mood = .done) -> String {
        switch event {
        case .restoredDocument(let node, let version): "\(mood.verb("restored", "restore")) '\(node.title)' to \(version.short)"
        case .restoredProject(let version): "\(mood.verb("restored", "restore")) the project to \(version.short)"
        case .fileBroughtBack(let path): "\(mood.verb("brought", "bring")) back \(path) as it was"
        case .broughtBack(let node, let folder, let fromTrash):
            fromTrash ? "\(mood.verb("took", "take")) '\(node.title)' out of the Trash into \(folder.title)"
                : "\(mood.verb("brought", "bring")) '\(node.title)' back into \(folder.title)"
        case .metadata(let field, let now, let then):
            mood.change("\(BinderWording.name(of: field)): \(now ?? "(none)") -> \(then ?? "(none)")")
        case .text(let added, let removed): mood.change("text: +\(added) / -\(removed) words")
        case .formattingRestored: mood == .done ? "formatting restored" : "would restore formatting"
        case .notesRestored: mood == .done ? "notes restored" : "would restore the notes"
        case .formattingNotPlaced(let loss): FormattingLossWording.notRestored(loss)
        case .movedToTrash(let node): "'\(node.title)' did not exist then: \(mood.verb("moved", "move")) to the Trash"
        case .nodesAsTheyWere(let count): "\(count) binder nodes \(mood == .done ? "as they were" : "would be as they were")"
        }
    }
}
