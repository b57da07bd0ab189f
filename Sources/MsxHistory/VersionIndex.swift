import Foundation
import MsxGit
import MsxModel

/// Which versions name each document, kept in `.msx/cache/versions` so that a document's log, and `DOC@~N`, read
/// that document's versions instead of the whole history. It is a cache: built from the history when it is
/// missing, damaged or cannot be brought up to date, and `msx check` compares it with a fresh build.
///
/// Versions are numbered from the oldest (0) in the order `git log` lists them from `head`. A version made on top of
/// the indexed head with no other parent (a snapshot, a fast-forward) is listed first from then on and takes the
/// next number: nothing else moves, so such versions are added without reading the rest.
///
/// The file (format 2) is text. A header `msx-versions 2 HEAD COUNT BYTES WHERE` (`BYTES`: the length of the rest of
/// the file; `WHERE`: the FNV-1a hash of the manifest's path in the repository, so that an index of a project since
/// moved inside its repository is not believed) ends with ` #` and the FNV-1a hash of what precedes it. Then a line
/// `d ID N:OID:MANIFEST …` per document, newest first, for the versions whose `Msx-Document` trailers name it, and a
/// line `p N:OID:MANIFEST …` for the versions without trailers (made with other git tools), whose documents `log`
/// works out from their trees. `MANIFEST` is the blob of the version's binder manifest (`-` when it has none), so
/// that a log names each version's document without reading the version's tree. A line's versions come in groups of
/// `groupSize`, counted from the oldest (so only the first, newest, group may hold fewer), and each group ends with
/// ` #` and the hash of its bytes (the first group's from the start of the line): a reader checks only the groups it
/// reads (`log | head` reads one of a long history's hundreds), and never believes a damaged one.
package struct VersionIndex: Equatable {
    /// A version, its number in the index and its manifest's blob (nil when the version has no manifest).
    package struct Version: Equatable {
        package var number: Int
        package var id: GitOID
        package var manifest: GitOID?
    }

    /// The blob of a version's manifest, or nil when it has none: how the index is told, as it is built, what it
    /// records for each version.
    package typealias ManifestBlob = (GitOID) throws -> GitOID?

    /// A group of a line whose hash does not match, or whose versions do not read as msx writes them.
    package struct DamagedLine: Error {}

    static let formatVersion = 2
    /// How many versions a full group of a line holds.
    static let groupSize = 64
    /// The key of the line of versions without trailers.
    private static let plainKey = "p"

    /// The version the index describes the history of.
    package let head: GitOID
    /// How many versions that history holds.
    package let count: Int
    /// The hash of the manifest's path in the repository (`WHERE`), in hex.
    private let manifestPathHash: String
    /// The file's bytes (mapped, when read from the file); a line is found, and its groups checked and read, only
    /// when asked for (a log reads one line of a thousand, and the first groups of it).
    private let file: FileBytes

    /// - Parameter lines: each line's bytes (without its newline), in the order of their keys' bytes.
    private init(head: GitOID, count: Int, manifestPathHash: String, lines: [ArraySlice<UInt8>]) {
        let length = lines.reduce(0) { $0 + $1.count + 1 }
        var file = Array(Self.headerLine(head: head, count: count, length: length, manifestPathHash: manifestPathHash).utf8)
        file.reserveCapacity(file.count + length)
        for line in lines {
            file += line
            file.append(UInt8(ascii: "\n"))
        }
        self.init(head: head, count: count, manifestPathHash: manifestPathHash, file: FileBytes(file))
    }

    private init(head: GitOID, count: Int, manifestPathHash: String, file: FileBytes) {
        (self.head, self.count, self.manifestPathHash, self.file) = (head, count, manifestPathHash, file)
    }

    /// The versions that can be `documentID`'s, newest first and numbered below `below` when it is given: those
    /// whose trailers name it and those without trailers (made with other git tools), read from the two lines as
    /// they are asked for.
    package func candidates(for documentID: String, below: Int? = nil) -> Candidates {
        Candidates(named: line("d " + documentID), plain: line(Self.plainKey), below: below ?? count)
    }

    /// The line whose key is `key` (empty when there is none). Its groups are checked and its versions decoded
    /// only as they are read: a document of a long history has thousands, and `DOC@~10` or `log | head` reads the
    /// first few.
    private func line(_ key: String) -> Line {
        let found = ByteSearch.firstIndex(of: Array("\n\(key) ".utf8), in: UnsafeRawBufferPointer(file.bytes))
        guard let found else { return Line(file: file, count: count) }
        return Line(file: file, start: found + 1, versionsFrom: found + 1 + key.utf8.count, count: count)
    }

    /// The versions of one line, newest first (` N:OID:MANIFEST` each), decoded one at a time and each group checked
    /// as it is reached.
    struct Line {
        private let file: FileBytes
        /// Each number is below the one before, the first below the index's count of versions.
        private var previous: Int
        /// Where the next version starts, and where the checked group it is in ends (at its ` #`).
        private var index = 0, groupEnd = 0
        /// Where the next group's hashed bytes start and its versions start; nil at the end of the line.
        private var nextGroup: (hashedFrom: Int, versionsFrom: Int)?

        /// An empty line.
        init(file: FileBytes, count: Int) {
            (self.file, self.previous, nextGroup) = (file, count, nil)
        }

        /// The line that starts at `start`, its versions at `versionsFrom` (after its key).
        init(file: FileBytes, start: Int, versionsFrom: Int, count: Int) {
            (self.file, self.previous, nextGroup) = (file, count, (start, versionsFrom))
        }

        mutating func next() throws(DamagedLine) -> Version? {
            if index == groupEnd {
                guard let group = nextGroup else { return nil }
                try enter(group)
            }
            guard let (version, after) = Self.version(in: file.bytes, at: index, before: groupEnd, below: previous) else {
                throw DamagedLine()
            }
            (index, self.previous) = (after, version.number)
            return version
        }

        /// The versions of the line's first group, and where the rest of the line (its other groups) starts.
        mutating func firstGroup() throws(DamagedLine) -> (versions: [Version], rest: Int) {
            var versions: [Version] = []
            while let version = try next() {
                versions.append(version)
                if index == groupEnd { break }
            }
            // After the group: ` #` and 16 digits.
            return (versions, groupEnd + 18)
        }

        /// Checks the group whose hashed bytes start at `hashedFrom` and reads on from its first version.
        private mutating func enter(_ group: (hashedFrom: Int, versionsFrom: Int)) throws(DamagedLine) {
            let bytes = file.bytes
            let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[group.versionsFrom...])
            guard let mark = ByteSearch.firstIndex(of: VersionIndex.hashMark, in: rest).map({ group.versionsFrom + $0 }),
                mark - 1 > group.versionsFrom, bytes[mark - 1] == UInt8(ascii: " "), mark + 17 <= bytes.count,
                TextHash.hex(TextHash.fnv1a64(UnsafeBufferPointer(rebasing: bytes[group.hashedFrom..<(mark - 1)])))
                    .utf8.elementsEqual(bytes[(mark + 1)..<(mark + 17)])
            else { throw DamagedLine() }
            let after = mark + 17
            (index, groupEnd) = (group.versionsFrom, mark - 1)
            nextGroup = after < bytes.count && bytes[after] != UInt8(ascii: "\n") ? (after, after) : nil
        }

        /// The version written at `start` (` N:OID:MANIFEST`, numbered below `below`, ending by `end`) and where
        /// it ends; nil when it does not read as msx writes it.
        private static func version(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, before end: Int, below: Int) -> (Version, Int)? {
            var i = start
            guard bytes[i] == UInt8(ascii: " ") else { return nil }
            i += 1
            var number = 0
            let digits = i
            while i < end, bytes[i] != UInt8(ascii: ":") {
                guard let digit = VersionIndex.digit(bytes[i]), number < Int.max / 10 - 9 else { return nil }
                number = number * 10 + digit
                i += 1
            }
            guard i > digits, i + 43 <= end, number < below, bytes[i + 41] == UInt8(ascii: ":"),
                let id = VersionIndex.oid(bytes[(i + 1)..<(i + 41)])
            else { return nil }
            i += 42
            if bytes[i] == UInt8(ascii: "-") { return (Version(number: number, id: id, manifest: nil), i + 1) }
            guard i + 40 <= end, let manifest = VersionIndex.oid(bytes[i..<(i + 40)]) else { return nil }
            return (Version(number: number, id: id, manifest: manifest), i + 40)
        }
    }

    /// A document's candidate versions: its line and the plain line merged, newest (highest number) first.
    package struct Candidates {
        private var named: Line, plain: Line
        private var nextNamed: Version?, nextPlain: Version?
        /// Only versions numbered below it are listed: at first those below the index's count, then those below
        /// the last one listed.
        package private(set) var below: Int

        init(named: Line, plain: Line, below: Int) {
            (self.named, self.plain, self.below) = (named, plain, below)
        }

        /// The next version, and whether the document's own line lists it (its trailers name the document; else
        /// it is a version without trailers, which may or may not be the document's); throws when a group it
        /// reaches is damaged (the index must be built again, and the list can go on from a fresh one's
        /// `candidates(for:below:)`).
        package mutating func next() throws(DamagedLine) -> (version: Version, named: Bool)? {
            if nextNamed == nil { nextNamed = try Self.first(below: below, in: &named) }
            if nextPlain == nil { nextPlain = try Self.first(below: below, in: &plain) }
            let next: (version: Version, named: Bool)
            if let n = nextNamed, nextPlain.map({ n.number > $0.number }) ?? true {
                (next, nextNamed) = ((n, true), nil)
            } else if let p = nextPlain {
                (next, nextPlain) = ((p, false), nil)
            } else {
                return nil
            }
            below = next.version.number
            return next
        }

        private static func first(below: Int, in line: inout Line) throws(DamagedLine) -> Version? {
            while let version = try line.next() {
                if version.number < below { return version }
            }
            return nil
        }
    }

    /// The id in 40 hex digits.
    fileprivate static func oid(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> GitOID? {
        GitOID(hexBytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: digits)))
    }

    fileprivate static let hashMark = [UInt8(ascii: "#")], newline = [UInt8(ascii: "\n")]

    fileprivate static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    // MARK: Building

    /// The index of the history that ends at `head`, read version by version in `git log`'s order, whose manifests
    /// are at `manifestPath` in the repository.
    static func build(_ repository: GitRepository, head: GitOID, manifestPath: String, manifest: ManifestBlob) throws -> VersionIndex {
        var listed: [(version: Version, keys: [[UInt8]])] = []
        let walk = try repository.history(from: head)
        while let id = try walk.next() {
            listed.append((Version(number: 0, id: id, manifest: try manifest(id)), Self.keys(of: try repository.commit(id).message)))
        }
        var fields: [[UInt8]: [String]] = [:]
        for (offset, entry) in listed.enumerated() {
            var version = entry.version
            version.number = listed.count - 1 - offset
            for key in entry.keys { fields[key, default: []].append(Self.field(version)) }
        }
        return VersionIndex(head: head, count: listed.count, manifestPathHash: TextHash.fnv1a64(manifestPath),
                            lines: Self.sorted(fields).map { Self.lineBytes($0.key, $0.versions) })
    }

    /// The index with `commits` added (oldest first; each made on top of the one before, the first on top of
    /// `head`, with no other parent); nil when the newest group of a line they go on is damaged, or the lines are
    /// out of order (the index must be built again). The other groups are copied unread: a reader checks them.
    func adding(_ commits: [GitCommit], manifest: ManifestBlob) throws -> VersionIndex? {
        var fields: [[UInt8]: [String]] = [:]
        var newHead = head
        for (offset, commit) in commits.enumerated() {
            precondition(commit.parents == [newHead], "only versions made on top of the indexed one are added")
            let version = Version(number: count + offset, id: commit.id, manifest: try manifest(commit.id))
            for key in Self.keys(of: commit.message) { fields[key, default: []].insert(Self.field(version), at: 0) }
            newHead = commit.id
        }
        // The lines are merged in their keys' order with those the new versions go on. Those that have a line have
        // its first group read and written again (with the new versions, it may make two) and its full groups
        // copied; the others (a long series has a thousand) are copied as they are.
        var added = Self.sorted(fields)[...]
        var lines: [ArraySlice<UInt8>] = []
        var previousKey: Slice<UnsafeBufferPointer<UInt8>>?
        for row in rows {
            let key = Self.key(of: row)
            // A line out of order (a damaged key) would have the merge write a document's line twice.
            guard previousKey.map({ $0.lexicographicallyPrecedes(key) }) ?? true else { return nil }
            previousKey = key
            while let next = added.first, next.key.lexicographicallyPrecedes(key) {
                lines.append(Self.lineBytes(next.key, next.versions))
                added.removeFirst()
            }
            guard let next = added.first, next.key.elementsEqual(key) else {
                lines.append(ArraySlice(row))
                continue
            }
            added.removeFirst()
            var line = Line(file: file, start: row.startIndex, versionsFrom: key.endIndex, count: count)
            guard let (first, rest) = try? line.firstGroup(), rest <= row.endIndex else { return nil }
            lines.append(Self.lineBytes(next.key, next.versions + first.map(Self.field)) + row[rest...])
        }
        lines += added.map { Self.lineBytes($0.key, $0.versions) }
        return VersionIndex(head: newHead, count: count + commits.count, manifestPathHash: manifestPathHash, lines: lines)
    }

    /// The index of the history `removed` versions shorter, ending at `newHead`: the versions numbered from
    /// `count - removed` up taken off every line (each line that lists one is read and written again, the others
    /// copied unread); nil when such a line is damaged (the index must be built again).
    func removingNewest(_ removed: Int, head newHead: GitOID) -> VersionIndex? {
        let newCount = count - removed
        var lines: [ArraySlice<UInt8>] = []
        for row in rows {
            let key = Self.key(of: row)
            var line = Line(file: file, start: row.startIndex, versionsFrom: key.endIndex, count: count)
            var kept: [Version] = []
            do {
                guard let newest = try line.next() else { return nil }
                guard newest.number >= newCount else {
                    lines.append(ArraySlice(row))
                    continue
                }
                while let version = try line.next() {
                    if version.number < newCount { kept.append(version) }
                }
            } catch {
                return nil
            }
            if !kept.isEmpty { lines.append(Self.lineBytes(Array(key), kept.map(Self.field))) }
        }
        return VersionIndex(head: newHead, count: newCount, manifestPathHash: manifestPathHash, lines: lines)
    }

    /// The lines' keys and versions in the order of the keys' bytes.
    private static func sorted(_ fields: [[UInt8]: [String]]) -> [(key: [UInt8], versions: [String])] {
        fields.map { (key: $0.key, versions: $0.value) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }

    /// The file's lines after the header, without their newlines, indexed as in the file (found with memchr(3): a
    /// long series' file is hundreds of kilobytes).
    private var rows: [Slice<UnsafeBufferPointer<UInt8>>] {
        var rows: [Slice<UnsafeBufferPointer<UInt8>>] = []
        let bytes = UnsafeRawBufferPointer(file.bytes)
        var start = (ByteSearch.firstIndex(of: Self.newline, in: bytes) ?? bytes.count) + 1
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            let end = ByteSearch.firstIndex(of: Self.newline, in: rest).map { start + $0 } ?? bytes.count
            if end > start { rows.append(file.bytes[start..<end]) }
            start = end + 1
        }
        return rows
    }

    /// A line's key: its first word, or `d`, a space and the second word for a document's line.
    private static func key(of row: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let space = UInt8(ascii: " ")
        let first = row.firstIndex(of: space) ?? row.endIndex
        guard row[row.startIndex..<first].elementsEqual([UInt8(ascii: "d")]), first < row.endIndex else { return row[..<first] }
        return row[..<(row[(first + 1)...].firstIndex(of: space) ?? row.endIndex)]
    }

    /// The lines a version goes on: each document its trailers name, or the line of versions without trailers.
    private static func keys(of message: String) -> [[UInt8]] {
        guard ByteSearch.contains(message, "\n" + DocumentTrailer.prefix) else { return [Array(plainKey.utf8)] }
        var seen: Set<[UInt8]> = []
        return DocumentTrailer.all(in: message).compactMap { trailer in
            let key = Array(("d " + trailer.id).utf8)
            return seen.insert(key).inserted ? key : nil
        }
    }

    // MARK: The file

    /// A version as its line lists it.
    private static func field(_ version: Version) -> String {
        "\(version.number):\(version.id):" + (version.manifest.map(\.description) ?? "-")
    }

    /// A line's bytes: its key, then its versions (newest first) in groups counted from the oldest, each group
    /// followed by ` #` and the hash of its bytes (the first group's from the key on).
    private static func lineBytes(_ key: [UInt8], _ versions: [String]) -> ArraySlice<UInt8> {
        precondition(!versions.isEmpty, "a line lists a version at least")
        var bytes = key
        var hashedFrom = 0
        var groupEnd = (versions.count - 1) % groupSize + 1
        for (offset, version) in versions.enumerated() {
            bytes.append(UInt8(ascii: " "))
            bytes += version.utf8
            guard offset + 1 == groupEnd else { continue }
            let hash = bytes.withUnsafeBufferPointer { TextHash.fnv1a64(UnsafeBufferPointer(rebasing: $0[hashedFrom...])) }
            bytes += Array(" #\(TextHash.hex(hash))".utf8)
            (hashedFrom, groupEnd) = (bytes.count, groupEnd + groupSize)
        }
        return bytes[...]
    }

    /// The header line, with its newline: the head, the count of versions, the length of the lines after it and
    /// the hash of the manifest's path.
    private static func headerLine(head: GitOID, count: Int, length: Int, manifestPathHash: String) -> String {
        let body = "msx-versions \(formatVersion) \(head) \(count) \(length) \(manifestPathHash)"
        return body + " #" + TextHash.fnv1a64(body) + "\n"
    }

    /// The file's bytes (the same for the same history, however the index was made).
    var data: Data { Data(file.bytes) }

    /// Reads the file; nil when it is not a whole index of this format for manifests at `manifestPath`. Lines are
    /// checked when they are read.
    static func parse(_ file: FileBytes, manifestPath: String) -> VersionIndex? {
        let bytes = file.bytes
        guard bytes.last == UInt8(ascii: "\n"), let firstEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: bytes[..<firstEnd], as: UTF8.self)
        guard let mark = line.range(of: " #", options: .backwards), TextHash.fnv1a64(String(line[..<mark.lowerBound])) == line[mark.upperBound...]
        else { return nil }
        let header = line[..<mark.lowerBound].split(separator: " ")
        let manifestPathHash = TextHash.fnv1a64(manifestPath)
        guard header.count == 6, header[0] == "msx-versions", header[1] == "\(formatVersion)",
            let head = GitOID(hex: String(header[2])), let count = Int(header[3]), count > 0,
            Int(header[4]) == file.count - firstEnd - 1, header[5] == manifestPathHash
        else { return nil }
        return VersionIndex(head: head, count: count, manifestPathHash: manifestPathHash, file: file)
    }
}
