import Foundation

/// A project file's stat(2) information and the path to read it at, which is put together only when asked for: most
/// files a command looks at are only compared with a recorded size and time.
package struct ProjectFileStatus {
    /// The file's stat(2) information; nil when it does not exist.
    package let info: stat?
    private let root: String
    private let relative: String

    /// A file at `relative` under the folder `root` (a file-system path).
    init(root: String, relative: String, info: stat?) {
        (self.root, self.relative, self.info) = (root, relative, info)
    }

    /// The file-system path of the file.
    package var path: String { root + "/" + relative }
}
