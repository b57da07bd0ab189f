import Foundation
import MsxGit
import MsxModel
import MsxProject

/// Lock files git programs leave in the repository when they are killed (`index.lock`, `HEAD.lock`,
/// `refs/heads/main.lock`, ...): while one is there, every snapshot, pull and sync that needs that lock fails. A lock
/// file is *held* while some process has it open, or was written in the last few seconds (a git program between
/// writing it and renaming it into place); any other is stale, and removing it is what git's own message advises
/// once no git program is running.
extension ProjectHistory {
    /// Seconds after its last change during which a lock file counts as held even when no process has it open.
    private static let lockGrace: TimeInterval = 10

    /// `msx check`'s findings on lock files: each stale one (`staleLock`, its path as `.git/...`); when repairing,
    /// each removed instead.
    public func checkLockFiles(repair: Bool) throws -> CheckReport {
        var report = CheckReport()
        for lock in staleLockFiles() {
            let path = ".git/" + lock
            guard repair else {
                report.findings.append(CheckFinding(path: path, detail: .staleLock))
                continue
            }
            do {
                try FileManager.default.removeItem(at: repository.gitFolder.appendingPathComponent(lock))
            } catch {
                throw MsxError(.io, "cannot remove \(path): \(error.localizedDescription)")
            }
            report.repairs.append(.removedLock(path))
        }
        return report
    }

    /// The repository's stale lock files, relative to its git folder, sorted: at its top, and under `refs/`.
    private func staleLockFiles() -> [String] {
        let open = LockHolders.openFiles()
        var found: [String] = []
        func visit(_ relative: String, recursing: Bool) {
            let folder = repository.gitFolder.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
            for name in names.sorted() {
                let url = folder.appendingPathComponent(name)
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { continue }
                let type = attributes[.type] as? FileAttributeType
                if type == .typeDirectory {
                    if recursing { visit(relative + name + "/", recursing: true) }
                } else if type == .typeRegular, name.hasSuffix(".lock") {
                    let changed = attributes[.modificationDate] as? Date ?? Date()
                    if Date().timeIntervalSince(changed) > Self.lockGrace,
                       open.map({ !$0.contains(url.resolvingSymlinksInPath().path) }) ?? true {
                        found.append(relative + name)
                    }
                }
            }
        }
        visit("", recursing: false)
        visit("refs/", recursing: true)
        return found
    }
}

/// Which files running processes have open, where the system says (Linux's /proc); nil where it does not.
private enum LockHolders {
    static func openFiles() -> Set<String>? {
        guard let processes = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var open = Set<String>()
        for pid in processes where pid.allSatisfy(\.isNumber) {
            let folder = "/proc/\(pid)/fd"
            guard let fds = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for fd in fds {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + fd) { open.insert(target) }
            }
        }
        return open
    }
}
