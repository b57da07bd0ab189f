import Foundation
import MsxModel

/// Each document's paragraph texts as a reader sees them (its Markdown parsed, markup taken out), kept in
/// `.msx/cache/texts/` with the hash and length of the Markdown they were read from, so that `search` parses only the
/// documents that changed since it last read them: parsing is most of the cost of searching a book.
///
/// The entries are kept in sixteen files, by the first hex digit of the document's id: a search that records every
/// document of a book writes sixteen files, not a thousand (making a file is what costs on a slow or synced disk),
/// and an edit rewrites one. An entry is believed only for exactly the Markdown it names and only when its checksum
/// holds: a damaged entry is parsed again, never believed. Files are written atomically but not durably
/// (`FileIO.writeCache`). The format is in docs/format.md.
struct ParagraphTextCache: Sendable {
    /// 1: a file per document. 2: sixteen files of entries.
    static let formatVersion = 2
    private static let header = Array("msx paragraph texts \(formatVersion)\n".utf8)
    /// The files' names: the hex digits a document id starts with.
    private static let fileNames = "0123456789abcdef".map(String.init)
    /// 16 hex digits and a line break: the end of every entry.
    private static let checksumLength = 17

    /// An entry as read: the file's bytes, where the entry lies in them, its key and where each text is.
    private struct Entry: Sendable {
        let file: [UInt8]
        let whole: Range<Int>
        let key: Range<Int>
        let texts: [Range<Int>]
    }

    let folder: URL
    private let entries: [String: Entry]

    /// Reads every file of entries there is (a file or an entry that cannot be read is left out).
    init(paths: ProjectPaths) {
        folder = paths.privateFolder.appendingPathComponent("cache/texts")
        var entries: [String: Entry] = [:]
        for name in Self.fileNames {
            guard let bytes = FileIO.cacheBytes(at: folder.appendingPathComponent(name)) else { continue }
            Self.read(bytes, named: name) { id, entry in entries[id] = entry }
        }
        self.entries = entries
    }

    /// The paragraph texts of the document `id` whose Markdown is `markdown`: the cache's when it holds them for this
    /// very text, else parsed, with the entry to record (`save`); a document whose id is not of msx's shape is parsed
    /// and not recorded.
    func paragraphs(of id: String, markdown: String) -> (texts: ParagraphTexts, entry: [UInt8]?) {
        let key = Self.key(of: markdown)
        if let entry = entries[id], entry.file[entry.key].elementsEqual(key), Self.checksumHolds(entry) {
            return (ParagraphTexts(bytes: entry.file, ranges: entry.texts), nil)
        }
        let texts = MarkdownDocument(markdown, sourceMap: false).blocks.map(\.text)
        let entry = Self.serialize(id: id, key: key, texts: texts)
        var ranges: [Range<Int>] = [], start = entry.count - Self.checksumLength - texts.reduce(0) { $0 + $1.utf8.count }
        for text in texts {
            ranges.append(start..<(start + text.utf8.count))
            start += text.utf8.count
        }
        return (ParagraphTexts(bytes: entry, ranges: ranges), Identifier.isValid(id) ? entry : nil)
    }

    /// Writes the files `recorded` (new entries by document id) changes: each keeps its other entries of documents in
    /// `documents` and takes the new ones; entries of documents no longer in the binder go, and so does any other
    /// file in the folder.
    func save(_ recorded: [String: [UInt8]], documents: Set<String>) {
        for name in Self.fileNames {
            let ids = recorded.keys.filter { $0.hasPrefix(name) }
            guard !ids.isEmpty else { continue }
            var kept = entries.filter { $0.key.hasPrefix(name) && documents.contains($0.key) && recorded[$0.key] == nil }
                .map { (id: $0.key, bytes: Array($0.value.file[$0.value.whole])) }
            kept += ids.map { (id: $0, bytes: recorded[$0]!) }
            var out = Self.header
            for entry in kept.sorted(by: { $0.id < $1.id }) { out += entry.bytes }
            FileIO.writeCache(Data(out), to: folder.appendingPathComponent(name))
        }
        let names = Set(Self.fileNames)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !names.contains(name) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// What an entry is for: the Markdown's FNV-1a hash and its length in bytes.
    private static func key(of markdown: String) -> [UInt8] {
        var markdown = markdown
        let hash = markdown.withUTF8(TextHash.fnv1a64)
        return Array("\(TextHash.hex(hash))\t\(markdown.utf8.count)".utf8)
    }

    /// An entry's bytes: a line of the id, the key and the paragraphs' lengths in bytes (separated by spaces); the
    /// texts one after another; the FNV-1a hash of every byte of the entry before it and a line break.
    static func serialize(id: String, key: [UInt8], texts: [String]) -> [UInt8] {
        var out = Array(id.utf8) + [0x09] + key
        out += "\t\(texts.map { String($0.utf8.count) }.joined(separator: " "))\n".utf8
        for text in texts { out += text.utf8 }
        out += "\(TextHash.fnv1a64(out))\n".utf8
        return out
    }

    /// Hands over each entry of a file's bytes whose id starts with the file's name, in order, up to the end or to
    /// the first that cannot be read (a file of another format gives none). Checksums are checked when an entry is
    /// used.
    private static func read(_ bytes: [UInt8], named name: String, _ entry: (String, Entry) -> Void) {
        guard bytes.starts(with: header) else { return }
        var start = header.count
        while start < bytes.count, let lineEnd = bytes[start...].firstIndex(of: 0x0A) {
            let fields = bytes[start..<lineEnd].split(separator: 0x09, maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4 else { return }
            var texts: [Range<Int>] = [], at = lineEnd + 1
            for digits in fields[3].split(separator: 0x20) {
                guard let length = length(digits), length <= bytes.count - at else { return }
                texts.append(at..<(at + length))
                at += length
            }
            guard checksumLength <= bytes.count - at else { return }
            let id = String(decoding: fields[0], as: UTF8.self)
            let whole = start..<(at + checksumLength)
            if id.hasPrefix(name) {
                entry(id, Entry(file: bytes, whole: whole, key: fields[1].startIndex..<fields[2].endIndex, texts: texts))
            }
            start = whole.upperBound
        }
    }

    /// Whether an entry's last line is the hash of the bytes before it.
    private static func checksumHolds(_ entry: Entry) -> Bool {
        let end = entry.whole.upperBound - checksumLength
        let hash = entry.file.withUnsafeBufferPointer { TextHash.fnv1a64(UnsafeBufferPointer(rebasing: $0[entry.whole.lowerBound..<end])) }
        return entry.file[end..<entry.whole.upperBound].elementsEqual("\(TextHash.hex(hash))\n".utf8)
    }

    /// A length written in decimal digits (at most 9), or nil.
    private static func length(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}

/// A document's paragraph texts as a cache entry holds them: UTF-8 one after another, and where each one is.
/// A text becomes a string only when asked for: a search looks at most paragraphs' bytes only.
struct ParagraphTexts {
    let bytes: [UInt8]
    let ranges: [Range<Int>]

    /// The UTF-8 of paragraph `index`.
    func utf8(_ index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }

    /// The text of paragraph `index`.
    func text(_ index: Int) -> String { String(decoding: bytes[ranges[index]], as: UTF8.self) }
}
