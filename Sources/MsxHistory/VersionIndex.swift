import Foundation
import MsxModel

/// Which versions name each document, kept in `.msx/cache/versions` so that a document's log, and `DOC@~N`, read
/// that document's versions instead of the whole history. It is a cache: built from the history when it is
/// missing, damaged or cannot be brought up to date, and `msx check` compares it with a fresh build.
///
/// Versions are numbered from the oldest (0) in the order `git log` lists them from `head`. A version made on top of
/// the indexed head with no other parent (a snapshot, a fast-forward) is listed first from then on and takes the
/// next number: nothing else moves, so such versions are added without reading the rest.
///
/// The file (format 1) is text: a header `msx-versions 1 HEAD COUNT`; a line `d ID N:OID N:OID …` per document,
/// newest first, for the versions whose `Msx-Document` trailers name it; and a line `p N:OID …` for the versions
/// without trailers (made with other git tools), whose documents `log` works out from their trees. Each line, the
/// header too, ends with ` #` and the FNV-1a hash of what precedes it: a damaged line is never believed.
package struct VersionIndex: Equatable {
    /// A version and its number in the index.
    package struct Version: Equatable {
        package var number: Int
        package var id: GitOID
    }

    static let formatVersion = 1
    /// The key of the line of versions without trailers.
    private static let plainKey = "p"

    /// The version the index describes the history of.
    package let head: GitOID
    /// How many versions that history holds.
    package let count: Int
    /// The file's bytes; a line is found, checked and read only when asked for (a log reads one of a thousand).
    private let file: [UInt8]

    /// - Parameter lines: each line's key and bytes (without its newline), in any order.
    private init(head: GitOID, count: Int, lines: [(key: String, line: ArraySlice<UInt8>)]) {
        self.head = head
        self.count = count
        var file = Array((Self.line("msx-versions \(Self.formatVersion) \(head) \(count)") + "\n").utf8)
        file.reserveCapacity(lines.reduce(file.count) { $0 + $1.line.count + 1 })
        for (_, line) in lines.sorted(by: { $0.key < $1.key }) {
            file += line
            file.append(UInt8(ascii: "\n"))
        }
        self.file = file
    }

    private init(head: GitOID, count: Int, file: [UInt8]) {
        self.head = head
        self.count = count
        self.file = file
    }

    /// The versions that can be `documentID`'s, newest first: those whose trailers name it and those without trailers
    /// (made with other git tools), read from the two lines as they are asked for; nil when either line is damaged.
    package func candidates(for documentID: String) -> Candidates? {
        guard let named = line("d " + documentID), let plain = line(Self.plainKey) else { return nil }
        return Candidates(named: named, plain: plain)
    }

    /// The line whose key is `key` once its hash is checked (empty when there is none), or nil when it is damaged.
    /// Its versions are decoded only as they are read: a document of a long history has thousands, and `DOC@~10` or
    /// `log | head` reads the first few.
    private func line(_ key: String) -> Line? {
        file.withUnsafeBufferPointer { bytes -> Line? in
            guard let found = ByteSearch.firstIndex(of: Array("\n\(key) ".utf8), in: UnsafeRawBufferPointer(bytes)) else {
                return Line(file: file, from: 0, to: 0, count: count)
            }
            let start = found + 1
            // A long history's line is long: its end is found with memchr(3), not a byte at a time.
            let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...])
            let end = ByteSearch.firstIndex(of: [UInt8(ascii: "\n")], in: rest).map { start + $0 } ?? bytes.count
            // The body, then " #" and its hash in 16 hex digits.
            let bodyEnd = end - 18
            guard bodyEnd > start, bytes[bodyEnd] == UInt8(ascii: " "), bytes[bodyEnd + 1] == UInt8(ascii: "#"),
                TextHash.hex(TextHash.fnv1a64(UnsafeBufferPointer(rebasing: bytes[start..<bodyEnd])))
                    .utf8.elementsEqual(bytes[(bodyEnd + 2)..<end])
            else { return nil }
            return Line(file: file, from: start + key.utf8.count, to: bodyEnd, count: count)
        }
    }

    /// The versions of one line, newest first (` N:OID` each), decoded one at a time. A line whose hash matched
    /// holds what msx wrote; should an entry not read all the same, the line ends there.
    struct Line: IteratorProtocol {
        private let file: [UInt8]
        private var index: Int
        private let end: Int
        /// The index's count of versions: every number is below it.
        private let count: Int

        init(file: [UInt8], from start: Int, to end: Int, count: Int) {
            (self.file, self.index, self.end, self.count) = (file, start, end, count)
        }

        mutating func next() -> Version? {
            guard index < end else { return nil }
            let (end, count) = (end, count)
            let decoded = file.withUnsafeBufferPointer { bytes -> (Version, Int)? in
                var i = index
                guard bytes[i] == UInt8(ascii: " ") else { return nil }
                i += 1
                var number = 0
                let digits = i
                while i < end, bytes[i] != UInt8(ascii: ":") {
                    guard let digit = VersionIndex.digit(bytes[i]), number < Int.max / 10 - 9 else { return nil }
                    number = number * 10 + digit
                    i += 1
                }
                guard i > digits, i + 41 <= end, number < count,
                    let id = GitOID(hexBytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(i + 1)..<(i + 41)])))
                else { return nil }
                return (Version(number: number, id: id), i + 41)
            }
            guard let (version, after) = decoded else {
                index = end
                return nil
            }
            index = after
            return version
        }
    }

    /// A document's candidate versions: its line and the plain line merged, newest (highest number) first.
    package struct Candidates: IteratorProtocol {
        private var named: Line, plain: Line
        private var nextNamed: Version?, nextPlain: Version?

        init(named: Line, plain: Line) {
            (self.named, self.plain) = (named, plain)
            (nextNamed, nextPlain) = (self.named.next(), self.plain.next())
        }

        package mutating func next() -> GitOID? {
            if let n = nextNamed, nextPlain.map({ n.number > $0.number }) ?? true {
                nextNamed = named.next()
                return n.id
            }
            guard let p = nextPlain else { return nil }
            nextPlain = plain.next()
            return p.id
        }
    }

    fileprivate static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    // MARK: Building

    /// The index of the history that ends at `head`, read version by version in `git log`'s order.
    static func build(_ repository: GitRepository, head: GitOID) throws -> VersionIndex {
        var listed: [(id: GitOID, keys: [String])] = []
        let walk = try repository.history(from: head)
        while let id = try walk.next() { listed.append((id, Self.keys(of: try repository.commit(id).message))) }
        var fields: [String: [String]] = [:]
        for (offset, version) in listed.enumerated() {
            for key in version.keys { fields[key, default: []].append("\(listed.count - 1 - offset):\(version.id)") }
        }
        return VersionIndex(head: head, count: listed.count,
                            lines: fields.map { ($0.key, Self.lineBytes($0.key + " " + $0.value.joined(separator: " "))) })
    }

    /// The index with `commits` added (oldest first; each made on top of the one before, the first on top of
    /// `head`, with no other parent); nil when a line they go on is damaged (the index must be built again).
    func adding(_ commits: [GitCommit]) -> VersionIndex? {
        var fields: [String: [String]] = [:]
        var newHead = head
        for (offset, commit) in commits.enumerated() {
            precondition(commit.parents == [newHead], "only versions made on top of the indexed one are added")
            for key in Self.keys(of: commit.message) { fields[key, default: []].insert("\(count + offset):\(commit.id)", at: 0) }
            newHead = commit.id
        }
        // The lines the new versions go on are read and written again; the others (a long series has a thousand)
        // are copied as they are.
        var lines: [(key: String, line: ArraySlice<UInt8>)] = []
        for row in file.split(separator: UInt8(ascii: "\n")).dropFirst() {
            let key = Self.key(of: row)
            guard let added = fields.removeValue(forKey: key) else {
                lines.append((key, row))
                continue
            }
            guard let body = Self.body(of: Substring(String(decoding: row, as: UTF8.self))) else { return nil }
            lines.append((key, Self.lineBytes(key + " " + added.joined(separator: " ") + body.dropFirst(key.count))))
        }
        for (key, added) in fields { lines.append((key, Self.lineBytes(key + " " + added.joined(separator: " ")))) }
        return VersionIndex(head: newHead, count: count + commits.count, lines: lines)
    }

    /// A line's key: its first word, or `d` and the second word for a document's line (words are separated by
    /// spaces, any number of them).
    private static func key(of row: ArraySlice<UInt8>) -> String {
        let space = UInt8(ascii: " ")
        func word(from start: Int) -> Range<Int> {
            let first = row[start...].firstIndex { $0 != space } ?? row.endIndex
            return first..<(row[first...].firstIndex(of: space) ?? row.endIndex)
        }
        let first = word(from: row.startIndex)
        let firstWord = String(decoding: row[first], as: UTF8.self)
        guard firstWord == "d" else { return firstWord }
        let second = word(from: first.upperBound)
        return second.isEmpty ? firstWord : "d " + String(decoding: row[second], as: UTF8.self)
    }

    /// The lines a version goes on: each document its trailers name, or the line of versions without trailers.
    private static func keys(of message: String) -> [String] {
        guard ByteSearch.contains(message, "\n" + DocumentTrailer.prefix) else { return [plainKey] }
        var seen: Set<String> = []
        return DocumentTrailer.all(in: message).compactMap { seen.insert($0.id).inserted ? "d " + $0.id : nil }
    }

    // MARK: The file

    /// A line: its body, then " #" and the body's hash.
    private static func line(_ body: String) -> String {
        body + " #" + TextHash.fnv1a64(body)
    }

    /// A line's bytes.
    private static func lineBytes(_ body: String) -> ArraySlice<UInt8> {
        Array(line(body).utf8)[...]
    }

    /// A line's body, or nil when its hash does not match.
    private static func body(of line: Substring) -> Substring? {
        guard let mark = line.range(of: " #", options: .backwards) else { return nil }
        let body = line[..<mark.lowerBound]
        return TextHash.fnv1a64(String(body)) == line[mark.upperBound...] ? body : nil
    }

    /// The file's bytes (the same for the same history, however the index was made).
    var data: Data { Data(file) }

    /// Reads the file; nil when it is not an index of this format. Lines are checked when they are read.
    static func parse(_ file: [UInt8]) -> VersionIndex? {
        guard file.last == UInt8(ascii: "\n"), let firstEnd = file.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        guard let body = body(of: Substring(String(decoding: file[..<firstEnd], as: UTF8.self))) else { return nil }
        let header = body.split(separator: " ")
        guard header.count == 4, header[0] == "msx-versions", header[1] == "\(formatVersion)",
            let head = GitOID(hex: String(header[2])), let count = Int(header[3]), count > 0
        else { return nil }
        return VersionIndex(head: head, count: count, file: file)
    }
}
