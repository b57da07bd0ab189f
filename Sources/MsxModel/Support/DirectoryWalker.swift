import Foundation

/// Lists every file below a folder with readdir(3): far cheaper than FileManager's enumerator for the thousands of
/// files of a long book. Symbolic links are listed, never followed.
package enum DirectoryWalker {
    package struct Entry {
        /// Path relative to the folder walked, `/`-separated.
        package var path: String
        package var isRegularFile: Bool
    }

    /// The names in `folder` (files and folders, not `.` and `..`) that end with `suffix`, in no particular order;
    /// empty when it cannot be read. The suffix is compared byte for byte where the name lies: only the names kept
    /// are made strings.
    package static func names(in folder: String, endingWith suffix: StaticString) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = namePointer(of: entry)
            let length = strlen(name)
            guard length >= suffix.utf8CodeUnitCount,
                  memcmp(name + (length - suffix.utf8CodeUnitCount), suffix.utf8Start, suffix.utf8CodeUnitCount) == 0
            else { continue }
            let kept = String(cString: name)
            if kept != "." && kept != ".." { names.append(kept) }
        }
        return names
    }

    /// The files (everything but folders) below `folder`, in no particular order; empty when it cannot be read.
    package static func files(below folder: String) -> [Entry] {
        var result: [Entry] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let directory = opendir(relative.isEmpty ? folder : folder + "/" + relative) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = Self.name(of: entry)
                guard name != ".", name != ".." else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(folder + "/" + path, &info) == 0 else { continue }
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : Int32(DT_LNK)
                }
                if type == Int32(DT_DIR) {
                    pending.append(path)
                } else {
                    result.append(Entry(path: path, isRegularFile: type == Int32(DT_REG)))
                }
            }
        }
        return result
    }

    /// An entry's name, read where it lies: a record may be shorter than the 256-byte field its type declares.
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        String(cString: namePointer(of: entry))
    }

    private static func namePointer(of entry: UnsafeMutablePointer<dirent>) -> UnsafePointer<CChar> {
        UnsafePointer(UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
            .assumingMemoryBound(to: CChar.self))
    }
}
