#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What a file's stat(2) says about its content without reading it, as git's index keeps it: size, modification
/// and change times to the nanosecond, inode. A file whose stamp is unchanged holds the same bytes, unless it was
/// changed again in the moment the stamp was taken (see `isRacy`).
public struct FileStamp: Equatable, Sendable {
    public var size: Int
    public var modified: Time
    public var changed: Time
    public var inode: UInt64

    /// Seconds and nanoseconds since 1970.
    public struct Time: Equatable, Comparable, Sendable {
        public var seconds: Int
        public var nanoseconds: Int

        public init(seconds: Int, nanoseconds: Int) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        public static func < (a: Time, b: Time) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
    }

    public init(size: Int, modified: Time, changed: Time, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// The stamp of the file at `path` (symbolic links followed), or nil when it cannot be read.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp in a stat(2) result already taken.
    public init(_ info: stat) {
        #if os(Linux)
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #else
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #endif
        self.init(size: Int(info.st_size), modified: Time(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec)),
                  changed: Time(seconds: Int(changed.tv_sec), nanoseconds: Int(changed.tv_nsec)), inode: UInt64(info.st_ino))
    }

    /// Whether the file may have changed again unseen after this stamp was recorded at `recorded` (when the record
    /// was written): it was modified no earlier than that moment, so a later change in the same tick of the clock
    /// would keep the same stamp. Git calls such an entry "racily clean" and reads the file.
    public func isRacy(recordedAt recorded: Time) -> Bool { !(modified < recorded) || !(changed < recorded) }
}
