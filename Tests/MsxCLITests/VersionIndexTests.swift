import Foundation
import MsxKit
import MsxTestSupport
import XCTest

/// The version index (`.msx/cache/versions`): a document's log read through it equals the log a walk of the whole
/// history gives (`--since` before every version makes `log` walk), whatever made the versions; `check` proves it
/// and git's index (msx's stat cache) right, and `--repair` puts them right.
final class VersionIndexTests: HistoryTestCase {
    private let indexPath = ".msx/cache/versions"

    func testALogThroughTheIndexIsTheLogOfAWalkWhateverMadeTheVersions() throws {
        let book = try makeBook()
        var random = seededGenerator(20261125)
        var draftNumber = 0
        for round in 0..<scaled(14) {
            let step = Int.random(in: 0..<10, using: &random)
            let target = Bool.random(using: &random) ? Book.lampPath : Book.seaPath
            let words = "Round \(round) step \(step): \(["rain", "wind", "tide", "salt"].randomElement(using: &random)!).\n"
            switch step {
            case 0:  // a snapshot
                try write(words, to: try path(of: target, in: book), in: book.root)
                try expect(0, "snapshot", "-m", "round \(round)", in: book.root)
            case 1:  // a snapshot of the one document
                try write(words, to: try path(of: target, in: book), in: book.root)
                try expect(0, "snapshot", target == Book.lampPath ? book.lamp : book.sea, in: book.root)
            case 8:  // a new document, on a line of its own in the index
                try expect(0, "new", "Scene \(round)", in: book.root)
                try expect(0, "snapshot", "Scene \(round)", in: book.root)
            case 2:  // a commit made with git, then another on top of it by msx
                try write(words, to: try path(of: target, in: book), in: book.root)
                try plainCommit("plain \(round)", in: book.root)
                try write(words + words, to: try path(of: target, in: book), in: book.root)
                try expect(0, "snapshot", in: book.root)
            case 3:  // a rename (the log follows the document by id)
                try expect(0, "rename", target == Book.lampPath ? book.lamp : book.sea, "Renamed \(round)", in: book.root)
                try expect(0, "snapshot", in: book.root)
            case 4:  // a draft merged back: a merge version
                draftNumber += 1
                try mergeDraft("draft-\(draftNumber)", writingToLamp: words, toSea: words, in: book)
            case 5:  // the last version rewritten with git (the index's head is no longer in the history)
                try write(words, to: try path(of: target, in: book), in: book.root)
                try git("add", "-A", ".", in: book.root)
                try git("commit", "-q", "--amend", "-m", "amended \(round)", in: book.root)
            case 6:  // a commit back-dated by git (clocks that disagree)
                try write(words, to: try path(of: target, in: book), in: book.root)
                try plainCommit("back-dated \(round)", date: "2001-01-01", in: book.root)
            case 9:  // the branch taken back a version or two with git (the index is cut back, not built again)
                let back = min(Int.random(in: 1...2, using: &random), try commitCount(book.root) - 1)
                if back > 0 { try git("reset", "-q", "--hard", "HEAD~\(back)", in: book.root) }
            default:  // the index damaged by hand
                if exists(indexPath, in: book.root) {
                    var text = try read(indexPath, in: book.root)
                    if let digit = text.lastIndex(where: { $0 == "1" }) { text.replaceSubrange(digit...digit, with: "2") }
                    try write(text, to: indexPath, in: book.root)
                }
            }
            for document in [book.lamp, book.sea] {
                let indexed = try logVersions(book.root, document).map(Self.summary)
                let walked = try logVersions(book.root, document, "--since", "1970-01-01").map(Self.summary)
                XCTAssertEqual(indexed, walked, "round \(round), step \(step), \(document)")
                let walkedIDs = try logVersions(book.root, document, "--since", "1970-01-01").compactMap { $0["version"] as? String }
                if walkedIDs.count > 1 {
                    XCTAssertEqual(try markdown("\(document)@~1", in: book.root), try markdown("\(document)@\(walkedIDs[1])", in: book.root))
                }
                // `DOC@~N` names the Nth version the walk lists (found without reading the versions the index vouches for).
                for n in Set([1, walkedIDs.count / 2, walkedIDs.count - 1]) where n > 0 && n < walkedIDs.count {
                    let shown = try expect(0, "show", "\(document)@~\(n)", "--notes", "--json", in: book.root).json()["version"] as? String
                    XCTAssertEqual(shown, walkedIDs[n], "round \(round), step \(step), \(document)@~\(n)")
                }
            }
            // Status records the last version's files, which check then proves against the tree.
            _ = try statusByTitle(book.root)
            XCTAssertEqual(try staleCaches(book.root), [], "round \(round), step \(step)")
        }
        XCTAssertTrue(exists(indexPath, in: book.root))
    }

    func testSnapshotPullAndMergeLeaveTheIndexAtTheirVersion() throws {
        let book = try makeBook()
        _ = try logVersions(book.root, book.lamp)  // the first reader writes it
        XCTAssertEqual(try indexedHead(book.root), try revision(in: book.root))
        try write("The lamp is out.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try indexedHead(book.root), try revision(in: book.root), "after a snapshot")
        try mergeDraft("other", writingToLamp: "The lamp is lit.\n", toSea: "The sea is out.\n", in: book)
        XCTAssertEqual(try indexedHead(book.root), try revision(in: book.root), "after a merge")
        try write("Plain git.\n", to: Book.seaPath, in: book.root)
        try plainCommit("plain", in: book.root)
        XCTAssertNotEqual(try indexedHead(book.root), try revision(in: book.root))
        XCTAssertEqual(try logVersions(book.root, book.sea).first?["version"] as? String, try revision(in: book.root),
                       "a version made with git is found, and the index brought up to date")
        XCTAssertEqual(try indexedHead(book.root), try revision(in: book.root))
    }

    func testCheckFindsAWrongIndexAndAStatCacheThatLiesAndRepairPutsThemRight() throws {
        let book = try makeBook()
        try write("The lamp is out.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        _ = try logVersions(book.root, book.lamp)
        // A well-formed index that forgets Lamp's first version (its line's hash made to match).
        var lines = try read(indexPath, in: book.root).split(separator: "\n").map(String.init)
        let row = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("d \(book.lamp) ") })
        var fields = lines[row].split(separator: " ").dropLast().map(String.init)
        fields.removeLast()
        let body = fields.joined(separator: " ")
        lines[row] = body + " #" + TextHash.fnv1a64(body)
        try write(Self.sealed(lines), to: indexPath, in: book.root)
        // Lamp changed by hand, with its size and time kept: git's index vouches for its old content.
        let lamp = book.root.appendingPathComponent(Book.lampPath)
        var info = stat()
        XCTAssertEqual(stat(lamp.path, &info), 0)
        try write("The lamp is OUT.\n", to: Book.lampPath, in: book.root)
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, lamp.path, &times, 0), 0)
        XCTAssertEqual(try statusByTitle(book.root)["Lamp"] == nil, true, "status trusts the stat cache")

        XCTAssertEqual(Set(try staleCaches(book.root)), [indexPath, Book.lampPath])
        let repaired = try expect(0, "check", "--repair", "--json", in: book.root).json()["repairs"] as? [String] ?? []
        XCTAssertEqual(repaired.count, 2, "\(repaired)")
        XCTAssertEqual(try staleCaches(book.root), [])
        XCTAssertEqual(try statusByTitle(book.root)["Lamp"]?["text"] as? Bool, true, "status reads the file again")
        XCTAssertEqual(try logVersions(book.root, book.lamp).count, 2)
        XCTAssertEqual(try git("status", "--porcelain", "--", Book.lampPath, in: book.root), " M \(Book.lampPath)\n",
                       "git reads it again too")
    }

    /// A document's line holds its versions in groups of 64, each with its own hash: a log that reads the first few
    /// versions checks only the first group, and one that reaches a damaged group has the index built again and
    /// goes on where it was. Snapshots add to the newest group, starting another when it is full, and the file is
    /// the one a fresh build writes.
    func testALongLineIsCheckedGroupByGroupAndMendedWhereItIsDamaged() throws {
        let book = try makeBook()
        let lampVersions = try logVersions(book.root, book.lamp).count
        // Versions that name Lamp in their trailer, made with git: Lamp's line gets two full groups.
        for number in lampVersions..<128 {
            try git("-c", "user.name=Git User", "-c", "user.email=git@example.com", "commit", "-q", "--allow-empty",
                    "-m", "Version \(number)", "-m", "Msx-Document: \(book.lamp)", in: book.root)
        }
        let walked = { try self.logVersions(book.root, book.lamp, "--since", "1970-01-01").map(Self.summary) }
        XCTAssertEqual(try logVersions(book.root, book.lamp).map(Self.summary), try walked())
        XCTAssertEqual(try lampLine(book).filter { $0 == "#" }.count, 2, "two full groups")
        // A version made with git (on the line of versions without trailers), listed between two of Lamp's line.
        try write("The lamp is low.\n", to: Book.lampPath, in: book.root)
        try plainCommit("plain", in: book.root)
        try write("The lamp is out.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try lampLine(book).filter { $0 == "#" }.count, 3, "the snapshot starts a group")
        XCTAssertEqual(try staleCaches(book.root), [], "the index the snapshot added to is the one a build writes")
        var all = try walked()
        XCTAssertEqual(all.count, 130)

        // The oldest group is not read by a log of the first versions, nor by a snapshot, which writes the newest
        // group again and copies the others; the second group is read by a log after the newest version and the
        // version made with git, and the log goes on below them.
        for (group, damagedBy) in [(2, "the oldest group"), (1, "the second group")] {
            let line = try lampLine(book)
            let marks = line.indices.filter { line[$0] == "#" }
            // A hex digit of a version's id in that group changed (the first id's first digit, after its number).
            let start = line.index(marks[group - 1], offsetBy: 20)
            let id = try XCTUnwrap(line[start...].firstIndex(of: ":"))
            let digit = line.index(after: id)
            let damaged = line.replacingCharacters(in: digit...digit, with: line[digit] == "a" ? "b" : "a")
            try write(try read(indexPath, in: book.root).replacingOccurrences(of: line, with: damaged), to: indexPath, in: book.root)
            if group == 2 {
                XCTAssertEqual(try logVersions(book.root, book.lamp, "-n", "3").map(Self.summary), Array(all.prefix(3)))
                XCTAssertEqual(try lampLine(book), damaged, "a log of the first versions does not read \(damagedBy)")
                try write("The lamp is lit again.\n", to: Book.lampPath, in: book.root)
                try expect(0, "snapshot", in: book.root)
                XCTAssertEqual(Self.afterFirstGroup(try lampLine(book)), Self.afterFirstGroup(damaged),
                               "a snapshot adds to the newest group and copies the others")
                all = try walked()
            }
            XCTAssertEqual(try logVersions(book.root, book.lamp).map(Self.summary), all, "damaged in \(damagedBy)")
            XCTAssertFalse(try lampLine(book).contains(damaged[digit...].prefix(40)), "built again")
            XCTAssertEqual(try staleCaches(book.root), [])
        }
    }

    /// An index cut short (a whole line gone), of another format, or written for the project's manifest at another
    /// place in the repository (a project since moved inside it) is not believed: it is built again.
    func testAnIndexCutShortOfAnotherFormatOrForAnotherPlaceIsBuiltAgain() throws {
        let book = try makeBook()
        try write("The lamp is out.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        let walked = try logVersions(book.root, book.sea, "--since", "1970-01-01").map(Self.summary)
        XCTAssertEqual(try logVersions(book.root, book.sea).map(Self.summary), walked)
        let built = try read(indexPath, in: book.root)
        let lines = built.split(separator: "\n").map(String.init)
        XCTAssertGreaterThanOrEqual(lines.count, 3, "the header, Lamp's line and Sea's")
        let header = lines[0].split(separator: " ").dropLast().map(String.init)
        let formatOne = (["msx-versions", "1"] + header[2...3]).joined(separator: " ")
        let elsewhere = (header.dropLast() + [TextHash.fnv1a64("book/manuscript.json")]).joined(separator: " ")
        for (damage, text) in [("cut short", lines.dropLast().joined(separator: "\n") + "\n"),
                               ("format 1", ([formatOne + " #" + TextHash.fnv1a64(formatOne)] + lines.dropFirst()).joined(separator: "\n") + "\n"),
                               ("another place", ([elsewhere + " #" + TextHash.fnv1a64(elsewhere)] + lines.dropFirst()).joined(separator: "\n") + "\n")] {
            try write(text, to: indexPath, in: book.root)
            XCTAssertEqual(try logVersions(book.root, book.sea).map(Self.summary), walked, damage)
            XCTAssertEqual(try read(indexPath, in: book.root), built, "\(damage): built again")
        }
    }

    /// `.msx/cache/files` lists the last version's files so that status does not walk its tree. One that lies (its
    /// checksum made to match) makes status see a change that is not there: `check` finds it, `--repair` removes it,
    /// and the next command lists the files from the tree again. A damaged one is walked past and written anew.
    func testCheckFindsWrongFilesOfTheLastVersionAndRepairRemovesThem() throws {
        let book = try makeBook()
        let cachePath = ".msx/cache/files"
        XCTAssertEqual(try statusByTitle(book.root).count, 0)
        let lines = try read(cachePath, in: book.root).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "msx version files 1")
        let sea = try XCTUnwrap(lines.first { $0.hasSuffix("\t" + Book.seaPath) })
        // Lamp's recorded blob is Sea's.
        var lying = lines.dropLast().map { $0.hasSuffix("\t" + Book.lampPath) ? String(sea.prefix(40)) + "\t" + Book.lampPath : $0 }
        lying.append("checksum\t" + TextHash.fnv1a64(lying.joined(separator: "\n") + "\n"))
        try write(lying.joined(separator: "\n") + "\n", to: cachePath, in: book.root)
        XCTAssertNotNil(try statusByTitle(book.root)["Lamp"], "status believes the cache: Lamp's file is not the version's")

        XCTAssertEqual(try staleCaches(book.root), [cachePath])
        try expect(0, "check", "--repair", in: book.root)
        XCTAssertFalse(exists(cachePath, in: book.root))
        XCTAssertEqual(try statusByTitle(book.root).count, 0)
        XCTAssertEqual(try read(cachePath, in: book.root), lines.joined(separator: "\n") + "\n", "written again")

        try write("msx version files 1\n" + lines[1] + "\n", to: cachePath, in: book.root)
        XCTAssertEqual(try statusByTitle(book.root).count, 0, "a damaged cache is not believed")
        XCTAssertEqual(try read(cachePath, in: book.root), lines.joined(separator: "\n") + "\n", "and it is written again")
        XCTAssertEqual(try staleCaches(book.root), [])
    }

    /// Git's index records the filtered content of a file (CRLF made LF by `text=auto`): a healthy file like that
    /// is no stale cache.
    func testAFileGitFiltersIsNoStaleCache() throws {
        let book = try makeBook(snapshot: false)
        try write("* text=auto\n", to: ".gitattributes", in: book.root)
        try write("The lamp burned.\r\n\r\nNell watched.\r\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        try git("add", "-A", ".", in: book.root)
        XCTAssertEqual(try git("ls-files", "--eol", "--", Book.lampPath, in: book.root).contains("i/lf"), true)
        usleep(20_000)  // the index is written after the file: its entry is not racily clean
        try git("update-index", "--refresh", in: book.root)
        XCTAssertEqual(try staleCaches(book.root), [])
    }

    // MARK: Helpers

    /// What a log entry says, as compared between the index and the walk.
    private static func summary(_ entry: [String: Any]) -> String {
        let change = entry["change"] as? [String: Any] ?? [:]
        return "\(entry["version"] ?? "") \(entry["subject"] ?? "") \(change.keys.sorted().map { "\($0)=\(change[$0]!)" })"
    }

    /// The project-relative path of the document first created at `path` (it may have been renamed since).
    private func path(of original: String, in book: Book) throws -> String {
        try node(id: original == Book.lampPath ? book.lamp : book.sea, in: book.root)?.path ?? original
    }

    /// A draft that changes Lamp while main changes Sea, merged back into main: a merge version.
    private func mergeDraft(_ draft: String, writingToLamp lamp: String, toSea sea: String, in book: Book) throws {
        try expect(0, "branch", draft, in: book.root)
        try expect(0, "switch", draft, in: book.root)
        try write(lamp, to: try path(of: Book.lampPath, in: book), in: book.root)
        try expect(0, "snapshot", in: book.root)
        try expect(0, "switch", "main", in: book.root)
        try write(sea, to: try path(of: Book.seaPath, in: book), in: book.root)
        try expect(0, "snapshot", in: book.root)
        try expect(0, "merge", draft, in: book.root)
    }

    /// A line of the version index after its first group (and that group's hash).
    private static func afterFirstGroup(_ line: String) -> Substring {
        line.firstIndex(of: "#").map { line[line.index($0, offsetBy: 17)...] } ?? ""
    }

    /// Lamp's line in the version index.
    private func lampLine(_ book: Book) throws -> String {
        try XCTUnwrap(try read(indexPath, in: book.root).split(separator: "\n").first { $0.hasPrefix("d \(book.lamp) ") }.map(String.init))
    }

    /// The index's lines, its header made to match the others again (their length and the header's hash), as msx
    /// writes it.
    private static func sealed(_ lines: [String]) -> String {
        let rest = lines.dropFirst().map { $0 + "\n" }.joined()
        let fields = lines[0].split(separator: " ")
        let header = fields.prefix(4).joined(separator: " ") + " \(rest.utf8.count) " + fields[5]
        return header + " #" + TextHash.fnv1a64(header) + "\n" + rest
    }

    private func indexedHead(_ root: URL) throws -> String {
        String(try read(indexPath, in: root).split(separator: " ")[2])
    }
}
