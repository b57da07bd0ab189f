import Foundation
import MsxConvert
import MsxHistory
import MsxModel
import MsxProject

extension ScrivenerImporter {
    /// Fills `history`'s project (new, from the blank template) and records the versions: every snapshot, then the
    /// project as it came.
    public mutating func run(into history: ProjectHistory, author: Author?) throws -> ScrivenerImportOutcome {
        var project = history.project
        let snapshotted = try build(into: &project)
        try recordSnapshots(snapshotted, in: try ProjectHistory.existing(project), author: author)
        reportWhatHasNoPlace()
        return outcome
    }

    /// Records each snapshot as a version of its document, oldest first (a snapshot whose text equals the one
    /// before too: the writer took it on purpose), then the project as it is now.
    private mutating func recordSnapshots(_ documents: [SnapshottedDocument],
                                          in history: ProjectHistory, author: Author?) throws {
        var events: [(snapshot: ScrivenerFiles.Snapshot, node: BinderNode)] = []
        for (node, _, folder) in documents {
            events += folder.snapshots.map { ($0, node) }
            outcome.problems += folder.problems.map { "\(node.title): \($0)" }
        }
        events.sort { ($0.snapshot.date, $0.node.path) < ($1.snapshot.date, $1.node.path) }
        var project = history.project
        var today: [String: RichDocument] = [:]
        for (node, _, _) in documents { today[node.id] = try project.loadDocument(node, sourceMap: false) }
        for (snapshot, node) in events {
            guard let composed = try? compose(snapshot.file, of: documents.first(where: { $0.node.id == node.id })?.item) else {
                outcome.problems.append("\(node.title): the snapshot '\(snapshot.title)' of \(snapshot.date.written) could not be read")
                continue
            }
            try project.replace(node, with: ScrivenerLinks.resolved(composed.document, at: node.path, targets: linkTargets).document,
                                files: composed.pictures)
            _ = try ProjectHistory.existing(project).snapshot(
                [node], message: snapshot.title, author: author,
                time: VersionTime(date: snapshot.date.date, offsetMinutes: snapshot.date.offsetMinutes), recordingUnchanged: true,
                broughtIn: .import)
            outcome.snapshots += 1
        }
        // A removed item's snapshots leave its document as the newest of them.
        for (node, item, _) in documents where !snapshotsWithoutAnItem.contains(item.id) {
            if let document = today[node.id] { try project.replace(node, with: document) }
        }
        _ = try ProjectHistory.existing(project).snapshot(message: "Imported from Scrivener: \(scrivener.title)", author: author, broughtIn: .import)
    }
}
