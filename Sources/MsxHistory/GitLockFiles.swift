import Foundation
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

    /// The repository's stale lock files, as project-relative paths (`.git/...`), sorted.
    public func staleLockFiles() -> [String] {
        let git = repository.gitFolder
        let open = LockHolders.openFiles()
        var found: [String] = []
        func visit(_ folder: URL, _ relative: String, recursing: Bool) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
            for name in names.sorted() {
                let url = folder.appendingPathComponent(name)
                var info = stat()
                guard lstat(url.path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    if recursing { visit(url, relative + name + "/", recursing: true) }
                } else if info.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".lock") {
                    let age = Date().timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec)
                    if age > Self.lockGrace, open.map({ !$0.contains(url.resolvingSymlinksInPath().path) }) ?? true {
                        found.append(relative + name)
                    }
                }
            }
        }
        visit(git, ".git/", recursing: false)
        visit(git.appendingPathComponent("refs"), ".git/refs/", recursing: true)
        return found
    }

    /// `msx check`'s findings on lock files: each stale one (`staleLock`); when repairing, each removed instead.
    public func checkLockFiles(repair: Bool) throws -> CheckReport {
        var report = CheckReport()
        for path in staleLockFiles() {
            guard repair else {
                report.findings.append(CheckFinding(path: path, detail: .staleLock))
                continue
            }
            do {
                try FileManager.default.removeItem(at: repository.gitFolder.deletingLastPathComponent().appendingPathComponent(path))
            } catch {
                throw MsxError(.io, "cannot remove \(path): \(error.localizedDescription)")
            }
            report.repairs.append(.removedLock(path))
        }
        return report
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
