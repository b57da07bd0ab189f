import Foundation
import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// Checks the project (binder, files, sidecars, caches, git's lock files) and repairs what can be repaired
/// (`msx check`). It opens the project itself, as found: a command that refuses a damaged project must not stop the
/// command that mends it.
public struct CheckAction: StandaloneAction {
    public var directory: URL
    public var repair: Bool
    /// With `repair`: say what would be repaired, changing nothing.
    public var dryRun: Bool
    public var missing: MissingFiles?

    /// What to do with documents whose file was deleted outside msx.
    public enum MissingFiles: Sendable {
        /// Bring each back from its last version.
        case restore
        /// Take each out of the binder (its versions keep it).
        case drop
    }

    public init(from directory: URL, repair: Bool = false, dryRun: Bool = false, missing: MissingFiles? = nil) {
        (self.directory, self.repair, self.dryRun, self.missing) = (directory, repair, dryRun, missing)
    }

    public func run(reporter: any Reporter) throws -> CheckResult {
        let missing = switch self.missing {
        case .restore: try restoreMissingFiles(from: directory)
        case .drop: try dropMissingDocuments(from: directory)
        case nil: [CheckRepair]()
        }
        let writing = repair && !dryRun
        let project = try Workspace.open(from: directory, forWriting: writing, repairing: writing, handRenames: .asFound).project
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
        return CheckResult(report: report)
    }

    /// Documents of the binder whose file is gone, and whose words are not in a file renamed or moved outside msx
    /// (those are re-attached, never brought back twice or dropped with their sidecar).
    private func missingDocuments(_ project: Project) throws -> [BinderNode] {
        let renamed = Set(try project.findHandRenames().map(\.node.id))
        return try project.manifest.entries.map(\.node).filter { node in
            try node.kind == .document && !renamed.contains(node.id) && !FileIO.exists(project.url(node.path))
        }
    }

    private func restoreMissingFiles(from directory: URL) throws -> [CheckRepair] {
        let history = try Workspace.open(from: directory, forWriting: true, handRenames: .asFound).existingHistory()
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
    private func dropMissingDocuments(from directory: URL) throws -> [CheckRepair] {
        let project = try Workspace.open(from: directory, forWriting: true, handRenames: .asFound).project
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
}

/// The findings and the repairs.
public struct CheckResult: ActionReport {
    public var report: CheckReport

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object([
            "ok": .bool(report.errorCount == 0),
            "errors": .int(report.errorCount), "warnings": .int(report.findings.count - report.errorCount),
            "findings": .array(report.findings.map { f in
                ["severity": .string(f.severity.rawValue), "code": .string(f.code.rawValue), "path": .string(f.path),
                 "message": .string(CheckWording.message(f))]
            }),
            "repairs": .array(report.repairs.map { .string(CheckWording.line($0)) }),
        ]).encode(to: encoder)
    }

    public static let commands = ["check"]
    public static var schema: JSONSchema {
        .object(["ok": .boolean, "errors": .integer, "warnings": .integer,
                 "findings": .array(.object(["severity": .oneOf(CheckFinding.Severity.allCases.map(\.rawValue)), "code": .string, "path": .string, "message": .string])),
                 "repairs": .array(.string)])
    }
}

/// Findings and repairs in the words `check` prints (also the strings of its `--json` report).
public enum CheckWording {
    /// A repair in words (also the `repairs` strings of the `--json` report).
    public static func line(_ repair: CheckRepair) -> String {
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
    public static func message(_ finding: CheckFinding) -> String {
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
