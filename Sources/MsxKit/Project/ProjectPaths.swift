import Foundation

/// Turns project-relative paths into URLs, refusing any that would leave the project.
struct ProjectPaths: Sendable {
    let root: URL
    private let resolvedRoot: String

    init(root: URL) {
        self.root = root.standardizedFileURL
        resolvedRoot = Self.realPath(self.root)
    }

    /// The URL of a relative path such as `contents/draft/chapter-1.md`.
    /// - Throws: a damaged-data error when the path is absolute, uses `..`, or leads outside through a symlink.
    func url(_ relative: String, context: String = Manifest.fileName) throws -> URL {
        guard Self.isPlain(relative) else {
            throw MsxError.damaged("path-escapes-project", "\(context): path '\(relative)' is not a plain path inside the project")
        }
        let url = root.appendingPathComponent(relative)
        let resolved = Self.realPath(url)
        if resolved != resolvedRoot && !resolved.hasPrefix(resolvedRoot + "/") {
            throw MsxError.damaged("path-escapes-project", "\(context): path '\(relative)' leads outside the project")
        }
        return url
    }

    /// A relative path with no `..`, `.` or empty parts, not absolute, without backslashes or NUL.
    static func isPlain(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return !(relative.hasPrefix("/") || relative.isEmpty || parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
            || relative.contains("\\") || relative.contains("\0"))
    }

    /// The real path of a file that may not exist yet: its deepest existing ancestor resolved with realpath(3),
    /// plus the rest. Symbolic links anywhere along the way are followed.
    static func realPath(_ url: URL) -> String {
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
        return ([base == "/" ? "" : base] + rest).joined(separator: "/")
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
            throw MsxError.damaged("path-escapes-project", "\(url.path): leads outside the project")
        }
        return relative
    }

    var privateFolder: URL { root.appendingPathComponent(".msx") }
    var manifest: URL { root.appendingPathComponent(Manifest.fileName) }
}
