import Foundation

/// Reads and writes files the way msx promises: UTF-8 checked on the way in, atomic on the way out.
public enum FileIO {
    /// Reads a text file, refusing invalid UTF-8 with the byte offset of the first bad byte.
    /// - Parameter displayPath: the path to name in errors (relative to the project where possible).
    public static func readText(_ url: URL, displayPath: String) throws -> String {
        if let text = validUTF8(at: url.path) { return text }
        // Missing, not a file, unreadable or not UTF-8: read again the general way, which names the problem.
        let data = try readData(url, displayPath: displayPath)
        return try decodeUTF8(data, displayPath: displayPath)
    }

    /// A regular file's text read straight into a string's storage, when it is valid UTF-8 and keeps its size while
    /// read; else nil. A binder or a document is read once, with no buffer between the file and the string: the
    /// buffer was as many fresh pages, and a copy, as the file.
    private static func validUTF8(at path: String) -> String? {
        withRegularFile(at: path) { descriptor, size -> String? in
            var whole = false
            let text = String(unsafeUninitializedCapacity: size) { buffer in
                var extra: UInt8 = 0
                whole = readFully(descriptor, into: buffer) == size && read(descriptor, &extra, 1) == 0
                return whole ? size : 0
            }
            // The string checked the bytes and mended what was not UTF-8 with U+FFFD, where msx refuses it: a text
            // holding U+FFFD is read again the strict way (which keeps one written in the file). Checking the bytes
            // first as well cost as much again as the string's own check.
            return whole && !ByteSearch.contains(text, "\u{FFFD}") ? text : nil
        }
    }

    /// The largest document msx reads: 64 MiB of Markdown (a long novel is about 1 MB). Reading one costs several
    /// times its size in memory; a larger one is refused with a clear error rather than exhausting memory.
    public static let largestDocument = 64 << 20

    /// Reads a document's Markdown, refusing one larger than `largestDocument`.
    public static func readDocument(_ url: URL, displayPath: String) throws -> String {
        try readText(url, displayPath: displayPath, largest: largestDocument, what: "one document", advice: "split it into several")
    }

    /// Reads a document's sidecar, refusing one larger than `largestDocument` (a sidecar is a fraction of its
    /// document's size; a larger one is damaged or hostile, and would cost every command seconds and gigabytes).
    public static func readSidecar(_ url: URL, displayPath: String) throws -> String {
        try readText(url, displayPath: displayPath, largest: largestDocument, what: "one sidecar",
                     advice: "it cannot be the formatting of one document; move it aside (the document reads without it)")
    }

    private static func readText(_ url: URL, displayPath: String, largest: Int, what: String, advice: String) throws -> String {
        var info = stat()
        if stat(url.path, &info) == 0, Int(info.st_size) > largest {
            throw MsxError(.documentTooLarge, "\(displayPath): \(Int(info.st_size) >> 20) MB is more than msx reads in \(what)"
                + " (\(largest >> 20) MB); \(advice)")
        }
        return try readText(url, displayPath: displayPath)
    }

    /// Reads a file's bytes, turning a missing file, a folder or a special file (a FIFO, which would block) where a
    /// file should be into a user-facing error.
    public static func readData(_ url: URL, displayPath: String) throws -> Data {
        var info = stat()
        if stat(url.path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw MsxError(.notAFile, "\(displayPath): is a folder, not a file")
            default: throw MsxError(.notAFile, "\(displayPath): is not a regular file (a FIFO, socket or device)")
            }
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) {
                throw MsxError(.missingFile, "\(displayPath): file not found")
            }
            throw MsxError.io(displayPath, error)
        }
    }

    /// A cache file's bytes, read straight into an array (no copy through `Data`: a history's version index is a
    /// megabyte); nil when it is missing, not a regular file (a FIFO is never waited on) or cannot be read, since a
    /// cache is only a cache.
    public static func cacheBytes(at url: URL) -> [UInt8]? {
        withRegularFile(at: url.path) { descriptor, size in
            guard size > 0 else { return [] }
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                let read = readFully(descriptor, into: buffer)
                (count, failed) = (read ?? 0, read == nil)
            }
            return failed ? nil : bytes
        }
    }

    /// Reads from `descriptor` until `buffer` is full or the file ends: the bytes read, or nil on an error.
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var count = 0
        while count < buffer.count {
            let n = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            count += n
        }
        return count
    }

    /// `body` given a regular file's open descriptor (closed after) and size; nil when the file is missing, cannot be
    /// opened or is not a regular file (opened without waiting, so a FIFO put there is never waited on).
    package static func withRegularFile<T>(at path: String, _ body: (_ descriptor: Int32, _ size: Int) -> T?) -> T? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let size = Int(exactly: info.st_size) else { return nil }
        return body(descriptor, size)
    }

    /// Decodes UTF-8 strictly.
    public static func decodeUTF8(_ data: Data, displayPath: String) throws -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var good = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): good += UTF8.width(scalar); offset = good
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        throw MsxError(.invalidUTF8, "\(displayPath): not valid UTF-8 (bad byte at offset \(offset))")
    }

    /// Writes `data` atomically: a temporary file in the same folder, fsync, rename, fsync of the folder.
    public static func writeAtomically(_ data: Data, to url: URL) throws {
        let staged = try stage(data, besides: url)
        do { try commit(staged: staged, to: url) } catch {
            try? FileManager.default.removeItem(at: staged)
            throw error
        }
    }

    /// Writes a cache file atomically (a temporary file renamed over it) but not durably: nothing is fsynced, as a
    /// cache a crash leaves short or empty fails its own check and is made again. Its folder is made only when the
    /// write finds it missing (a command may write several files of one cache). A cache that cannot be written is not
    /// an error.
    public static func writeCache(_ data: Data, to url: URL) {
        var staged = try? temporaryCopy(of: data, besides: url, durably: false)
        if staged == nil, (try? createFolder(url.deletingLastPathComponent())) != nil {
            staged = try? temporaryCopy(of: data, besides: url, durably: false)
        }
        guard let staged else { return }
        if rename(staged.path, url.path) != 0 { unlink(staged.path) }
    }

    /// Writes `data` to a temporary file next to `url` and fsyncs it; returns the temporary file. On failure (a
    /// full disk, say) the temporary file is removed and the error names `url`.
    public static func stage(_ data: Data, besides url: URL) throws -> URL {
        try createFolder(url.deletingLastPathComponent())
        return try temporaryCopy(of: data, besides: url, durably: true)
    }

    /// `data` written to a new temporary file in `url`'s folder (which must exist), fsynced when `durably`.
    private static func temporaryCopy(of data: Data, besides url: URL, durably: Bool) throws -> URL {
        let folder = url.deletingLastPathComponent()
        let staged = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).msx-tmp")
        func failure() -> MsxError { MsxError.io(url.path, POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        let fd = open(staged.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure() }
        do {
            defer { close(fd) }
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var written = 0
                while written < buffer.count {
                    let n = write(fd, buffer.baseAddress! + written, buffer.count - written)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw failure()
                    }
                    written += n
                }
            }
            guard !durably || fsync(fd) == 0 else { throw failure() }
        } catch {
            unlink(staged.path)
            throw error
        }
        return staged
    }

    /// Renames a staged file over its target and fsyncs the folder, making the write durable.
    public static func commit(staged: URL, to url: URL) throws {
        try move(staged, to: url)
    }

    /// Renames a file or folder (atomic within a file system) and fsyncs the destination folder.
    public static func move(_ source: URL, to destination: URL) throws {
        try createFolder(destination.deletingLastPathComponent())
        guard rename(source.path, destination.path) == 0 else {
            throw MsxError.io(source.path, POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        }
        syncFolder(destination.deletingLastPathComponent())
        syncFolder(source.deletingLastPathComponent())
    }

    /// Creates a folder and its parents if missing.
    public static func createFolder(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw MsxError.io(url.path, error)
        }
    }

    static func syncFolder(_ url: URL) {
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    package static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    public static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
