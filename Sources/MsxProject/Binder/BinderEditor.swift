import Foundation
import MsxModel

/// What a binder operation did (or, planned without writing, would do).
public struct BinderChange: Sendable {
    /// What happened, in order.
    public var events: [BinderEvent]
    /// Nodes created or changed, after the change.
    public var nodes: [BinderNode]
}

/// One thing a binder operation did, as data; front ends word it.
public enum BinderEvent: Sendable, Equatable {
    /// Why a node moved.
    public enum Move: Sendable, Equatable {
        case moved, trashed, untrashed
    }

    /// A node's metadata field.
    public enum Field: Sendable, Equatable {
        case synopsis, label, status, keywords, target, includeInCompile, compileAs
        /// A custom key.
        case custom(String)
    }

    /// A document or folder was created (as it is now).
    case created(BinderNode)
    /// A node went into `folder`; `pathChanged` when its files moved.
    case moved(BinderNode, into: BinderNode, why: Move, pathChanged: Bool)
    /// A node was retitled (`node` is as it is now); `pathChanged` when its file followed the title.
    case renamed(BinderNode, from: String, pathChanged: Bool)
    /// A node was deleted from the Trash for good, with the documents in it.
    case deleted(BinderNode)
    /// A document whose file was deleted outside msx was taken out of the binder (its history keeps it).
    case removedMissing(BinderNode)
    /// A metadata field changed (nil: unset).
    case metadata(Field, before: String?, after: String?)
    case keywordAdded(String)
    case keywordRemoved(String)
}

/// Adds, moves, renames, trashes and describes binder nodes. Each operation lands in one transaction (files and
/// manifest together) and can be planned without writing (`dryRun`).
public struct BinderEditor {
    public private(set) var project: Project

    public init(project: Project) { self.project = project }

    // MARK: New

    /// What to create with `new`.
    public struct NewNode: Sendable {
        public var title: String
        public var kind: BinderNode.Kind
        public var markdown: String
        public var synopsis: String?
        public var label: String?
        public var status: String?
        /// Formatting the Markdown cannot carry (an imported document's), written beside it.
        public var sidecar: Sidecar?
        /// Files the document shows (an imported document's pictures), by plain file name, written beside it.
        public var files: [String: Data] = [:]
        /// The document's notes (Markdown), written to its notes file when not empty.
        public var notes: String?
        /// Custom metadata (`custom` in the manifest).
        public var custom: [String: JSONValue] = [:]
        public var keywords: [String] = []
        public var target: Int?
        public var includeInCompile = true

        public init(title: String, kind: BinderNode.Kind = .document, markdown: String = "", synopsis: String? = nil,
                    label: String? = nil, status: String? = nil, sidecar: Sidecar? = nil) {
            self.title = title
            self.kind = kind
            self.markdown = markdown
            self.synopsis = synopsis
            self.label = label
            self.status = status
            self.sidecar = sidecar
        }
    }

    /// The ids `create` gives: the same for the same project, folder, items and machine, so that a dry run shows
    /// the ids the real run will use; different wherever any of them differs (another machine's clone included).
    private static func identifiers(for items: [OutlineItem], in folder: BinderNode, taken: Set<String>,
                                    projectID: String) -> Identifier.Sequence {
        var seed = [projectID, folder.id, machineName()] + taken.sorted()
        func describe(_ item: OutlineItem) {
            seed += [item.node.title, item.node.markdown]
            item.children.forEach(describe)
        }
        items.forEach(describe)
        return Identifier.Sequence(seed: seed)
    }

    /// This machine's name (two clones of a project on different machines must not make the same ids).
    private static func machineName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(cString: buffer)
    }

    /// Creates documents and folders (depth first: an item's `children` go inside it) at the end of `folder`;
    /// `styles` the documents use join the project's named styles in the same transaction.
    public mutating func create(_ items: [OutlineItem], in folder: BinderNode, addingStyles styles: [String: Attributes] = [:],
                                dryRun: Bool = false) throws -> BinderChange {
        var manifest = project.manifest
        for (name, attributes) in styles where manifest.styles[name] == nil { manifest.styles[name] = attributes }
        var transaction = project.transaction()
        var taken = manifest.allIDs
        var ids = Self.identifiers(for: items, in: folder, taken: taken, projectID: manifest.id)
        var created: [BinderNode] = []
        func add(_ item: OutlineItem, into parent: BinderNode) throws {
            let title = item.node.title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw MsxError(.emptyTitle, "a title cannot be empty") }
            let kind: BinderNode.Kind = item.children.isEmpty ? item.node.kind : .folder
            let siblings = Set(manifest.node(id: parent.id)?.children.map(\.slug) ?? [])
            let slug = Slug.unique(title, taken: siblings)
            var node = BinderNode(
                id: ids.next(avoiding: taken), kind: kind, title: title,
                path: parent.path + "/" + slug + (kind == .document ? ".md" : ""))
            taken.insert(node.id)
            node.synopsis = item.node.synopsis.flatMap { $0.isEmpty ? nil : $0 }
            node.label = item.node.label
            node.status = item.node.status
            node.keywords = item.node.keywords
            node.target = item.node.target
            node.includeInCompile = item.node.includeInCompile
            node.custom = item.node.custom
            registerListValues(node, in: &manifest)
            manifest.insert(node, into: parent.id)
            if kind == .document {
                transaction.write(item.node.markdown, to: node.path)
                if let sidecar = item.node.sidecar, !sidecar.isEmpty, let path = node.sidecarPath {
                    transaction.write(try sidecar.jsonToWrite(file: path), to: path)
                    if let base = sidecar.baseText { try project.bases.stage(base, into: &transaction) }
                }
                if let notes = item.node.notes, !notes.isEmpty, let path = node.notesPath { transaction.write(notes, to: path) }
                for (name, data) in item.node.files.sorted(by: { $0.key < $1.key }) {
                    guard RelativePath.isPlain(name), !name.contains("/"), !name.hasSuffix(".md"), !name.hasSuffix(".attrs.json") else {
                        throw MsxError(.pathEscapesProject, "\(name): not a plain file name for a document's file")
                    }
                    transaction.write(data, to: parent.path + "/" + name)
                }
            } else {
                transaction.makeFolder(node.path)
            }
            created.append(node)
            for child in item.children { try add(child, into: node) }
        }
        for item in items { try add(item, into: folder) }
        if !dryRun { try commit(transaction, manifest: manifest) }
        return BinderChange(events: created.map(BinderEvent.created), nodes: created)
    }

    /// Creates an empty folder at the binder's top level, before the Trash, with `folder`'s metadata (a folder
    /// another program kept beside the draft: Scrivener's front matter, say).
    public mutating func createTopLevelFolder(_ folder: NewNode) throws -> BinderNode {
        var manifest = project.manifest
        let title = folder.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw MsxError(.emptyTitle, "a title cannot be empty") }
        let taken = manifest.allIDs
        var ids = Identifier.Sequence(seed: [manifest.id, Self.machineName(), title] + taken.sorted())
        let slug = Slug.unique(title, taken: Set(manifest.binder.map(\.slug)))
        var node = BinderNode(id: ids.next(avoiding: taken), kind: .folder, title: title, path: "contents/" + slug)
        node.children = []
        (node.synopsis, node.label, node.status) = (folder.synopsis.flatMap { $0.isEmpty ? nil : $0 }, folder.label, folder.status)
        (node.keywords, node.custom, node.includeInCompile) = (folder.keywords, folder.custom, folder.includeInCompile)
        registerListValues(node, in: &manifest)
        manifest.binder.insert(node, at: manifest.binder.firstIndex { $0.role == "trash" } ?? manifest.binder.count)
        var transaction = project.transaction()
        transaction.makeFolder(node.path)
        try commit(transaction, manifest: manifest)
        return node
    }

    /// Labels and statuses used on nodes join the project's lists, so the lists stay complete.
    private func registerListValues(_ node: BinderNode, in manifest: inout Manifest) {
        if let label = node.label, !manifest.labels.contains(label) { manifest.labels.append(label) }
        if let status = node.status, !manifest.statuses.contains(status) { manifest.statuses.append(status) }
    }

    // MARK: Move, rename, trash

    /// Where to put a moved node.
    public enum Position: Sendable {
        case end
        case before(BinderNode)
        case after(BinderNode)
    }

    /// Moves a node into `folder` (at `position`), moving its files.
    public mutating func move(_ node: BinderNode, into folder: BinderNode?, position: Position = .end,
                              dryRun: Bool = false) throws -> BinderChange {
        try move(node, into: folder, position: position, dryRun: dryRun, why: .moved)
    }

    private mutating func move(_ node: BinderNode, into folder: BinderNode?, position: Position, dryRun: Bool,
                               why: BinderEvent.Move) throws -> BinderChange {
        try guardMovable(node)
        var manifest = project.manifest
        let target: BinderNode
        switch (folder, position) {
        case (let folder?, _): target = folder
        case (nil, .before(let sibling)), (nil, .after(let sibling)):
            guard let parentID = manifest.entries.first(where: { $0.node.id == sibling.id })?.parentID,
                let parent = manifest.node(id: parentID)
            else { throw MsxError(.noParent, "'\(sibling.title)' is a top-level folder") }
            target = parent
        case (nil, .end): throw MsxError(.missingDestination, "say which folder to move '\(node.title)' into")
        }
        guard target.kind == .folder else {
            throw MsxError(.notAFolder, "'\(target.title)' is a document, not a folder")
        }
        if target.id == node.id || manifest.ancestors(of: target.id).contains(node.id) {
            throw MsxError(.moveIntoItself, "cannot move '\(node.title)' into itself")
        }
        guard var moving = manifest.remove(node.id) else { throw MsxError(.unknownReference, "'\(node.title)' is not in the binder") }
        let freshTarget = manifest.node(id: target.id)!
        var index = freshTarget.children.count
        switch position {
        case .end: break
        case .before(let sibling), .after(let sibling):
            guard let i = freshTarget.children.firstIndex(where: { $0.id == sibling.id }) else {
                throw MsxError(.notASibling, "'\(sibling.title)' is not in '\(target.title)'")
            }
            if case .after = position { index = i + 1 } else { index = i }
        }
        let oldPath = moving.path
        let slugs = Set(freshTarget.children.map(\.slug))
        let slug = slugs.contains(moving.slug) ? Slug.unique(moving.slug, taken: slugs) : moving.slug
        moving.relocate(under: freshTarget.path, slug: slug)
        switch why {
        case .trashed:
            let parent = project.manifest.entries.first { $0.node.id == node.id }?.parentID
            let siblings = parent.flatMap { project.manifest.node(id: $0) }?.children.map(\.id) ?? []
            moving.trashedFrom = parent ?? ""
            moving.trashedBefore = siblings.firstIndex(of: node.id).flatMap { $0 + 1 < siblings.count ? siblings[$0 + 1] : nil }
        case .untrashed:
            moving.trashedFrom = nil
            moving.trashedBefore = nil
        case .moved: break
        }
        manifest.insert(moving, into: target.id, at: index)
        var transaction = project.transaction()
        try stageMove(of: node, from: oldPath, to: moving, into: &transaction)
        if !dryRun { try commit(transaction, manifest: manifest) }
        return BinderChange(events: [.moved(moving, into: target, why: why, pathChanged: oldPath != moving.path)], nodes: [moving])
    }

    /// Renames a node; its file follows its new title, its id stays.
    public mutating func rename(_ node: BinderNode, to title: String, dryRun: Bool = false) throws -> BinderChange {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw MsxError(.emptyTitle, "a title cannot be empty") }
        var manifest = project.manifest
        var transaction = project.transaction()
        var renamed = node
        renamed.title = title
        if node.role == nil {
            let parentID = manifest.entries.first { $0.node.id == node.id }?.parentID
            let siblings = parentID.flatMap { manifest.node(id: $0) }?.children.filter { $0.id != node.id } ?? []
            let slug = Slug.unique(title, taken: Set(siblings.map(\.slug)))
            let folder = String(node.path.split(separator: "/").dropLast().joined(separator: "/"))
            renamed.relocate(under: folder, slug: slug)
            try stageMove(of: node, from: node.path, to: renamed, into: &transaction)
        }
        manifest.update(node.id) { $0 = renamed }
        if !dryRun { try commit(transaction, manifest: manifest) }
        return BinderChange(events: [.renamed(renamed, from: node.title, pathChanged: renamed.path != node.path)], nodes: [renamed])
    }

    /// Moves a node to the Trash, remembering where it was.
    public mutating func trash(_ node: BinderNode, dryRun: Bool = false) throws -> BinderChange {
        guard let trash = project.manifest.roleFolder("trash") else {
            throw MsxError(.noTrash, "\(Manifest.fileName): the binder has no Trash folder")
        }
        if project.manifest.isTrashed(node.id) { throw MsxError(.alreadyTrashed, "'\(node.title)' is already in the Trash") }
        // A document whose file is already gone has nothing to keep in the Trash.
        if node.kind == .document, !FileIO.exists(try project.url(node.path)) { return try removeMissing(node, dryRun: dryRun) }
        return try move(node, into: trash, position: .end, dryRun: dryRun, why: .trashed)
    }

    /// Takes a document whose file was deleted outside msx out of the binder (with its sidecar, if any is left; its
    /// notes stay, for `check` to adopt).
    /// Its snapshots keep it: `msx restore ID` brings it back.
    /// - Parameter heir: the document that holds its words now (taken in under another id after a rename outside
    ///   msx): its sidecar and notes go to that document when it has none of its own, and are kept where they are
    ///   when it has.
    public mutating func removeMissing(_ node: BinderNode, heir: BinderNode? = nil, dryRun: Bool = false) throws -> BinderChange {
        guard node.kind == .document, !FileIO.exists(try project.url(node.path)) else {
            throw MsxError(.notADocument, "'\(node.title)' still has its file \(node.path)")
        }
        var manifest = project.manifest
        var transaction = project.transaction()
        if let heir {
            for (from, to) in zip(node.companionPaths, heir.companionPaths) where FileIO.exists(try project.url(from)) {
                if !FileIO.exists(try project.url(to)) { transaction.move(from, to: to) }
            }
        } else if let sidecar = node.sidecarPath, FileIO.exists(try project.url(sidecar)) {
            // Its notes are the writer's words: they stay, and `check` adopts them as a document of their own.
            transaction.delete(sidecar)
        }
        _ = manifest.remove(node.id)
        if !dryRun { try commit(transaction, manifest: manifest) }
        return BinderChange(events: [.removedMissing(node)], nodes: [node])
    }

    /// Brings a node back from the Trash to where it was: its old folder, before the sibling it came before (when
    /// they are still there); else into `folder`, or the end of the Draft.
    public mutating func untrash(_ node: BinderNode, into folder: BinderNode? = nil, dryRun: Bool = false) throws -> BinderChange {
        guard project.manifest.isTrashed(node.id) else { throw MsxError(.notTrashed, "'\(node.title)' is not in the Trash") }
        let manifest = project.manifest
        let origin = node.trashedFrom.flatMap { manifest.node(id: $0) }.flatMap { manifest.isTrashed($0.id) ? nil : $0 }
        let destination = folder ?? origin ?? manifest.roleFolder("draft")
        guard let destination else { throw MsxError(.noDraft, "\(Manifest.fileName): the binder has no Draft folder") }
        var position = Position.end
        if folder == nil, let origin, let next = node.trashedBefore.flatMap({ id in origin.children.first { $0.id == id } }) {
            position = .before(next)
        }
        return try move(node, into: destination, position: position, dryRun: dryRun, why: .untrashed)
    }

    /// Deletes everything in the Trash for good.
    public mutating func emptyTrash(dryRun: Bool = false) throws -> BinderChange {
        var manifest = project.manifest
        guard let trash = manifest.roleFolder("trash") else { return BinderChange(events: [], nodes: []) }
        var transaction = project.transaction()
        for child in trash.children {
            for path in child.files { transaction.delete(path) }
        }
        manifest.update(trash.id) { $0.children = [] }
        if !dryRun && !trash.children.isEmpty { try commit(transaction, manifest: manifest) }
        return BinderChange(events: trash.children.map(BinderEvent.deleted), nodes: trash.children)
    }

    /// Lands a change under the project's write lock.
    private mutating func commit(_ transaction: FileTransaction, manifest: Manifest) throws {
        let lock = try project.lock()
        defer { withExtendedLifetime(lock) {} }
        try project.commit(transaction, manifest: manifest)
    }

    private func guardMovable(_ node: BinderNode) throws {
        if node.role != nil || project.manifest.binder.contains(where: { $0.id == node.id }) {
            throw MsxError(.topLevelFolder, "'\(node.title)' is a top-level folder and cannot be moved")
        }
    }

    /// Stages the file moves for a node (and a document's sidecar and notes) whose path changes.
    private func stageMove(of node: BinderNode, from oldPath: String, to moved: BinderNode, into transaction: inout FileTransaction) throws {
        guard oldPath != moved.path else { return }
        transaction.move(oldPath, to: moved.path)
        try project.stageCompanionMoves(from: node, to: moved, into: &transaction)
    }

    // MARK: Metadata

    /// Changes to a node's metadata; nil fields stay as they are.
    public struct MetadataChange: Sendable {
        public var synopsis: String?
        public var label: String?
        public var status: String?
        public var addKeywords: [String] = []
        public var removeKeywords: [String] = []
        public var target: Int?
        public var includeInCompile: Bool?
        /// What the node is in a compiled book; empty: its label and place decide again.
        public var compileAs: String?
        public var set: [String: String] = [:]
        public var unset: [String] = []

        public init() {}

        public var isEmpty: Bool {
            synopsis == nil && label == nil && status == nil && addKeywords.isEmpty && removeKeywords.isEmpty
                && target == nil && includeInCompile == nil && compileAs == nil && set.isEmpty && unset.isEmpty
        }
    }

    /// Applies metadata changes to a node. Empty strings clear synopsis, label and status; target 0 clears it.
    public mutating func setMetadata(_ change: MetadataChange, on node: BinderNode, dryRun: Bool = false) throws -> BinderChange {
        var updated = node
        var events: [BinderEvent] = []
        func note(_ field: BinderEvent.Field, _ old: String?, _ new: String?) {
            if old != new { events.append(.metadata(field, before: old, after: new)) }
        }
        if let synopsis = change.synopsis { note(.synopsis, updated.synopsis, synopsis.isEmpty ? nil : synopsis); updated.synopsis = synopsis.isEmpty ? nil : synopsis }
        if let label = change.label { note(.label, updated.label, label.isEmpty ? nil : label); updated.label = label.isEmpty ? nil : label }
        if let status = change.status { note(.status, updated.status, status.isEmpty ? nil : status); updated.status = status.isEmpty ? nil : status }
        if let compileAs = change.compileAs {
            note(.compileAs, updated.compileAs, compileAs.isEmpty ? nil : compileAs)
            updated.compileAs = compileAs.isEmpty ? nil : compileAs
        }
        for keyword in change.addKeywords where !updated.keywords.contains(keyword) {
            updated.keywords.append(keyword)
            events.append(.keywordAdded(keyword))
        }
        for keyword in change.removeKeywords {
            guard updated.keywords.contains(keyword) else {
                throw MsxError(.unknownKeyword, "'\(node.title)' has no keyword '\(keyword)'")
            }
            updated.keywords.removeAll { $0 == keyword }
            events.append(.keywordRemoved(keyword))
        }
        if let target = change.target {
            guard target >= 0 else { throw MsxError(.invalidTarget, "a word target cannot be negative") }
            note(.target, updated.target.map(String.init), target == 0 ? nil : String(target))
            updated.target = target == 0 ? nil : target
        }
        if let include = change.includeInCompile {
            note(.includeInCompile, String(updated.includeInCompile), String(include))
            updated.includeInCompile = include
        }
        for (key, value) in change.set.sorted(by: { $0.key < $1.key }) {
            note(.custom(key), updated.custom[key]?.stringValue, value)
            updated.custom[key] = .string(value)
        }
        for key in change.unset {
            guard updated.custom[key] != nil else { throw MsxError(.unknownKey, "'\(node.title)' has no key '\(key)'") }
            note(.custom(key), updated.custom[key]?.stringValue, nil)
            updated.custom[key] = nil
        }
        var manifest = project.manifest
        manifest.update(node.id) { $0 = updated }
        registerListValues(updated, in: &manifest)
        if !dryRun && manifest != project.manifest { try commit(project.transaction(), manifest: manifest) }
        return BinderChange(events: events, nodes: [updated])
    }
}
