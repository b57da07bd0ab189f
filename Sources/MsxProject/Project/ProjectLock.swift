import Foundation
import MsxModel

/// An exclusive `flock(2)` on `.msx/lock`, so two msx commands never write a project at once.
final class ProjectLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, waiting up to `timeout` seconds for another msx command to finish.
    init(folder: URL, timeout: TimeInterval = 3) throws {
        try FileIO.createFolder(folder)
        let url = folder.appendingPathComponent("lock")
        descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw MsxError.io(url.path, POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if Date() > deadline {
                let holder = (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                close(descriptor)
                throw MsxError(.locked, "another msx command is running in this project (pid \(holder?.isEmpty == false ? holder! : "unknown"))")
            }
            usleep(50_000)
        }
        ftruncate(descriptor, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
    }

    deinit {
        ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
