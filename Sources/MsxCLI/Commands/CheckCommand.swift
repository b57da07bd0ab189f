import ArgumentParser
import MsxKit

struct Check: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the binder against the files; --repair fixes what is safe.",
        discussion: ManualText.discussion(
            """
            Errors (exit 1): missing files, duplicate ids, paths outside the project, formatting that cannot be \
            placed, damaged files, git's conflict markers left in a document by a merge outside msx (conflict-markers), lock files a killed git program left in .git (stale-lock: no process has one \
            open and it has not changed for ten seconds; --repair removes them). Warnings: stale sidecars, .md files not in the binder, leftover temporary files. \
            --repair saves re-anchored sidecars, brings back the last readable version of a sidecar that cannot be read \
            (one that came malformed from a collaborator's plain git, say; with none, sets it aside as NAME.damaged), re-attaches documents renamed or moved outside msx, found by their words as git finds \
            renames (each keeps its id, history, sidecar, notes and place; a folder renamed by hand keeps its id; a new \
            directory becomes a folder where the document stood), and adopts stray documents into the folder they were found in (or, outside every \
            binder folder, into a Recovered folder). A document whose file was deleted outside msx is brought back \
            from its last snapshot with --restore-missing, or taken out of the binder with --drop-missing. \
            The caches msx reads instead of the history and the files are proved too: the version index \
            (.msx/cache/versions) against a fresh reading of the history, the manifest's blob id (.msx/cache/manifest) \
            against the file's hash, the last version's files (.msx/cache/files) against its tree, and git's index \
            against every file whose size and time it vouches for, and against its checksum (warning stale-cache; \
            --repair puts them right: a damaged index is built again from the last version).
            """,
            examples: [
                .init("msx check",
                      "Check the binder against the files (exit 3 when damaged)."),
                .init("msx check --repair --dry-run",
                      "Say what --repair would fix."),
                .init("msx check --repair --restore-missing",
                      "Fix what is safe; bring back deleted files from history."),
            ]))

    @Flag(help: "Fix what is safe to fix, and say what was done.")
    var repair = false

    @Flag(help: "With --repair: say what would be repaired, and change nothing.")
    var dryRun = false

    @Flag(help: "With --repair: bring back each document whose file was deleted outside msx, from its last snapshot.")
    var restoreMissing = false

    @Flag(help: "With --repair: take each document whose file was deleted outside msx out of the binder (its snapshots keep it).")
    var dropMissing = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if (restoreMissing || dropMissing) && !repair { throw ValidationError("--restore-missing and --drop-missing go with --repair") }
        if restoreMissing && dropMissing { throw ValidationError("choose one of --restore-missing and --drop-missing") }
        if dryRun && (!repair || restoreMissing || dropMissing) { throw ValidationError("--dry-run goes with --repair alone") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            let missing = restoreMissing ? try restoreMissingFiles(console) : dropMissing ? try dropMissingDocuments(console) : []
            let writing = repair && !dryRun
            let project = try console.openProject(forWriting: writing, repairing: writing, asFound: true)
            let lastVersion = try ProjectHistory.open(project)
            var checker = ProjectChecker(project: project, recordedText: { node in lastVersion?.recordedText(of: node) })
            var report = try checker.run(repair: repair, dryRun: dryRun)
            report.repairs.insert(contentsOf: missing, at: 0)
            if let history = try ProjectHistory.open(checker.project) {
                if repair {
                    // Mended sidecars are no longer findings.
                    let mended = try history.repairUnreadableSidecars(dryRun: dryRun)
                    let paths = Set(mended.compactMap { repair -> String? in
                        switch repair {
                        case .restoredSidecar(let node, _), .setAsideSidecar(let node, _): node.path
                        default: nil
                        }
                    })
                    if !dryRun {
                        report.findings.removeAll { finding in
                            if case .unreadable = finding.detail { paths.contains(finding.path) } else { false }
                        }
                    }
                    report.repairs += mended
                }
                do {
                    for part in [try history.checkLockFiles(repair: writing), try history.checkCaches(repair: writing)] {
                        report.findings += part.findings
                        report.repairs += part.repairs
                    }
                } catch let error as MsxError {
                    // A history that cannot be read is a finding of its own; the project's are still reported.
                    report.findings.append(CheckFinding(path: ".git", detail: .unreadable(error)))
                }
            }
            if console.json {
                console.report([
                    "ok": .bool(report.errorCount == 0),
                    "errors": .int(report.errorCount), "warnings": .int(report.findings.count - report.errorCount),
                    "findings": .array(report.findings.map { f in
                        ["severity": .string(f.severity.rawValue), "code": .string(f.code.rawValue), "path": .string(f.path),
                         "message": .string(Self.message(f))]
                    }),
                    "repairs": .array(report.repairs.map { .string(Self.line($0)) }),
                ])
            } else {
                // Formatting that cannot be placed is summed up past ten runs a sidecar (--json lists every one).
                var unplaceable: [String: Int] = [:]
                for f in report.findings {
                    let tag = f.severity == .error ? console.paint("error", "31") : console.paint("warning", "33")
                    if case .lostFormatting(_, let sidecar) = f.detail {
                        unplaceable[sidecar, default: 0] += 1
                        if unplaceable[sidecar]! > 10 { continue }
                    }
                    console.line("\(tag): \(Self.message(f))")
                }
                for (sidecar, count) in unplaceable.sorted(by: { $0.key < $1.key }) where count > 10 {
                    console.line("\(console.paint("error", "31")): \(sidecar): ... and \(count - 10) more runs whose words are gone"
                                 + " (msx check --json lists them all)")
                }
                for repair in report.repairs { console.line("\(dryRun ? "would repair" : "repaired"): \(Self.line(repair))") }
                if report.findings.isEmpty { console.line("ok") }
            }
            if report.errorCount > 0 {
                console.flush()
                throw ExitCode(1)
            }
        }
    }

    /// Documents of the binder whose file is gone, and whose words are not in a file renamed or moved outside msx
    /// (those are re-attached, never brought back twice or dropped with their sidecar).
    private func missingDocuments(_ project: Project) throws -> [BinderNode] {
        let renamed = Set(try project.findHandRenames().map(\.node.id))
        return try project.manifest.entries.map(\.node).filter { node in
            try node.kind == .document && !renamed.contains(node.id) && !FileIO.exists(project.url(node.path))
        }
    }

    private func restoreMissingFiles(_ console: Console) throws -> [CheckRepair] {
        let history = try console.openHistory(forWriting: true, asFound: true)
        return try missingDocuments(history.project).map { node in
            // The newest version that has its file.
            for entry in try history.log(of: node.id, withChanges: false) where (try? history.document(node.id, at: entry.version)) != nil {
                _ = try history.restore(documentID: node.id, to: entry.version.description, author: nil)
                return .restoredMissing(node, from: entry.version.short)
            }
            return .notRestorable(node)
        }
    }

    /// Takes missing documents out of the binder; one whose words another document holds (taken in under a new
    /// id) hands that document its sidecar and notes, never deleting them.
    private func dropMissingDocuments(_ console: Console) throws -> [CheckRepair] {
        let project = try console.openProject(forWriting: true, asFound: true)
        let lastVersion = try ProjectHistory.open(project)
        let missing = try missingDocuments(project)
        let heirs = try project.adoptedElsewhere(missing) { node in lastVersion?.recordedText(of: node) }
        var editor = BinderEditor(project: project)
        return try missing.map { node in
            let heir = heirs.first { $0.node.id == node.id }.flatMap { pair in
                project.manifest.entries.first { $0.node.path == pair.path && $0.node.kind == .document }?.node
            }
            let companions = try node.companionPaths.filter { try FileIO.exists(project.url($0)) }
            _ = try editor.removeMissing(node, heir: heir)
            guard let heir else { return .droppedMissing(node) }
            let kept = try companions.filter { try FileIO.exists(project.url($0)) }
            return .droppedForHeir(node, heir: heir, moved: companions.filter { !kept.contains($0) }, kept: kept)
        }
    }

    /// A repair in words (also the `repairs` strings of the `--json` report).
    static func line(_ repair: CheckRepair) -> String {
        switch repair {
        case .recovered(.rolledBack): "rolled back an interrupted command"
        case .recovered(.completed): "completed an interrupted command"
        case .recovered(.setAside(let path)):
            "set aside an interrupted command that could not be finished or undone (its journal is now \(path))"
        case .newID(let node, let id): "'\(node.title)' shared id \(node.id) with another node: it is now \(id)"
        case .savedSidecar(let node, let dropped) where dropped.isEmpty: "saved the re-anchored sidecar of '\(node.title)'"
        case .savedSidecar(let node, let dropped):
            "saved the re-anchored sidecar of '\(node.title)': "
                + dropped.map(FormattingLossWording.line).joined(separator: "; ")
        case .savedWithinLimits(let node): "saved the sidecar of '\(node.title)' with its numbers within their limits"
        case .removedTemporaryFile(let path): "removed \(path)"
        case .reattached(let node, let path):
            "'\(node.title)' was renamed or moved outside msx to \(path): re-attached, keeping its id \(node.id), history and formatting"
        case .adopted(let path, let node, let folder): "adopted \(path) into \(folder) as '\(node.title)' (\(node.id))"
        case .restoredMissing(let node, let version): "brought back '\(node.title)' as it was at \(version)"
        case .notRestorable(let node): "'\(node.title)' has no snapshot with its file: nothing to bring back (msx check --repair --drop-missing takes it out of the binder)"
        case .removedUnusedBases(let count): "removed \(count) base text\(count == 1 ? "" : "s") no sidecar names (.msx/base)"
        case .rebuiltCache(let path) where path.hasPrefix(".msx/"): "built \(path) again"
        case .rebuiltCache(let path) where path == ProjectHistory.gitIndexPath: "built \(path) again from the last version"
        case .rebuiltCache(let path): "made msx and git read \(path) again instead of trusting its size and time"
        case .restoredSidecar(let node, let version):
            "'\(node.title)': its sidecar could not be read; brought back its last readable one, from \(version) (its formatting re-anchors onto today's text)"
        case .setAsideSidecar(let node, let path):
            "'\(node.title)': its sidecar could not be read and no version has a readable one; moved it to \(path) (the document reads without that formatting)"
        case .removedLock(let path): "removed \(path), left by a git program that is no longer running"
        case .droppedMissing(let node): "took '\(node.title)' (\(node.id)), whose file is gone, out of the binder (msx restore \(node.id) brings it back)"
        case .droppedForHeir(let node, let heir, let moved, let kept):
            "took '\(node.title)' (\(node.id)), whose words are in '\(heir.title)' (\(heir.path)), out of the binder"
                + (moved.isEmpty ? "" : "; \(moved.joined(separator: " and ")) went to '\(heir.title)'")
                + (kept.isEmpty ? "" : "; kept \(kept.joined(separator: " and ")) where \(kept.count == 1 ? "it is" : "they are"): '\(heir.title)' has its own")
        }
    }

    /// A finding in words (also the `message` of the `--json` report).
    static func message(_ finding: CheckFinding) -> String {
        let path = finding.path
        switch finding.detail {
        case .duplicateID(let id, let first, let second):
            return "id \(id) is used by '\(first)' and '\(second)' (msx check --repair gives the second a new id)"
        case .sharedFile(let first, let second): return "'\(first)' and '\(second)' share \(path): give each document its own file"
        case .unusualID(let id): return "id '\(id)' is not 12 hex digits"
        case .pathOutsideFolder(let node, let folder): return "'\(node.title)' is at \(node.path), outside its folder \(folder)"
        case .renamedByHand(let node, let path):
            return "'\(node.title)' (\(node.id)) was renamed or moved outside msx to \(path)"
                + " (msx check --repair re-attaches it there, keeping its id, history, formatting and notes)"
        case .adoptedElsewhere(let node, let heir):
            return "document '\(node.title)' (\(node.id)) is missing its file; its words are in '\(heir.title)' (\(heir.path), \(heir.id)),"
                + " taken in under a new id (msx check --repair --drop-missing takes '\(node.title)' out of the binder"
                + " and gives '\(heir.title)' its sidecar and notes)"
        case .missingFile(let node):
            return "document '\(node.title)' (\(node.id)) is missing its file"
                + " (msx check --repair --restore-missing brings back its last snapshot; --drop-missing takes it out of the binder)"
        case .lostFormatting(let loss, let sidecar): return "\(sidecar): \(FormattingLossWording.line(loss))"
        case .staleSidecar(let sidecar): return "\(sidecar): out of date after an outside edit (re-anchored in memory)"
        case .valuesOutOfLimits(let sidecar, let fields):
            return "\(sidecar): \(fields.joined(separator: ", ")) out of \(fields.count == 1 ? "its limits" : "their limits")"
                + " (read within them; msx check --repair saves them so)"
        case .temporaryFile: return "\(path): left over by an interrupted write"
        case .notInBinder: return "\(path): not in the binder (msx check --repair adopts it)"
        case .staleCache where path == ProjectHistory.gitIndexPath:
            return "\(path): damaged (its checksum does not match); msx check --repair builds it again from the last"
                + " version, and git and msx then read every file"
        case .staleCache where path.hasPrefix(".msx/"):
            return "\(path): does not match what it caches (msx check --repair builds it again)"
        case .staleCache:
            return "\(path): git's index says it is unchanged by its size and time, but its content changed"
                + " (msx check --repair makes msx and git read it again)"
        case .conflictMarkers(let line):
            return "\(path): git's conflict markers from line \(line) (<<<<<<<, =======, >>>>>>>), left by a merge made"
                + " outside msx: keep the words you want there and delete the marker lines"
        case .staleLock:
            return "\(path): left by a git program that is no longer running; it stops snapshot, pull and sync"
                + " (msx check --repair removes it)"
        case .unreadable(let error): return error.message
        }
    }
}
