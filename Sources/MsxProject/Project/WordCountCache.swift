import Foundation
import MsxModel

/// Word counts per document, cached in `.msx/cache/counts` by file size and modification time, so `tree` reads only
/// documents that changed. The cache also remembers each file's content hash, which lets `check --repair` recognise a
/// document moved or renamed outside msx. It ends with a checksum of everything before it: a damaged cache (a flipped
/// digit still reads as a number) is thrown away and counted again, never believed.
///
/// The file is lines of text (docs/format.md): a header naming the format version, a line per document
/// (`SIZE SECONDS NANOSECONDS WORDS HASH PATH`, tab-separated, the path last), and `checksum HASH`. Reading it costs
/// a pass over its bytes; the JSON it replaced cost `tree` on a thousand documents more than its binder did.
struct WordCountCache {
    /// 2: raw HTML blocks count the words a reader sees in them. 3: an inline footnote's `^[` starts a word.
    /// 4: a checksum of the entries. 5: lines of text instead of JSON, times to the nanosecond as whole numbers.
    static let formatVersion = 5
    private static let header = "msx word counts \(formatVersion)\n"

    struct Entry: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var words: Int
        var hash: String
    }

    private(set) var entries: [String: Entry] = [:]
    private var dirty = false
    private let url: URL
    /// Where versions up to 4 kept the cache, removed when this one is saved.
    private let formerURL: URL

    init(paths: ProjectPaths) {
        url = paths.privateFolder.appendingPathComponent("cache/counts")
        formerURL = paths.privateFolder.appendingPathComponent("cache/counts.json")
        // A cache written under another counting rule (another format version) is recounted.
        if let bytes = FileIO.cacheBytes(at: url), let entries = Self.parse(bytes) { self.entries = entries }
    }

    /// The word count of the document at `path`, reading it only when the cache is out of date; nil when the file
    /// is gone.
    /// - Parameter file: the file's path on disk and its stat(2) result (nil when it does not exist).
    mutating func words(of path: String, file: ProjectFileStatus) throws -> Int? {
        guard let info = file.info else { return nil }
        let stamp = FileStamp(info)
        let (size, seconds, nanoseconds) = (stamp.size, stamp.modified.seconds, stamp.modified.nanoseconds)
        if let entry = entries[path], entry.size == size, entry.seconds == seconds, entry.nanoseconds == nanoseconds {
            return entry.words
        }
        let text = try FileIO.readDocument(URL(fileURLWithPath: file.path), displayPath: path)
        let words = WordCount.count(MarkdownDocument(text).text)
        entries[path] = Entry(size: size, seconds: seconds, nanoseconds: nanoseconds, words: words, hash: TextHash.fnv1a64(text))
        dirty = true
        return words
    }

    /// Saves the cache if it changed. A cache that cannot be written is not an error: it is only a cache.
    func save() {
        guard dirty else { return }
        try? FileIO.writeAtomically(Data(Self.serialize(entries)), to: url)
        try? FileManager.default.removeItem(at: formerURL)
    }

    /// The file's bytes: header, entries by path, checksum. A path holding a tab or a line break is left out (it is
    /// only counted again).
    static func serialize(_ entries: [String: Entry]) -> [UInt8] {
        var out = Array(header.utf8)
        for path in entries.keys.sorted() where !path.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A }) {
            let e = entries[path]!
            out += "\(e.size)\t\(e.seconds)\t\(e.nanoseconds)\t\(e.words)\t\(e.hash)\t\(path)\n".utf8
        }
        out += "checksum\t\(TextHash.fnv1a64(out))\n".utf8
        return out
    }

    /// The entries of a cache file, or nil when it is of another version, malformed or damaged. Read over the
    /// bytes in place (lines found with memchr(3), and counted first), into a table made its size at once: a long
    /// series lists a thousand documents, and `tree` reads them all.
    static func parse(_ bytes: [UInt8]) -> [String: Entry]? {
        let header = Array(Self.header.utf8)
        guard bytes.starts(with: header), let last = bytes.dropLast().lastIndex(of: 0x0A), bytes.last == 0x0A else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> [String: Entry]? in
            let body = UnsafeBufferPointer(rebasing: buffer[..<(last + 1)])
            guard buffer[(last + 1)...].elementsEqual("checksum\t\(TextHash.hex(TextHash.fnv1a64(body)))\n".utf8) else { return nil }
            // The body ends with a line break, so every line has one.
            func lineEnd(from start: Int) -> Int {
                body.baseAddress!.distance(to: memchr(body.baseAddress! + start, 0x0A, body.count - start)!.assumingMemoryBound(to: UInt8.self))
            }
            var lines = 0, start = header.count
            while start < body.count { (lines, start) = (lines + 1, lineEnd(from: start) + 1) }
            var entries: [String: Entry] = [:]
            entries.reserveCapacity(lines)
            start = header.count
            while start < body.count {
                let end = lineEnd(from: start)
                defer { start = end + 1 }
                guard end > start else { continue }
                guard let (path, entry) = Self.entry(UnsafeBufferPointer(rebasing: body[start..<end])) else { return nil }
                entries[path] = entry
            }
            return entries
        }
    }

    /// A line's path and entry (`SIZE SECONDS NANOSECONDS WORDS HASH PATH`, the path last, tabs and all), or nil.
    private static func entry(_ line: UnsafeBufferPointer<UInt8>) -> (String, Entry)? {
        var rest = line[...]
        guard let size = wholeNumber(field(&rest)), let seconds = wholeNumber(field(&rest)),
              let nanoseconds = wholeNumber(field(&rest)), let words = wholeNumber(field(&rest)), let hash = field(&rest),
              !rest.isEmpty
        else { return nil }
        return (String(decoding: rest, as: UTF8.self),
                Entry(size: size, seconds: seconds, nanoseconds: nanoseconds, words: words, hash: String(decoding: hash, as: UTF8.self)))
    }

    /// The bytes of `rest` up to its first tab, taken off it with the tab; nil when it holds no tab.
    private static func field(_ rest: inout Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard let tab = rest.firstIndex(of: 0x09) else { return nil }
        defer { rest = rest[(tab + 1)...] }
        return rest[..<tab]
    }

    /// A whole number written in decimal digits (a minus sign allowed first: times before 1970), or nil.
    private static func wholeNumber(_ digits: Slice<UnsafeBufferPointer<UInt8>>?) -> Int? {
        guard let digits else { return nil }
        let negative = digits.first == UInt8(ascii: "-")
        let rest = negative ? digits.dropFirst() : digits
        guard !rest.isEmpty, rest.count <= 18 else { return nil }
        var value = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
}
