import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// Records a version (`msx snapshot`): of every change, or of some documents; named a milestone too when asked.
/// Documents renamed or moved by hand are recorded as moved, keeping their history, not as deleted and new.
public struct SnapshotAction: Action {
    /// The documents to record (id, title or path; empty: every change).
    public var references: [String]
    public var message: String?
    public var author: Author?
    /// A milestone to name the new version with.
    public var milestone: String?

    public init(_ references: [String] = [], message: String? = nil, author: Author? = nil, milestone: String? = nil) {
        (self.references, self.message, self.author, self.milestone) = (references, message, author, milestone)
    }

    public var writes: Bool { true }
    public var handRenames: Workspace.HandRenames? { .asFound }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> SnapshotReport {
        let (history, reattached) = try workspace.creatingHistory().reattachingHandRenames()
        let resolver = history.project.references(from: workspace.workingDirectory)
        let nodes = try references.map { try resolver.resolve($0) }
        let result = try history.snapshot(nodes, message: message, author: author)
        let named = try milestone.flatMap { name in try result.version.map { _ in try history.addMilestone(name, author: author) } }
        if let note = result.note { reporter.report(.snapshot(note)) }
        // Formatting whose words the outside edit took, dropped as the stale sidecar was saved re-anchored.
        var warnings = result.reanchored.flatMap { entry in
            entry.lost.map { "\(entry.node.sidecarPath ?? entry.node.path): \(FormattingLossWording.line($0))" }
        }
        if result.onDetachedHead, let version = result.version {
            warnings.append("HEAD is detached: version \(version.short) is on no branch (git switch -c NAME keeps it on one)")
        }
        return SnapshotReport(result: result, milestone: named, reattached: reattached, warnings: warnings)
    }
}

/// What `msx snapshot` recorded.
public struct SnapshotReport: ActionReport {
    public var result: SnapshotResult
    public var milestone: ProjectHistory.MilestoneInfo?
    /// Documents found renamed or moved by hand, re-attached before the version was recorded.
    public var reattached: [HandRename]
    /// Formatting that could not be kept, and a version made on no branch.
    public var warnings: [String]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(result.version?.description, forKey: .version)
        try container.encodeIfPresent(result.version?.short, forKey: .short)
        try container.encode(result.message, forKey: .message)
        try container.encode(result.documents.map(DocumentChangeReport.init), forKey: .documents)
        try container.encodeIfPresent(milestone?.name, forKey: .milestone)
        try container.encode(result.files.map(FileChangeReport.init), forKey: .files)
        try container.encode(result.reanchored.map(\.node.id), forKey: .reanchored)
        try container.encode(reattached.map { ["id": $0.node.id, "from": $0.node.path, "to": $0.path] }, forKey: .reattached)
        try container.encode(warnings, forKey: .warnings)
    }

    private enum Key: String, CodingKey { case version, short, message, documents, milestone, files, reanchored, reattached, warnings }

    public static let commands = ["snapshot"]
    public static var schema: JSONSchema {
        .object([
            "version": .nullable(.string), "short": .nullable(.string), "message": .string, "documents": .array(DocumentChangeReport.schema),
            "milestone": .nullable(.string), "files": .array(FileChangeReport.schema), "reanchored": .array(.string),
            "reattached": .array(.object(["id": .string, "from": .string, "to": .string])), "warnings": .array(.string),
        ])
    }
}
