import Foundation
import MsxModel

/// Each document's paragraph texts as a reader sees them (its Markdown parsed, markup taken out), kept in
/// `.msx/cache/texts/ID` with the hash and length of the Markdown they were read from, so that `search` parses only
/// the documents that changed since it last read them: parsing is most of the cost of searching a book.
///
/// An entry is believed only for exactly the Markdown it names (its FNV-1a hash and byte length) and only when its
/// checksum holds: a damaged entry is parsed again, never believed. Entries are written atomically but not durably
/// (`FileIO.writeCache`), one file per document, so an edit rewrites one small file. The format is in
/// docs/format.md.
struct ParagraphTextCache: Sendable {
    /// 1: the texts of `MarkdownDocument(_:sourceMap: false)`'s blocks.
    static let formatVersion = 1
    private static let header = Array("msx paragraph texts \(formatVersion)\n".utf8)
    /// `checksum`, a tab, 16 hex digits, a line break: the end of every entry.
    private static let checksumLength = 26
    let folder: URL

    init(paths: ProjectPaths) {
        folder = paths.privateFolder.appendingPathComponent("cache/texts")
    }

    /// The paragraph texts of the document `id` whose Markdown is `markdown`: the cache's when it holds them for this
    /// very text, else parsed and recorded (`recorded`); a document whose id is not of msx's shape is parsed and not
    /// recorded (its id is no safe file name).
    func paragraphs(of id: String, markdown: String) -> (texts: ParagraphTexts, recorded: Bool) {
        let key = Self.key(of: markdown)
        guard Identifier.isValid(id) else { return (Self.texts(in: Self.parse(markdown, for: key), for: key)!, false) }
        let url = folder.appendingPathComponent(id)
        if let bytes = FileIO.cacheBytes(at: url), let texts = Self.texts(in: bytes, for: key) { return (texts, false) }
        let entry = Self.parse(markdown, for: key)
        FileIO.writeCache(Data(entry), to: url)
        return (Self.texts(in: entry, for: key)!, true)
    }

    /// Removes the entries of documents not in `ids` (deleted, or emptied from the trash).
    func keepOnly(_ ids: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where !ids.contains(name) { unlink(folder.appendingPathComponent(name).path) }
    }

    /// The entry for `markdown`, parsed.
    private static func parse(_ markdown: String, for key: [UInt8]) -> [UInt8] {
        serialize(MarkdownDocument(markdown, sourceMap: false).blocks.map(\.text), for: key)
    }

    /// What an entry is for: the Markdown's FNV-1a hash and its length in bytes.
    private static func key(of markdown: String) -> [UInt8] {
        var markdown = markdown
        let hash = markdown.withUTF8(TextHash.fnv1a64)
        return Array("\(TextHash.hex(hash))\t\(markdown.utf8.count)".utf8)
    }

    /// An entry's bytes: the header; a line of the key, a tab and the paragraphs' lengths in bytes (separated by
    /// spaces); the texts one after another; `checksum`, a tab and the FNV-1a hash of every byte before it.
    static func serialize(_ texts: [String], for key: [UInt8]) -> [UInt8] {
        var out = header + key
        out += "\t\(texts.map { String($0.utf8.count) }.joined(separator: " "))\n".utf8
        for text in texts { out += text.utf8 }
        out += "checksum\t\(TextHash.fnv1a64(out))\n".utf8
        return out
    }

    /// The texts an entry holds when it is of this format, for `key`, and whole; nil otherwise.
    static func texts(in bytes: [UInt8], for key: [UInt8]) -> ParagraphTexts? {
        bytes.withUnsafeBufferPointer { buffer -> ParagraphTexts? in
            let end = buffer.count - checksumLength
            guard end > header.count, buffer.starts(with: header) else { return nil }
            let body = UnsafeBufferPointer(rebasing: buffer[..<end])
            guard buffer[end...].elementsEqual("checksum\t\(TextHash.hex(TextHash.fnv1a64(body)))\n".utf8) else { return nil }
            let line = body[header.count...]
            guard let lineEnd = line.firstIndex(of: 0x0A), line.starts(with: key + [0x09]) else { return nil }
            var start = lineEnd + 1
            var ranges: [Range<Int>] = []
            for digits in line[(line.startIndex + key.count + 1)..<lineEnd].split(separator: 0x20) {
                guard let length = Self.length(digits), length <= end - start else { return nil }
                ranges.append(start..<(start + length))
                start += length
            }
            return start == end ? ParagraphTexts(bytes: bytes, ranges: ranges) : nil
        }
    }

    /// A length written in decimal digits (at most 9), or nil.
    private static func length(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}

/// A document's paragraph texts as one cache entry holds them: UTF-8 one after another, and where each one is.
/// A text becomes a string only when asked for: a search looks at most paragraphs' bytes only.
struct ParagraphTexts {
    let bytes: [UInt8]
    let ranges: [Range<Int>]

    /// The UTF-8 of paragraph `index`.
    func utf8(_ index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }

    /// The text of paragraph `index`.
    func text(_ index: Int) -> String { String(decoding: bytes[ranges[index]], as: UTF8.self) }
}
