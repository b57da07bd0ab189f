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
    mutating func words(of path: String, file: (path: String, info: stat?)) throws -> Int? {
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

    /// The entries of a cache file, or nil when it is of another version, malformed or damaged.
    static func parse(_ bytes: [UInt8]) -> [String: Entry]? {
        let header = Array(Self.header.utf8)
        guard bytes.starts(with: header), let last = bytes.dropLast().lastIndex(of: 0x0A), bytes.last == 0x0A else { return nil }
        let body = bytes[..<(last + 1)]
        guard bytes[(last + 1)...].elementsEqual("checksum\t\(TextHash.fnv1a64(Array(body)))\n".utf8) else { return nil }
        var entries: [String: Entry] = [:]
        for line in body.dropFirst(header.count).split(separator: 0x0A) {
            let fields = line.split(separator: 0x09, maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6, let size = wholeNumber(fields[0]), let seconds = wholeNumber(fields[1]),
                  let nanoseconds = wholeNumber(fields[2]), let words = wholeNumber(fields[3]), !fields[5].isEmpty
            else { return nil }
            entries[String(decoding: fields[5], as: UTF8.self)] = Entry(
                size: size, seconds: seconds, nanoseconds: nanoseconds, words: words, hash: String(decoding: fields[4], as: UTF8.self))
        }
        return entries
    }

    /// A whole number written in decimal digits (a minus sign allowed first: times before 1970), or nil.
    private static func wholeNumber(_ digits: ArraySlice<UInt8>) -> Int? {
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
