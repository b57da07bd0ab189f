import Foundation
import MsxModel

/// The project lock, a `flock(2)` on `.msx/lock`: exclusive for a command that writes, shared for one that reads, so
/// two commands never write at once and a reader sees the project as it was before a write or after it, never in
/// the middle of one.
///
/// One process opens the lock file once: holders in the same process share that open file (a reader that goes on
/// to write upgrades it), so msx never waits for itself.
final class ProjectLock: Sendable {
    enum Mode: Sendable { case shared, exclusive }

    let mode: Mode
    private let path: String

    /// How long a command waits for another to finish before giving up with exit 75: a writer waits for readers and
    /// writers, a reader only for writers (which are short), a little longer.
    static func timeout(for mode: Mode) -> TimeInterval { mode == .exclusive ? 3 : 10 }

    /// Takes the lock in `mode`, waiting up to `timeout` seconds for another msx command to finish.
    /// A reader of a project whose lock file cannot be opened (a read-only copy) reads without it: nothing can write
    /// there either.
    init(folder: URL, mode: Mode = .exclusive, timeout: TimeInterval? = nil) throws {
        self.mode = mode
        let url = folder.appendingPathComponent("lock")
        path = url.path
        if mode == .exclusive { try FileIO.createFolder(folder) }
        try LockTable.shared.acquire(path, mode, timeout: timeout ?? Self.timeout(for: mode))
    }

    deinit { LockTable.shared.release(path, mode) }
}

/// The lock files this process has open, and how many holders of each mode each has.
private final class LockTable: @unchecked Sendable {
    static let shared = LockTable()

    private struct Entry {
        /// -1 when the file could not be opened (a reader of a read-only project).
        var descriptor: Int32
        var readers = 0
        var writers = 0
    }

    private let mutex = NSLock()
    private var entries: [String: Entry] = [:]

    func acquire(_ path: String, _ mode: ProjectLock.Mode, timeout: TimeInterval) throws {
        mutex.lock()
        defer { mutex.unlock() }
        var entry = try entries[path] ?? Entry(descriptor: Self.open(path, mode))
        let held: ProjectLock.Mode? = entry.writers > 0 ? .exclusive : entry.readers > 0 ? .shared : nil
        if entry.descriptor >= 0 && (held == nil || (held == .shared && mode == .exclusive)) {
            do {
                try Self.take(entry.descriptor, mode, path: path, timeout: timeout)
            } catch {
                if let held { flock(entry.descriptor, held == .exclusive ? LOCK_EX | LOCK_NB : LOCK_SH | LOCK_NB) } else { close(entry.descriptor) }
                if held != nil { entries[path] = entry }
                throw error
            }
        }
        if mode == .exclusive { entry.writers += 1 } else { entry.readers += 1 }
        entries[path] = entry
    }

    func release(_ path: String, _ mode: ProjectLock.Mode) {
        mutex.lock()
        defer { mutex.unlock() }
        guard var entry = entries[path] else { return }
        if mode == .exclusive { entry.writers -= 1 } else { entry.readers -= 1 }
        if entry.descriptor >= 0 && mode == .exclusive && entry.writers == 0 {
            ftruncate(entry.descriptor, 0)
            // Still read by a holder in this process: back to shared.
            if entry.readers > 0 { flock(entry.descriptor, LOCK_SH) }
        }
        if entry.readers == 0 && entry.writers == 0 {
            if entry.descriptor >= 0 {
                flock(entry.descriptor, LOCK_UN)
                close(entry.descriptor)
            }
            entries[path] = nil
        } else {
            entries[path] = entry
        }
    }

    /// Opens the lock file: created by writers; a reader that cannot open it reads without a lock (-1).
    private static func open(_ path: String, _ mode: ProjectLock.Mode) throws -> Int32 {
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor >= 0 { return descriptor }
        let failure = errno
        if mode == .shared {
            let readOnly = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            return readOnly >= 0 ? readOnly : -1
        }
        throw MsxError.io(path, POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO))
    }

    /// flock(2) in `mode`, retrying until `timeout`; a writer leaves its pid in the file for the error others see.
    private static func take(_ descriptor: Int32, _ mode: ProjectLock.Mode, path: String, timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, (mode == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            if Date() > deadline {
                let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                throw MsxError(.locked, "another msx command is running in this project (pid \(holder?.isEmpty == false ? holder! : "unknown"))")
            }
            usleep(50_000)
        }
        if mode == .exclusive {
            ftruncate(descriptor, 0)
            let pid = "\(getpid())\n"
            _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        }
    }
}
