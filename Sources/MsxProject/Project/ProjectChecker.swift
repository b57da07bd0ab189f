import Foundation
import MsxModel

/// A problem `msx check` found.
public struct CheckFinding: Sendable, Equatable {
    public enum Severity: String, Sendable, CaseIterable { case error, warning }

    /// Problems only `check` reports; the raw values are the stable codes listed in docs/cli-json.md (`check`).
    public enum Problem: String, Sendable, CaseIterable {
        case duplicateID = "duplicate-id"
        case sharedFile = "shared-file"
        case unusualID = "unusual-id"
        case pathOutsideFolder = "path-outside-folder"
        case unplaceableRun = "unplaceable-run"
        case staleSidecar = "stale-sidecar"
        case valueOutOfLimits = "value-out-of-limits"
        case temporaryFile = "temporary-file"
        case notInBinder = "not-in-binder"
        case renamedByHand = "renamed-by-hand"
        case adoptedElsewhere = "adopted-elsewhere"
        case staleCache = "stale-cache"
        case staleLock = "stale-lock"
        case conflictMarkers = "conflict-markers"
    }

    /// What was found: a problem of check's own, or a file that fails as a command would (with that error's code).
    public enum Code: Sendable, Equatable {
        case problem(Problem)
        case error(MsxError.Code)

        /// The stable machine-readable code, e.g. `stale-sidecar` or `missing-file`.
        public var rawValue: String {
            switch self {
            case .problem(let problem): return problem.rawValue
            case .error(let code): return code.rawValue
            }
        }
    }

    /// What exactly was found, as data; front ends word it.
    public enum Detail: Sendable, Equatable {
        /// Two nodes (titled `first` and `second`) share the id.
        case duplicateID(String, first: String, second: String)
        /// Two documents (titled `first` and `second`) share the file at the finding's path.
        case sharedFile(first: String, second: String)
        /// An id that is not 12 hex digits.
        case unusualID(String)
        /// A node's path is not under its folder's.
        case pathOutsideFolder(BinderNode, folder: String)
        /// A document's file is missing.
        case missingFile(BinderNode)
        /// A document's file is missing, and its words are in the stray file `to`: renamed or moved outside msx.
        case renamedByHand(BinderNode, to: String)
        /// A document's file is missing, and its words are in `heir`, a document the binder lists under another id
        /// (taken in as new after a rename outside msx).
        case adoptedElsewhere(BinderNode, heir: BinderNode)
        /// Formatting in the sidecar at `sidecar` can no longer be placed.
        case lostFormatting(FormattingLoss, sidecar: String)
        /// The sidecar at `sidecar` is out of date after an outside edit (re-anchored in memory).
        case staleSidecar(String)
        /// Numbers in the sidecar at `sidecar` are out of their attributes' limits (`fields`; read within them).
        case valuesOutOfLimits(sidecar: String, fields: [String])
        /// A temporary file an interrupted write left.
        case temporaryFile
        /// A Markdown file the binder does not list.
        case notInBinder
        /// A file that fails as a command would.
        case unreadable(MsxError)
        /// A cache msx reads instead of the history or the files says what they do not: the version index or the
        /// manifest's blob id (the finding's path is the cache's), or git's index, whose size and time of the
        /// document at the finding's path match the file while its content does not (status would take it for
        /// unchanged).
        case staleCache
        /// A lock file a killed git program left in the repository (the finding's path, under `.git/`): no process
        /// has it open and it has not changed for some seconds. It stops every snapshot, pull and sync that needs
        /// that lock.
        case staleLock
        /// The document's Markdown holds git's conflict markers from the given line (1-based): a merge made outside
        /// msx (plain git) left them, and they would be compiled and counted as prose.
        case conflictMarkers(line: Int)
    }

    /// The project-relative file concerned.
    public var path: String
    public var detail: Detail

    public init(path: String, detail: Detail) {
        self.path = path
        self.detail = detail
    }

    public var severity: Severity {
        switch detail {
        case .unusualID, .staleSidecar, .temporaryFile, .notInBinder, .staleCache, .renamedByHand: .warning
        case .duplicateID, .sharedFile, .pathOutsideFolder, .missingFile, .lostFormatting, .unreadable,
             .valuesOutOfLimits, .staleLock, .conflictMarkers, .adoptedElsewhere: .error
        }
    }

    public var code: Code {
        switch detail {
        case .duplicateID: .problem(.duplicateID)
        case .sharedFile: .problem(.sharedFile)
        case .unusualID: .problem(.unusualID)
        case .pathOutsideFolder: .problem(.pathOutsideFolder)
        case .missingFile: .error(.missingFile)
        case .lostFormatting: .problem(.unplaceableRun)
        case .staleSidecar: .problem(.staleSidecar)
        case .valuesOutOfLimits: .problem(.valueOutOfLimits)
        case .temporaryFile: .problem(.temporaryFile)
        case .notInBinder: .problem(.notInBinder)
        case .renamedByHand: .problem(.renamedByHand)
        case .adoptedElsewhere: .problem(.adoptedElsewhere)
        case .staleCache: .problem(.staleCache)
        case .staleLock: .problem(.staleLock)
        case .conflictMarkers: .problem(.conflictMarkers)
        case .unreadable(let error): .error(error.code)
        }
    }
}

/// What `msx check` found and, with `--repair`, what it fixed.
public struct CheckReport: Sendable {
    public var findings: [CheckFinding] = []
    public var repairs: [CheckRepair] = []
    public var errorCount: Int { findings.filter { $0.severity == .error }.count }

    public init() {}
}

/// One repair `check` made, as data; front ends word it.
public enum CheckRepair: Sendable, Equatable {
    /// Opening the project finished or undid a command a crash interrupted.
    case recovered(Recovery)
    /// A node sharing its id with an earlier one was given a new one.
    case newID(BinderNode, id: String)
    /// A stale sidecar was saved re-anchored, dropping the formatting whose words are gone (`dropped`).
    case savedSidecar(BinderNode, dropped: [FormattingLoss])
    /// A sidecar's numbers out of their limits were saved brought within them.
    case savedWithinLimits(BinderNode)
    /// A temporary file an interrupted write left was removed.
    case removedTemporaryFile(String)
    /// A document moved or renamed outside msx was found at `path`; it keeps its id.
    case reattached(BinderNode, at: String)
    /// A Markdown file the binder did not list became a document in the folder titled `into`.
    case adopted(String, as: BinderNode, into: String)
    /// A document whose file was deleted outside msx was brought back as it was at the version `from` (short id).
    case restoredMissing(BinderNode, from: String)
    /// A document whose file was deleted outside msx has no snapshot with its file.
    case notRestorable(BinderNode)
    /// A document whose file was deleted outside msx was taken out of the binder.
    case droppedMissing(BinderNode)
    /// A document whose file is gone, its words in `heir` (taken in under another id), was taken out of the binder;
    /// its sidecar and notes at `moved` went to `heir`, those at `kept` stayed where they were (`heir` has its own).
    case droppedForHeir(BinderNode, heir: BinderNode, moved: [String], kept: [String])
    /// So many base texts (`.msx/base/`) that no sidecar names any more were removed.
    case removedUnusedBases(Int)
    /// A stale cache (see `CheckFinding.Detail.staleCache`) was built again, or its entry for the path forgotten.
    case rebuiltCache(String)
    /// A stale lock file (see `CheckFinding.Detail.staleLock`) was removed.
    case removedLock(String)
    /// A sidecar no command could read was replaced by its newest readable version, `from` (short id).
    case restoredSidecar(BinderNode, from: String)
    /// A sidecar no command could read, with no readable version in the history, was moved to `to`.
    case setAsideSidecar(BinderNode, to: String)
}

/// Checks the manifest against the files, and repairs what is safe to repair.
public struct ProjectChecker {
    public private(set) var project: Project
    /// A document's text in its last version (nil: unknown), for finding a document renamed outside msx by its words.
    let recordedText: (BinderNode) -> String?

    public init(project: Project, recordedText: @escaping (BinderNode) -> String? = { _ in nil }) {
        self.project = project
        self.recordedText = recordedText
    }

    /// Checks the project; with `repair`, saves re-anchored sidecars, re-attaches documents moved or renamed outside
    /// msx, adopts other stray documents into a `Recovered` folder, and removes leftover temporary files.
    /// - Parameter dryRun: with `repair`, find the repairs but write nothing (the findings are those before them).
    public mutating func run(repair: Bool, dryRun: Bool = false) throws -> CheckReport {
        let lock = repair && !dryRun ? try project.lock() : nil
        defer { withExtendedLifetime(lock) {} }
        var report = CheckReport()
        if let recovery = project.recovery { report.repairs.append(.recovered(recovery)) }
        let manifest = project.manifest
        var seen: [String: String] = [:]
        var files: [String: String] = [:]
        var missing: [BinderNode] = []
        var transaction = project.transaction()
        var newManifest = manifest

        // Findings are kept per binder entry, so the report reads in binder order though documents are read on
        // all cores.
        let entries = manifest.entries
        // Each node by id, for its parent's path: one look-up each rather than a walk of the binder per node.
        let byID = BinderIndex(manifest)
        // A document whose file is another's notes file (only a hand-made binder can say so).
        let notesOwners = Dictionary(entries.compactMap { e in e.node.notesPath.map { ($0, e.node.title) } }, uniquingKeysWith: { a, _ in a })
        var findings = Array(repeating: [CheckFinding](), count: entries.count)
        func note(_ index: Int, _ detail: CheckFinding.Detail) {
            findings[index].append(CheckFinding(path: entries[index].node.path, detail: detail))
        }
        var readable: [Int] = []
        for (index, entry) in entries.enumerated() {
            let node = entry.node
            func add(_ detail: CheckFinding.Detail) { note(index, detail) }
            if let other = seen[node.id] { add(.duplicateID(node.id, first: other, second: node.title)) }
            seen[node.id] = node.title
            if let other = files[node.path] { add(.sharedFile(first: other, second: node.title)) }
            if let owner = notesOwners[node.path] { add(.sharedFile(first: owner, second: node.title)) }
            files[node.path] = node.title
            if !Identifier.isValid(node.id) { add(.unusualID(node.id)) }
            let url: URL
            do { url = try project.url(node.path) } catch let error as MsxError { add(.unreadable(error)); continue }
            if let parent = entry.parentID.flatMap({ byID.node(id: $0) }), !node.path.hasPrefix(parent.path + "/") {
                add(.pathOutsideFolder(node, folder: parent.path))
            }
            guard node.kind == .document else { continue }
            guard FileIO.exists(url) else {
                missing.append(node)
                add(.missingFile(node))
                continue
            }
            // Its notes are read as every command reads them (a link out of the project is refused there too).
            do { _ = try project.notes(of: node) } catch let error as MsxError { add(.unreadable(error)) }
            readable.append(index)
        }
        let reader = project
        var namedBases = Set<String>()
        // A batch at a time: documents are read on all cores, and only a batch is held in memory at once. Nothing
        // here splices Markdown (a repair writes sidecars only), so no source map is kept.
        try readable.concurrentMap(batchesOf: 64, { index in Result { try reader.loadDocument(entries[index].node, sourceMap: false) } }) { batch in
            for (index, result) in batch {
                let node = entries[index].node
                func add(_ detail: CheckFinding.Detail) { note(index, detail) }
                do {
                    let document = try result.get()
                    if let line = LeftConflictMarkers.firstLine(in: document.markdown.source) { add(.conflictMarkers(line: line)) }
                    if let base = document.sidecarBase { namedBases.insert(base) }
                    for loss in document.lostFormatting { add(.lostFormatting(loss, sidecar: node.sidecarPath ?? node.path)) }
                    let outOfLimits = document.sidecarValuesOutOfLimits
                    if !outOfLimits.isEmpty { add(.valuesOutOfLimits(sidecar: node.sidecarPath ?? node.path, fields: outOfLimits)) }
                    if document.sidecarIsStale { add(.staleSidecar(node.sidecarPath ?? node.path)) }
                    if repair, document.sidecarIsStale || !outOfLimits.isEmpty {
                        try project.stage(document, markdown: nil, for: node, into: &transaction)
                        if let base = document.sidecar.base { namedBases.insert(base) }
                        report.repairs.append(document.sidecarIsStale ? .savedSidecar(node, dropped: document.lostFormatting) : .savedWithinLimits(node))
                    }
                } catch let error as MsxError {
                    add(.unreadable(error))
                }
            }
        }
        report.findings += findings.flatMap { $0 }

        let strays = try project.strayFiles(known: KnownMarkdown(manifest))
        for path in strays.temporary {
            report.findings.append(CheckFinding(path: path, detail: .temporaryFile))
            if repair { transaction.delete(path); report.repairs.append(.removedTemporaryFile(path)) }
        }
        var orphans = strays.documents
        let renames = missing.isEmpty || orphans.isEmpty ? [] : try project.handRenames(recordedText: recordedText)
        orphans.removeAll { path in renames.contains { $0.path == path } }
        // A renamed document's sidecar still needs the text it was anchored to.
        for rename in renames {
            var found = rename.node
            found.path = rename.path
            for node in [rename.node, found] { if let base = try? project.loadSidecar(node)?.base { namedBases.insert(base) } }
        }
        report.findings.removeAll { f in f.code == .error(.missingFile) && renames.contains { $0.node.path == f.path } }
        let unexplained = missing.filter { node in !renames.contains { $0.node.id == node.id } }
        for adoption in try project.adoptedElsewhere(unexplained, recordedText: recordedText) {
            guard let heir = manifest.entries.first(where: { $0.node.path == adoption.path && $0.node.kind == .document })?.node,
                  let at = report.findings.firstIndex(where: { $0.code == .error(.missingFile) && $0.path == adoption.node.path })
            else { continue }
            report.findings[at].detail = .adoptedElsewhere(adoption.node, heir: heir)
        }
        if repair {
            for (node, id) in newManifest.renumberDuplicateIDs() { report.repairs.append(.newID(node, id: id)) }
            report.findings.removeAll { $0.code == .problem(.duplicateID) }
            try project.stageReattaching(renames, manifest: &newManifest, into: &transaction)
            report.repairs += renames.map { .reattached($0.node, at: $0.path) }
            if !orphans.isEmpty { try adopt(orphans, manifest: &newManifest, transaction: &transaction, report: &report) }
        } else {
            report.findings += renames.map { CheckFinding(path: $0.node.path, detail: .renamedByHand($0.node, to: $0.path)) }
        }
        for path in orphans where !repair {
            report.findings.append(CheckFinding(path: path, detail: .notInBinder))
        }
        guard repair else { return report }
        // Base texts no sidecar names any more (their documents deleted from the Trash, say) go; unreadable
        // documents keep theirs, since their sidecars could not be read.
        if report.findings.allSatisfy({ if case .unreadable = $0.detail { false } else { true } }) {
            let removed = project.bases.ids().filter { !namedBases.contains($0) && project.bases.stageRemoval($0, into: &transaction) }
            if !removed.isEmpty { report.repairs.append(.removedUnusedBases(removed.count)) }
        }
        if dryRun { return report }
        try project.commit(transaction, manifest: newManifest)
        // Report what is left after the repairs, not what was found before them.
        var again = ProjectChecker(project: try Project(root: project.root), recordedText: recordedText)
        // A document found again under another name is read with its sidecar moved along: a stale one is saved.
        var after = try again.run(repair: !renames.isEmpty)
        after.repairs = report.repairs + after.repairs
        return after
    }

    /// Adopts stray documents: into the binder folder whose directory holds them, where they lie; the others (in a
    /// directory no folder has) into a top-level `Recovered` folder, created when needed, moving their files there.
    private func adopt(_ orphans: [String], manifest: inout Manifest, transaction: inout FileTransaction, report: inout CheckReport) throws {
        var taken = manifest.allIDs
        var homeless: [String] = []
        for orphan in orphans {
            let directory = String(orphan.split(separator: "/").dropLast().joined(separator: "/"))
            guard let home = manifest.entries.first(where: { $0.node.kind == .folder && $0.node.path == directory })?.node else {
                homeless.append(orphan)
                continue
            }
            var fileName = String(orphan.split(separator: "/").last!.dropLast(3))
            var node = BinderNode(id: Identifier.make(avoiding: taken), kind: .document, title: Self.title(fromSlug: fileName), path: orphan)
            if orphan.hasSuffix(".notes.md") {
                // Notes whose document is gone: a document of their own, renamed so that no new document takes them
                // for its notes.
                fileName = Slug.unique(Slug.make(fileName), taken: Set(manifest.node(id: home.id)?.children.map(\.slug) ?? []))
                node.title = Self.title(fromSlug: fileName)
                node.path = home.path + "/" + fileName + ".md"
                transaction.move(orphan, to: node.path)
            }
            taken.insert(node.id)
            manifest.insert(node, into: home.id)
            report.repairs.append(.adopted(orphan, as: node, into: home.title))
        }
        guard !homeless.isEmpty else { return }
        var folder = manifest.binder.first { $0.role == nil && $0.path == "contents/recovered" }
        if folder == nil {
            var created = BinderNode(id: Identifier.make(avoiding: taken), kind: .folder, title: "Recovered", path: "contents/recovered")
            created.children = []
            taken.insert(created.id)
            let index = manifest.binder.firstIndex { $0.role == "trash" } ?? manifest.binder.count
            manifest.binder.insert(created, at: index)
            transaction.makeFolder(created.path)
            folder = created
        }
        guard let folder else { return }
        for orphan in homeless {
            let name = String(orphan.split(separator: "/").last!.dropLast(3))
            let fileName = orphan.hasSuffix(".notes.md") ? Slug.make(name) : name
            let slugs = Set(manifest.node(id: folder.id)?.children.map(\.slug) ?? [])
            let slug = slugs.contains(fileName) ? Slug.unique(fileName, taken: slugs) : fileName
            var node = BinderNode(id: Identifier.make(avoiding: taken), kind: .document, title: Self.title(fromSlug: fileName), path: "\(folder.path)/\(slug).md")
            node.custom["recoveredFrom"] = .string(orphan)
            taken.insert(node.id)
            manifest.insert(node, into: folder.id)
            if orphan != node.path {
                transaction.move(orphan, to: node.path)
                let found = BinderNode(id: node.id, kind: .document, title: node.title, path: orphan)
                try project.stageCompanionMoves(from: found, to: node, into: &transaction)
            }
            report.repairs.append(.adopted(orphan, as: node, into: folder.title))
        }
    }

    static func title(fromSlug slug: String) -> String {
        let words = slug.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
        guard let first = words.first else { return slug }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map(String.init)).joined(separator: " ")
    }
}
