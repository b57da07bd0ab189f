import Foundation
import MsxModel

/// Word counts per document, cached in `.msx/cache/counts.json` by file size and modification time, so `tree` reads
/// only documents that changed. The cache also remembers each file's content hash, which lets `check --repair`
/// recognise a document moved or renamed outside msx. It carries a checksum of its entries: a damaged cache (a
/// flipped digit still reads as a number) is thrown away and counted again, never believed.
struct WordCountCache {
    /// 2: raw HTML blocks count the words a reader sees in them. 3: an inline footnote's `^[` starts a word.
    /// 4: a checksum of the entries.
    static let formatVersion = 4

    struct Entry: Equatable {
        var size: Int
        var modified: Double
        var words: Int
        var hash: String
    }

    private(set) var entries: [String: Entry] = [:]
    private var dirty = false
    private let url: URL

    init(paths: ProjectPaths) {
        url = paths.privateFolder.appendingPathComponent("cache/counts.json")
        // A cache written under another counting rule (another format version) is recounted.
        guard let text = try? String(contentsOf: url, encoding: .utf8), let value = try? JSONParser.parse(text),
            value["formatVersion"]?.numberValue == Double(Self.formatVersion), let documents = value["documents"]?.objectValue,
            value["checksum"]?.stringValue == Self.checksum(of: documents)
        else { return }
        for (path, entry) in documents {
            guard let size = entry["size"]?.numberValue, let modified = entry["modified"]?.numberValue,
                let words = entry["words"]?.numberValue, let hash = entry["hash"]?.stringValue
            else { continue }
            entries[path] = Entry(size: Int(size), modified: modified, words: Int(words), hash: hash)
        }
    }

    /// The word count of the document at `path`, reading it only when the cache is out of date; nil when the file
    /// is gone.
    mutating func words(of path: String, at fileURL: URL) throws -> Int? {
        var info = stat()
        guard stat(fileURL.path, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        #if os(Linux)
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #else
        let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #endif
        if let entry = entries[path], entry.size == size, entry.modified == modified { return entry.words }
        let text = try FileIO.readDocument(fileURL, displayPath: path)
        let words = WordCount.count(MarkdownDocument(text).text)
        entries[path] = Entry(size: size, modified: modified, words: words, hash: TextHash.fnv1a64(text))
        dirty = true
        return words
    }

    /// Saves the cache if it changed. A cache that cannot be written is not an error: it is only a cache.
    func save() {
        guard dirty else { return }
        let documents = entries.mapValues { e -> JSONValue in
            ["size": .int(e.size), "modified": .number(e.modified), "words": .int(e.words), "hash": .string(e.hash)]
        }
        let json = JSONWriter.string(["formatVersion": .int(Self.formatVersion), "documents": .object(documents),
                                      "checksum": .string(Self.checksum(of: documents))])
        try? FileIO.writeAtomically(Data(json.utf8), to: url)
    }

    /// FNV-1a of the entries in canonical JSON.
    private static func checksum(of documents: [String: JSONValue]) -> String {
        TextHash.fnv1a64(JSONWriter.string(.object(documents), pretty: false))
    }
}
