import Foundation

/// Turns project-relative paths into URLs, refusing any that would leave the project.
struct ProjectPaths: Sendable {
    let root: URL
    private let resolvedRoot: String

    init(root: URL) {
        self.root = root.standardizedFileURL
        resolvedRoot = self.root.resolvingSymlinksInPath().path
    }

    /// The URL of a relative path such as `contents/draft/chapter-1.md`.
    /// - Throws: a damaged-data error when the path is absolute, uses `..`, or leads outside through a symlink.
    func url(_ relative: String, context: String = Manifest.fileName) throws -> URL {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        if relative.hasPrefix("/") || relative.isEmpty || parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
            || relative.contains("\\") || relative.contains("\0")
        {
            throw MsxError.damaged("path-escapes-project", "\(context): path '\(relative)' is not a plain path inside the project")
        }
        let url = root.appendingPathComponent(relative)
        let resolved = url.resolvingSymlinksInPath().path
        if resolved != resolvedRoot && !resolved.hasPrefix(resolvedRoot + "/") {
            throw MsxError.damaged("path-escapes-project", "\(context): path '\(relative)' leads outside the project")
        }
        return url
    }

    /// The project-relative form of a URL inside the project, or nil.
    func relative(_ url: URL) -> String? {
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard path.hasPrefix(resolvedRoot + "/") else { return path == resolvedRoot ? "" : nil }
        return String(path.dropFirst(resolvedRoot.count + 1))
    }

    var privateFolder: URL { root.appendingPathComponent(".msx") }
    var manifest: URL { root.appendingPathComponent(Manifest.fileName) }
}
