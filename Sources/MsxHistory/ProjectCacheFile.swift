import Foundation
import MsxProject

/// A file under `.msx/cache/` that msx reads instead of the history or the files: text with a checksum, rebuilt
/// whenever it is missing or damaged, and proved by `msx check`.
protocol ProjectCacheFile {
    /// Where the file is in a project.
    static var relativePath: String { get }
    var url: URL { get }
    init(url: URL)
}

extension ProjectCacheFile {
    init(project: Project) {
        self.init(url: project.root.appendingPathComponent(Self.relativePath))
    }
}
