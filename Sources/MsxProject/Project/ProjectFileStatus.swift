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

extension ProjectPaths {
    /// Calls `body` with `root/relative` as a NUL-terminated C string put together on the stack: joining two Swift
    /// strings, to hand the result to a system call and drop it, cost as much again as the call's checks.
    static func withJoinedPath<Result>(_ root: String, _ relative: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
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
}
