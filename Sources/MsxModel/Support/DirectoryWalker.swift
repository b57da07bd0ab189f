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
    /// - Parameter prefix: put before each path (`contents/`, to name the files as the project does), written into
    ///   the one string made for each path rather than joined to it after.
    package static func files(below folder: String, naming prefix: String = "") -> [Entry] {
        var result: [Entry] = []
        // Each folder still to read: where it is, and how its files are named.
        var pending = [(disk: folder, named: prefix)]
        while let next = pending.popLast() {
            guard let directory = opendir(next.disk) else { continue }
            defer { closedir(directory) }
            let slash = next.named.utf8.last.map { $0 != UInt8(ascii: "/") } ?? false
            while let entry = readdir(directory) {
                let name = namePointer(of: entry)
                guard !isDotOrDotDot(name) else { continue }
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(joined(next.disk, separator: true, name), &info) == 0 else { continue }
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : Int32(DT_LNK)
                }
                let path = joined(next.named, separator: slash, name)
                if type == Int32(DT_DIR) {
                    pending.append((joined(next.disk, separator: true, name), path))
                } else {
                    result.append(Entry(path: path, isRegularFile: type == Int32(DT_REG)))
                }
            }
        }
        return result
    }

    /// `head`, a slash when `separator` says so, and `name`, as one new string (joining strings makes one for each
    /// step, and a book's folders hold thousands of files).
    private static func joined(_ head: String, separator: Bool, _ name: UnsafePointer<CChar>) -> String {
        var head = head
        let length = strlen(name), slash = separator ? 1 : 0
        return head.withUTF8 { start in
            String(unsafeUninitializedCapacity: start.count + slash + length) { out in
                let base = UnsafeMutableRawPointer(out.baseAddress!)
                if let text = start.baseAddress { base.copyMemory(from: text, byteCount: start.count) }
                if separator { base.storeBytes(of: UInt8(ascii: "/"), toByteOffset: start.count, as: UInt8.self) }
                (base + start.count + slash).copyMemory(from: name, byteCount: length)
                return start.count + slash + length
            }
        }
    }

    private static func isDotOrDotDot(_ name: UnsafePointer<CChar>) -> Bool {
        name[0] == CChar(UInt8(ascii: ".")) && (name[1] == 0 || (name[1] == CChar(UInt8(ascii: ".")) && name[2] == 0))
    }

    /// An entry's name, read where it lies: a record may be shorter than the 256-byte field its type declares.
    private static func namePointer(of entry: UnsafeMutablePointer<dirent>) -> UnsafePointer<CChar> {
        UnsafePointer(UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
            .assumingMemoryBound(to: CChar.self))
    }
}
