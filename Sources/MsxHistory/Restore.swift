import Foundation
import MsxGit
import MsxModel
import MsxProject

/// What to bring back from a version.
public enum RestoreMode: Sendable {
    /// Text, formatting and binder metadata.
    case whole
    /// That version's words; today's formatting re-anchored onto them where the words survive.
    case textOnly
    /// Today's words; that version's formatting re-anchored onto them where they match.
    case formattingOnly
}

/// What a restore did (or, with `dryRun`, would do).
public struct RestoreResult: Sendable {
    public var version: GitOID
    /// The version recorded first, holding the state the restore replaced (nil when nothing was unsnapshotted, and
    /// in a dry run).
    public var safetyVersion: GitOID?
    /// The version recorded after, holding the restored state, its words marked as brought in by a restore (never a
    /// day's writing); nil in a dry run, and when the restore changed nothing.
    public var restoredVersion: GitOID?
    /// Whether the restore records (or, in a dry run, would record) a version of the restored state: whether it
    /// changes any file.
    public var recordsVersion: Bool
    /// Whether the restore saved (or, in a dry run, would save) the current state first.
    public var savesFirst: Bool
    /// What changed, in order.
    public var events: [RestoreEvent]
    /// Documents whose stale sidecar was saved re-anchored before that version was recorded, with the formatting
    /// re-anchoring dropped because its words are gone.
    public var reanchoredFirst: [(node: BinderNode, lost: [FormattingLoss])] = []
}

/// One thing a restore did, as data; front ends word it.
public enum RestoreEvent: Sendable, Equatable {
    /// The document now reads as it did at `version`.
    case restoredDocument(BinderNode, version: GitOID)
    /// The whole project now reads as it did at `version`.
    case restoredProject(version: GitOID)
    /// The document came back into `folder`: out of the Trash, or re-created after it was deleted.
    case broughtBack(BinderNode, into: BinderNode, fromTrash: Bool)
    /// A metadata field took the version's value (nil: unset).
    case metadata(BinderEvent.Field, now: String?, then: String?)
    /// The words changed by so many added and removed.
    case text(wordsAdded: Int, wordsRemoved: Int)
    case formattingRestored
    /// The document's notes took the version's (none, when it had none then).
    case notesRestored
    /// Formatting that could not be placed on the restored text (its words are not there), so it was left out.
    case formattingNotPlaced(FormattingLoss)
    /// A document created after the version went to the Trash.
    case movedToTrash(BinderNode)
    /// So many binder nodes are as they were at the version.
    case nodesAsTheyWere(Int)
    /// A picture or other file under `contents/` is back as the version had it (it was deleted or changed since).
    case fileBroughtBack(String)
}

extension ProjectHistory {
    /// Brings a document back as it was at `revision` (into the binder again if it was trashed or deleted since).
    /// Every unsnapshotted change is snapshotted first ("Before restore to REV"), so nothing is ever lost.
    public func restore(documentID: String, to revision: String, mode: RestoreMode = .whole, dryRun: Bool = false,
                        author: Author? = nil) throws -> RestoreResult {
        let version = try resolve(revision, for: documentID)
        let old = try document(documentID, at: version)
        let saved = dryRun ? nil : try snapshot(message: "Before restore to \(revision)", author: author)
        let safety = saved?.version
        // The snapshot above changed no working file: the project as opened (and locked) is still current.
        var project = self.project
        var manifest = project.manifest
        var transaction = project.transaction()
        var events: [RestoreEvent] = []
        let notesToday = try project.manifest.node(id: documentID).flatMap { try project.notes(of: $0) }
        let today = try project.manifest.node(id: documentID).flatMap { current in
            FileIO.exists(try project.url(current.path)) ? try project.loadDocument(current) : nil
        }
        var node: BinderNode
        if let current = manifest.node(id: documentID), !manifest.isTrashed(documentID) {
            node = current
        } else {
            // Trashed or deleted since: back where it was, or into the Draft.
            let oldParent = old.manifest.entries.first { $0.node.id == documentID }?.parentID
            let parent = oldParent.flatMap { manifest.node(id: $0) }.flatMap { manifest.isTrashed($0.id) ? nil : $0 }
                ?? manifest.roleFolder("draft")
            guard let parent else { throw MsxError(.noDraft, "\(Manifest.fileName): the binder has no Draft folder") }
            let existing = manifest.remove(documentID)
            node = existing ?? old.node
            node.trashedFrom = nil
            node.trashedBefore = nil
            let slugs = Set(manifest.node(id: parent.id)?.children.map(\.slug) ?? [])
            node.relocate(under: parent.path, slug: Slug.unique(node.slug, taken: slugs))
            if let existing, existing.path != node.path {
                transaction.move(existing.path, to: node.path)
                if mode == .whole {
                    // The version's own sidecar and notes are written at the new place; those it did not have go
                    // (today's are in the safety version).
                    for companion in existing.companionPaths where FileIO.exists(try project.url(companion)) { transaction.delete(companion) }
                } else {
                    try project.stageCompanionMoves(from: existing, to: node, into: &transaction)
                }
            }
            manifest.insert(node, into: parent.id)
            events.append(.broughtBack(node, into: parent, fromTrash: existing != nil))
        }
        let restored: RichDocument
        switch mode {
        case .whole: restored = old.document
        case .textOnly: restored = today.map { FormattingOverlay.overlay(formattingOf: $0, onto: old.document) } ?? old.document
        case .formattingOnly: restored = today.map { FormattingOverlay.overlay(formattingOf: old.document, onto: $0) } ?? old.document
        }
        if mode != .whole {
            // What of the formatting carried across could not be placed, by the version's paragraph numbers (formatting
            // only) or today's (text only).
            events += restored.lostFormatting.map(RestoreEvent.formattingNotPlaced)
        }
        if mode == .whole {
            var updated = node
            // Every field it brings back is named, so nothing reverts silently.
            var fields: [(BinderEvent.Field, String?, String?)] = [
                (.synopsis, old.node.synopsis, node.synopsis), (.label, old.node.label, node.label), (.status, old.node.status, node.status),
                (.keywords, Self.list(old.node.keywords), Self.list(node.keywords)),
                (.target, old.node.target.map(String.init), node.target.map(String.init)),
                (.includeInCompile, String(old.node.includeInCompile), String(node.includeInCompile)),
                (.compileAs, old.node.compileAs, node.compileAs),
            ]
            for key in Set(old.node.custom.keys).union(node.custom.keys).sorted() {
                fields.append((.custom(key), old.node.custom[key].map(Self.text), node.custom[key].map(Self.text)))
            }
            for (field, then, now) in fields where then != now {
                events.append(.metadata(field, now: now, then: then))
            }
            updated.synopsis = old.node.synopsis
            updated.label = old.node.label
            updated.status = old.node.status
            updated.keywords = old.node.keywords
            updated.includeInCompile = old.node.includeInCompile
            updated.compileAs = old.node.compileAs
            updated.target = old.node.target
            updated.custom = old.node.custom
            manifest.update(documentID) { $0 = updated }
        }
        let (added, removed) = WordDelta.between(today?.text ?? "", restored.text)
        if today?.paragraphTexts != restored.paragraphTexts { events.append(.text(wordsAdded: added, wordsRemoved: removed)) }
        if today?.formattingSignature != restored.formattingSignature { events.append(.formattingRestored) }
        if mode == .whole, try notes(of: old.node, at: version) != notesToday {
            events.append(.notesRestored)
        }
        if mode == .whole {
            // The version's own bytes, sidecar and all: restoring is not rewriting.
            try stageFiles(of: old.node, at: version, as: node, into: &transaction)
        } else {
            try project.stage(restored, markdown: restored.markdown.sourceText, for: node, into: &transaction)
        }
        // Pictures its restored text shows that are gone since come back as the version had them; one still there
        // is left as it is (other documents may show it).
        for path in PictureAddress.projectPaths(in: restored.markdown, documentPath: node.path)
            where !FileIO.exists(try project.url(path)) {
            guard let data = try repository.file(at: gitPath(path), in: version) else { continue }
            transaction.write(data, to: path)
            events.append(.fileBroughtBack(path))
        }
        let recorded = dryRun ? nil : try recordRestore(transaction, manifest: manifest, in: &project, since: safety,
                                                 message: "Restored '\(node.title)' to \(version.short)", author: author)
        events.insert(.restoredDocument(node, version: version), at: 0)
        return RestoreResult(version: version, safetyVersion: safety, restoredVersion: recorded,
                             recordsVersion: recorded != nil || dryRun && project.wouldChange(transaction, manifest: manifest),
                             savesFirst: try safety != nil || dryRun && hasUnsavedWork(), events: events, reanchoredFirst: saved?.reanchored ?? [])
    }

    /// Stages `versionNode`'s Markdown, sidecar and notes exactly as they were at `version` as the files of `node`
    /// (a sidecar or notes it did not have are removed).
    private func stageFiles(of versionNode: BinderNode, at version: GitOID, as node: BinderNode, into transaction: inout FileTransaction) throws {
        guard let markdown = try repository.file(at: gitPath(versionNode.path), in: version) else {
            throw MsxError(.notAtRevision, "the document did not exist at version \(version.short)")
        }
        transaction.write(markdown, to: node.path)
        for (then, now) in zip(versionNode.companionPaths, node.companionPaths) {
            if let data = try repository.file(at: gitPath(then), in: version) {
                transaction.write(data, to: now)
            } else if FileIO.exists(try project.url(now)) {
                transaction.delete(now)
            }
        }
    }

    /// Brings the whole project back to `revision`. Documents created since go to the Trash; nothing is deleted.
    public func restoreAll(to revision: String, dryRun: Bool = false, author: Author? = nil) throws -> RestoreResult {
        let version = try resolve(revision)
        guard var manifest = try manifest(at: version) else {
            throw MsxError(.notAtRevision, "the project did not exist at version \(version.short)")
        }
        let saved = dryRun ? nil : try snapshot(message: "Before restore to \(revision)", author: author)
        let safety = saved?.version
        // The snapshot above changed no working file: the project as opened (and locked) is still current.
        var project = self.project
        var transaction = project.transaction()
        var events: [RestoreEvent] = [.restoredProject(version: version)]
        let then = Set(manifest.entries.map(\.node.id))
        let keptPaths = Set(manifest.entries.flatMap { $0.node.files })
        // Documents created since: into the Trash, files and all.
        if let trash = manifest.roleFolder("trash") {
            for entry in project.manifest.entries where entry.node.kind == .document && !then.contains(entry.node.id) {
                var node = entry.node
                let slugs = Set(manifest.node(id: trash.id)?.children.map(\.slug) ?? [])
                node.relocate(under: trash.path, slug: Slug.unique(node.slug, taken: slugs.union(keptPaths.map { String($0.split(separator: "/").last ?? "") })))
                node.trashedFrom = entry.parentID
                if node.path != entry.node.path {
                    transaction.move(entry.node.path, to: node.path)
                    try project.stageCompanionMoves(from: entry.node, to: node, into: &transaction)
                }
                manifest.insert(node, into: trash.id)
                events.append(.movedToTrash(node))
            }
        }
        // Files of documents that moved since: today's copy is in the safety version; the old place is rewritten.
        for entry in project.manifest.entries where entry.node.kind == .document && then.contains(entry.node.id) {
            for path in entry.node.files where !keptPaths.contains(path) {
                if FileIO.exists(try project.url(path)) { transaction.delete(path) }
            }
        }
        for entry in manifest.entries where entry.node.kind == .document && then.contains(entry.node.id) {
            guard try repository.entry(at: gitPath(entry.node.path), in: version) != nil else { continue }
            try stageFiles(of: entry.node, at: version, as: entry.node, into: &transaction)
        }
        events.append(.nodesAsTheyWere(then.count))
        // Pictures and other files as the version had them; those added since stay, as nothing is deleted.
        for change in try fileChanges(from: version, to: nil, recording: !dryRun) where change.kind != .added {
            guard let data = try repository.file(at: gitPath(change.path), in: version) else { continue }
            transaction.write(data, to: change.path)
            events.append(.fileBroughtBack(change.path))
        }
        let restored = dryRun ? nil : try recordRestore(transaction, manifest: manifest, in: &project, since: safety,
                                                 message: "Restored the project to \(version.short)", author: author)
        return RestoreResult(version: version, safetyVersion: safety, restoredVersion: restored,
                             recordsVersion: restored != nil || dryRun && project.wouldChange(transaction, manifest: manifest),
                             savesFirst: try safety != nil || dryRun && hasUnsavedWork(), events: events, reanchoredFirst: saved?.reanchored ?? [])
    }

    /// Writes the restore's files, then records them as a version whose words were brought in, not written: the
    /// next snapshot then holds only what the writer writes after it, and `stats` never counts the old words
    /// brought back as today's.
    private func recordRestore(_ transaction: FileTransaction, manifest: Manifest, in project: inout Project, since safety: GitOID?,
                        message: String, author: Author?) throws -> GitOID? {
        try project.commit(transaction, manifest: manifest) { try checkUnchanged($0, since: safety) }
        return try ProjectHistory.existing(project).snapshot(message: message, author: author, broughtIn: .restore).version
    }

    /// Whether a snapshot now would record anything (a dry run's "would save the current state first").
    /// Asked by a dry run only, which records no list of the last version's files.
    private func hasUnsavedWork() throws -> Bool {
        try !changes(index: try indexStat(recording: false), recording: false).isEmpty || manifestDiffers(at: head())
    }

    /// Refuses to replace a file whose bytes no version holds: each of `paths` must still be as `safety` (the
    /// snapshot taken before the restore, or HEAD when nothing had changed) recorded it. An editor that saved a
    /// file after the safety snapshot would otherwise lose that save.
    private func checkUnchanged(_ paths: [String], since safety: GitOID?) throws {
        FaultInjection.point("restore-staged")
        guard let recorded = try safety ?? head() else { return }
        // msx's private files (`.msx/`) are in no version.
        for path in paths where !path.hasPrefix(".msx/") {
            let url = try project.url(path)
            let now = FileIO.exists(url) ? try repository.hash(try FileIO.readData(url, displayPath: path)) : nil
            guard now == (try repository.entry(at: gitPath(path), in: recorded)) else {
                throw MsxError(.changedDuringRestore, "\(path) changed while restoring (saved by an editor?): nothing was"
                    + " replaced; msx restore again records it first")
            }
        }
    }

    /// Keywords as one value (nil when there are none).
    private static func list(_ keywords: [String]) -> String? { keywords.isEmpty ? nil : keywords.joined(separator: ", ") }

    /// A custom metadata value as one string.
    private static func text(_ value: JSONValue) -> String { value.stringValue ?? JSONWriter.string(value, pretty: false) }
}
