import Foundation
import MsxModel

/// Turns project-relative paths into URLs, refusing any that would leave the project.
package struct ProjectPaths: Sendable {
    let root: URL
    /// `root` as a file-system path, kept: building URLs is the slow part of checking many files.
    private let rootPath: String
    private let resolvedRoot: String
    /// Folders already seen to be real folders (no symbolic link on the way), so most paths cost one lstat(2).
    private let plainFolders = FolderCache()

    init(root: URL) {
        self.root = root.standardizedFileURL
        rootPath = self.root.path
        resolvedRoot = Self.realPath(self.root)
    }

    /// The URL of a relative path such as `contents/draft/chapter-1.md`.
    /// - Throws: a damaged-data error when the path is absolute, uses `..`, or leads outside through a symlink.
    func url(_ relative: String, context: String = Manifest.fileName) throws -> URL {
        URL(fileURLWithPath: try path(relative, context: context))
    }

    /// The file-system path of a relative path, checked as `url` checks it.
    func path(_ relative: String, context: String = Manifest.fileName) throws -> String {
        guard RelativePath.isPlain(relative) else {
            throw MsxError(.pathEscapesProject, "\(context): path '\(relative)' is not a plain path inside the project")
        }
        let path = rootPath + "/" + relative
        if hasNoSymbolicLink(relative) { return path }
        let resolved = Self.realPath(URL(fileURLWithPath: path))
        if resolved != resolvedRoot && !resolved.hasPrefix(resolvedRoot + "/") {
            throw MsxError(.pathEscapesProject, "\(context): path '\(relative)' leads outside the project")
        }
        return path
    }

    /// A file's stat(2) information (nil when it does not exist) and its path, checked as `path` checks it, with one
    /// lstat(2) of the file where `path` and a stat would take two.
    func fileStatus(_ relative: String) throws -> ProjectFileStatus {
        var info = stat()
        var bytes = relative
        if bytes.withUTF8({ RelativePath.isPlain(bytes: $0) && foldersHaveNoSymbolicLink(bytes: $0) }) {
            let found = Self.withJoinedPath(rootPath, relative) { lstat($0, &info) } == 0
            if !found { return ProjectFileStatus(root: rootPath, relative: relative, info: nil) }
            if (info.st_mode & S_IFMT) != S_IFLNK { return ProjectFileStatus(root: rootPath, relative: relative, info: info) }
        }
        let found = stat(try self.path(relative), &info) == 0
        return ProjectFileStatus(root: rootPath, relative: relative, info: found ? info : nil)
    }

    /// Whether the project's `relative` is a regular file, by one lstat(2) of the path as written and none of
    /// `fileStatus`'s checks: when it is, `fileStatus` finds it there or refuses the path, so a caller that only asks
    /// whether files are gone need ask `fileStatus` about the others alone.
    func isRegularFileAsWritten(_ relative: String) -> Bool {
        var info = stat()
        return Self.withJoinedPath(rootPath, relative) { lstat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Calls `body` with `root/relative` as a NUL-terminated C string put together on the stack: joining two Swift
    /// strings, to hand the result to a system call and drop it, cost as much again as the call's checks.
    private static func withJoinedPath<Result>(_ root: String, _ relative: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        var root = root, relative = relative
        return root.withUTF8 { head in
            relative.withUTF8 { tail in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: head.count + tail.count + 2) { path in
                    _ = path.initialize(fromContentsOf: head)
                    path[head.count] = UInt8(ascii: "/")
                    _ = path[(head.count + 1)...].initialize(fromContentsOf: tail)
                    path[head.count + 1 + tail.count] = 0
                    return path.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
                }
            }
        }
    }

    /// Whether no part of `relative` (inside the project) is a symbolic link: then it cannot lead outside.
    private func hasNoSymbolicLink(_ relative: String) -> Bool {
        foldersHaveNoSymbolicLink(relative) && Self.isRealEntry(rootPath + "/" + relative)
    }

    /// Whether none of the folders on the way to `relative` is a symbolic link (remembered once seen, by their
    /// paths inside the project).
    private func foldersHaveNoSymbolicLink(_ relative: String) -> Bool {
        var relative = relative
        return relative.withUTF8 { foldersHaveNoSymbolicLink(bytes: $0) }
    }

    /// `foldersHaveNoSymbolicLink` over the path's bytes, where they lie: this runs for every file of most commands.
    private func foldersHaveNoSymbolicLink(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most files are in a folder already seen whole: one comparison, no splitting.
        guard let last = bytes.lastIndex(of: UInt8(ascii: "/")) else { return true }
        if plainFolders.contains(UnsafeBufferPointer(rebasing: bytes[..<last])) { return true }
        for end in 0...last where bytes[end] == UInt8(ascii: "/") {
            let folder = UnsafeBufferPointer(rebasing: bytes[..<end])
            if plainFolders.contains(folder) { continue }
            var info = stat()
            // A missing folder is fine (nothing leads anywhere from it) but is not remembered: it may appear later.
            guard lstat(rootPath + "/" + String(decoding: folder, as: UTF8.self), &info) == 0 else {
                if errno == ENOENT { continue }
                return false
            }
            guard (info.st_mode & S_IFMT) != S_IFLNK else { return false }
            plainFolders.insert(folder)
        }
        return true
    }

    /// Whether a path is not a symbolic link (a missing path is fine: nothing can lead anywhere from it).
    private static func isRealEntry(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT }
        return (info.st_mode & S_IFMT) != S_IFLNK
    }

    /// The real path of a file that may not exist yet: its deepest existing ancestor resolved with realpath(3),
    /// plus the rest. Symbolic links anywhere along the way are followed.
    package static func realPath(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        var base = existing.path
        if let resolved = realpath(existing.path, nil) {
            base = String(cString: resolved)
            free(resolved)
        }
        // Appended, not `joined`: the generic join cost more than the rest of this, in every command.
        var path = base == "/" ? "" : base
        for part in rest { path += "/" + part }
        return path
    }

    /// The project-relative form of a URL inside the project, or nil.
    func relative(_ url: URL) -> String? {
        let path = Self.realPath(url)
        guard path.hasPrefix(resolvedRoot + "/") else { return path == resolvedRoot ? "" : nil }
        return String(path.dropFirst(resolvedRoot.count + 1))
    }

    /// The project-relative path of a file msx just made inside the project.
    func relativeInside(_ url: URL) throws -> String {
        guard let relative = relative(url), !relative.isEmpty else {
            try? FileManager.default.removeItem(at: url)
            throw MsxError(.pathEscapesProject, "\(url.path): leads outside the project")
        }
        return relative
    }

    var privateFolder: URL { root.appendingPathComponent(".msx") }
    var manifest: URL { root.appendingPathComponent(Manifest.fileName) }

    /// Refuses a project whose own files (`.msx/`, the manifest) are links that lead outside it: msx would read
    /// and write there.
    func checkOwnFilesStayInside() throws {
        for own in [privateFolder, manifest] {
            let resolved = Self.realPath(own)
            guard resolved != resolvedRoot, !resolved.hasPrefix(resolvedRoot + "/") else { continue }
            throw MsxError(.pathEscapesProject, "\(own.lastPathComponent): a link that leads outside the project (to \(resolved))")
        }
    }
}

/// A set of folder paths shared by copies of a `ProjectPaths` (one command, one thread at a time), compared byte for
/// byte as the file system compares names: `é` and `e` with a combining accent are two folders (one may be a link
/// where the other is not), though Swift's strings call them equal.
final class FolderCache: @unchecked Sendable {
    private var folders = Set<[UInt8]>()
    /// The folder last found or added: a binder's documents come a folder at a time, so most look-ups are a
    /// comparison with it rather than a hash.
    private var last: [UInt8]?
    private let lock = NSLock()

    func contains(_ folder: UnsafeBufferPointer<UInt8>) -> Bool {
        lock.withLock {
            if let last, last.withUnsafeBufferPointer({ ByteSearch.sameBytes($0, folder) }) { return true }
            let name = Array(folder)
            guard folders.contains(name) else { return false }
            last = name
            return true
        }
    }

    func insert(_ folder: UnsafeBufferPointer<UInt8>) {
        let name = Array(folder)
        lock.withLock {
            folders.insert(name)
            last = name
        }
    }
}
