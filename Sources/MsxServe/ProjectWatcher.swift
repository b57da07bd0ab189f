import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the pages poll (`/stamp`) to know the project changed on disk: a number that moves whenever one of the
/// project's files, msx's merge state, or git's HEAD and branches change. msx's caches and git's index are left out,
/// since reading a page writes them.
///
/// On Linux the folders are watched with inotify(7), so a poll costs nothing however large the project; a folder
/// made later (a new chapter folder, a new branch's folder) is watched as it appears. Where inotify cannot be had
/// (another system, the watch limit reached) each poll stats the project's files instead (`ProjectStamp`).
final class ProjectWatcher: @unchecked Sendable {
    private let root: URL
    private let lock = NSLock()
    private var generation = 0
    /// The folder each watch is on, relative to the root ("" for the root itself).
    private var folders: [Int32: String] = [:]
    private var descriptor: Int32 = -1
    /// Set apart from another server's stamps, so that a page left open across a restart reloads.
    private let start = UInt64.random(in: 0...UInt64.max)

    /// Starts watching the project at `root`; nil when the system cannot watch it.
    init?(root: URL) {
        self.root = root
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0, watchTree("") != false, watch(".msx"), watch(".git"), watchTree(".git/refs") != false else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        let thread = Thread { [self] in readEvents() }
        thread.name = "msx serve: project watcher"
        thread.start()
        #else
        return nil
        #endif
    }

    /// The stamp: the same until something watched changes.
    var stamp: String { lock.withLock { "\(start)-\(generation)" } }

    #if os(Linux)
    private static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Watches `folder`; false when the system refuses (the watch limit), true when it is watched or not there.
    @discardableResult
    private func watch(_ folder: String) -> Bool {
        let path = folder.isEmpty ? root.path : root.appendingPathComponent(folder).path
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        if watch >= 0 {
            lock.withLock { folders[watch] = folder }
            return true
        }
        return errno == ENOENT || errno == ENOTDIR
    }

    /// Watches `folder` and every folder below it but msx's and git's own; nil when it is not there.
    private func watchTree(_ folder: String) -> Bool? {
        guard watch(folder) else { return false }
        let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return nil }
        for name in names where !(folder.isEmpty && [".msx", ".git"].contains(name)) {
            var isFolder: ObjCBool = false
            let child = folder.isEmpty ? name : folder + "/" + name
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(child).path, isDirectory: &isFolder),
               isFolder.boolValue, watchTree(child) == false {
                return false
            }
        }
        return true
    }

    /// Whether an event on `name` in `folder` is a change the pages show.
    private static func counts(_ name: String, in folder: String) -> Bool {
        switch folder {
        case "": ![".msx", ".git"].contains(name)
        case ".msx": name == "merge.json"
        case ".git": ["HEAD", "packed-refs", "MERGE_HEAD"].contains(name)
        default: true
        }
    }

    /// Watches a folder made (or moved in) after the server started: msx's and git's own folders as at the start,
    /// any other with everything below it; none of theirs below them.
    private func watchMade(_ name: String, in folder: String) {
        switch (folder, name) {
        case ("", ".msx"): watch(".msx")
        case ("", ".git"): _ = watch(".git") && watchTree(".git/refs") != false
        case (".msx", _): break
        case (".git", "refs"): _ = watchTree(".git/refs")
        case (".git", _): break
        default: _ = watchTree(folder.isEmpty ? name : folder + "/" + name)
        }
    }

    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var changed = false
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + Int(event.len))]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { changed = true; continue }
                guard let folder = lock.withLock({ folders[event.wd] }) else { continue }
                if event.mask & UInt32(IN_IGNORED) != 0 { lock.withLock { folders[event.wd] = nil }; continue }
                let madeFolder = event.mask & UInt32(IN_ISDIR) != 0 && event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
                if madeFolder { watchMade(name, in: folder) }
                if Self.counts(name, in: folder) { changed = true }
            }
            if changed { lock.withLock { generation += 1 } }
        }
    }
    #endif
}
