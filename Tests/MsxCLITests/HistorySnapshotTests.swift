import Foundation
import XCTest

/// `msx init` creating the repository, and `msx snapshot` recording versions as git commits.
final class HistorySnapshotTests: HistoryTestCase {
    /// The `Msx-Document:` trailers of a commit's message, in order, whole.
    private func trailerLines(_ revision: String = "HEAD", in root: URL) throws -> [String] {
        try git("log", "-1", "--format=%B", revision, in: root).split(separator: "\n")
            .filter { $0.hasPrefix("Msx-Document: ") }.map { String($0.dropFirst("Msx-Document: ".count)) }
    }

    /// The document ids the trailers name (the first field of each), in order.
    private func trailers(_ revision: String = "HEAD", in root: URL) throws -> [String] {
        try trailerLines(revision, in: root).map { String($0.split(separator: " ").first ?? "") }
    }

    /// Each trailer also records the words added and removed and what changed, so logs read no file.
    func testTrailersRecordWordCountsAndKinds() throws {
        let book = try makeBook()
        try write("The old lamp burned all night.\n\nNell watched it from the quay above.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try trailerLines(in: book.root), ["\(book.lamp) +1 -0 text"])
    }

    /// A commit's author as `Name <mail>`.
    private func author(_ root: URL) throws -> String {
        try git("log", "-1", "--format=%an <%ae>", in: root).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A partial snapshot keeps the last version's manifest byte for byte when the binder has not changed: one laid
    /// out by hand or by another tool is not written again in msx's layout, so git sees nothing modified after it.
    func testAPartialSnapshotKeepsAManifestLaidOutByHand() throws {
        let book = try makeBook()
        let lines = try read("manuscript.json", in: book.root).components(separatedBy: "\n")
        let relaid = lines.map { line -> String in
            let indent = line.prefix { $0 == " " }.count
            return String(repeating: "\t", count: indent / 2) + line.dropFirst(indent)
        }.joined(separator: "\n")
        try write(relaid, to: "manuscript.json", in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try git("show", "HEAD:manuscript.json", in: book.root), relaid)

        try write("The lamp is out.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", book.lamp, in: book.root)
        XCTAssertEqual(try trailers(in: book.root), [book.lamp])
        XCTAssertEqual(try git("rev-parse", "HEAD:manuscript.json", in: book.root), try git("rev-parse", "HEAD~1:manuscript.json", in: book.root))
        XCTAssertEqual(try git("status", "--porcelain", in: book.root), "")
    }

    func testInitCreatesARepositoryThatIgnoresMsxFolder() throws {
        let root = try makeProject()
        XCTAssertEqual(try git("rev-parse", "--git-dir", in: root).trimmingCharacters(in: .whitespacesAndNewlines), ".git")
        XCTAssertEqual(try git("rev-parse", "--show-toplevel", in: root).trimmingCharacters(in: .whitespacesAndNewlines),
                       root.resolvingSymlinksInPath().path)
        let ignored = try read(".gitignore", in: root).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(ignored.contains(".msx/") || ignored.contains(".msx"), "\(ignored)")
        try expect(0, "snapshot", in: root)
        XCTAssertTrue(exists(".msx", in: root), "msx keeps its lock and cache in .msx/")
        let tracked = try git("ls-tree", "-r", "--name-only", "HEAD", in: root).split(separator: "\n")
        XCTAssertFalse(tracked.contains { $0.hasPrefix(".msx/") }, "\(tracked)")
    }

    func testNothingChangedSaysSoAndRecordsNothing() throws {
        let book = try makeBook()
        let count = try commitCount(book.root)
        XCTAssertEqual(count, 1)
        let result = try expect(0, "snapshot", in: book.root)
        XCTAssertTrue(result.output.contains("Nothing changed"), result.output)
        XCTAssertEqual(try commitCount(book.root), count)
        try expect(0, "snapshot", "-m", "again", "--tag", "nothing", in: book.root)
        XCTAssertEqual(try commitCount(book.root), count, "-m and --tag do not force an empty version")
    }

    func testFirstSnapshotRecordsEveryFileWithTrailers() throws {
        let book = try makeBook(snapshot: false)
        try expect(0, "format", "Lamp", "--match", "old lamp", "--underline", in: book.root)
        XCTAssertTrue(exists("contents/draft/lamp.attrs.json", in: book.root))
        let chapter = try node(titled: "Chapter 1", in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try commitCount(book.root), 1)
        let tracked = Set(try git("ls-tree", "-r", "--name-only", "HEAD", in: book.root).split(separator: "\n").map(String.init))
        for path in ["manuscript.json", ".gitignore", chapter.path, Book.lampPath, "contents/draft/lamp.attrs.json", Book.seaPath] {
            XCTAssertTrue(tracked.contains(path), "\(path) not committed: \(tracked.sorted())")
            XCTAssertEqual(try gitRun(["show", "HEAD:\(path)"], in: book.root).data, try bytes(path, in: book.root), path)
        }
        let subject = try git("log", "-1", "--format=%s", in: book.root).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(subject.hasPrefix("Snapshot: "), subject)
        for title in ["Chapter 1", "Lamp", "Sea"] { XCTAssertTrue(subject.contains(title), subject) }
        XCTAssertEqual(Set(try trailers(in: book.root)), [chapter.id, book.lamp, book.sea])
        XCTAssertEqual(try porcelain(book.root), [], "git sees the project exactly as committed")
    }

    func testMessageAndMilestoneOption() throws {
        let book = try makeBook()
        try write("The quay was empty.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", "-m", "Emptied the quay", "--tag", "quay done", in: book.root)
        XCTAssertEqual(try git("log", "-1", "--format=%s", in: book.root), "Emptied the quay\n")
        XCTAssertEqual(try trailers(in: book.root), [book.sea], "the trailer names the document even with -m")
        let milestones = try expect(0, "tags", "--json", in: book.root).json()["milestones"] as? [[String: Any]] ?? []
        XCTAssertEqual(milestones.map { $0["name"] as? String }, ["quay done"])
        XCTAssertEqual(milestones.first?["version"] as? String, try revision(in: book.root))
    }

    func testSnapshotOfOneDocumentLeavesTheOtherChanged() throws {
        let book = try makeBook()
        try write("The lamp went out.\n", to: Book.lampPath, in: book.root)
        try write("The sea rose.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", "Lamp", in: book.root)
        XCTAssertEqual(try trailers(in: book.root), [book.lamp])
        XCTAssertEqual(try git("show", "HEAD:\(Book.lampPath)", in: book.root), "The lamp went out.\n")
        XCTAssertEqual(try git("show", "HEAD:\(Book.seaPath)", in: book.root), Book.seaText)
        let status = try statusByTitle(book.root)
        XCTAssertNil(status["Lamp"], "Lamp was just recorded")
        XCTAssertEqual(status["Sea"]?["text"] as? Bool, true, "\(status)")
        XCTAssertEqual(try porcelain(book.root), [" M \(Book.seaPath)"])
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try trailers(in: book.root), [book.sea])
        XCTAssertEqual(try porcelain(book.root), [])
    }

    func testAuthorComesFromFlagThenEnvironmentThenGitConfig() throws {
        let book = try makeBook(snapshot: false)  // the test's global git config names `writerName`
        let env = ["MSX_AUTHOR": "Env Writer <env@example.com>"]
        try git("config", "user.name", "Config Writer", in: book.root)
        try git("config", "user.email", "config@example.com", in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertEqual(try author(book.root), "Config Writer <config@example.com>")
        try write("Words by env.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", in: book.root, env: env)
        XCTAssertEqual(try author(book.root), "Env Writer <env@example.com>")
        try write("Words by flag.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", "--author", "Flag Writer <flag@example.com>", in: book.root, env: env)
        XCTAssertEqual(try author(book.root), "Flag Writer <flag@example.com>")
        let authors = try logVersions(book.root).map { $0["author"] as? String ?? "" }
        XCTAssertEqual(authors, ["Flag Writer", "Env Writer", "Config Writer"])
    }

    /// A change of metadata alone (a document's status, the book's title) is a version of its own: the manuscript.json
    /// it records is the one on disk, and afterwards msx and git both see nothing left to record.
    func testMetadataAloneIsRecordedExactlyAndLeavesNothingBehind() throws {
        let book = try makeBook()
        try expect(0, "meta", "Lamp", "--status", "Revised", in: book.root)
        let count = try commitCount(book.root)
        let json = try expect(0, "snapshot", "--json", in: book.root).json()
        XCTAssertNotNil(json["version"] as? String)
        XCTAssertEqual((json["documents"] as? [[String: Any]])?.compactMap { $0["metadata"] as? Bool }, [true])
        XCTAssertEqual(try commitCount(book.root), count + 1)
        XCTAssertEqual(try git("show", "HEAD:manuscript.json", in: book.root), try read("manuscript.json", in: book.root))
        XCTAssertEqual(try expect(0, "status", "--json", in: book.root).json()["clean"] as? Bool, true)
        XCTAssertEqual(try porcelain(book.root), [])

        // The book's own settings, edited by hand: a version named for them, with the same guarantees.
        let manifest = try read("manuscript.json", in: book.root)
        try write(manifest.replacingOccurrences(of: "\"Test Book\"", with: "\"The Lighthouse\""), to: "manuscript.json", in: book.root)
        let settings = try expect(0, "snapshot", "--json", in: book.root).json()
        XCTAssertNotNil(settings["version"] as? String, "a settings-only change is recorded")
        XCTAssertEqual(try commitCount(book.root), count + 2)
        XCTAssertEqual(try git("show", "HEAD:manuscript.json", in: book.root), try read("manuscript.json", in: book.root))
        XCTAssertEqual(try expect(0, "status", "--json", in: book.root).json()["clean"] as? Bool, true)
        XCTAssertEqual(try porcelain(book.root), [])
    }
}

/// A change of metadata alone (keywords, target, include in compile, a custom field) is a change a snapshot records:
/// git, reading the version's manifest, sees the new value, and `status` is clean after.
final class MetadataSnapshotTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testEveryMetadataFieldAloneIsRecorded() throws {
        let book = try makeBook()
        let changes: [(arguments: [String], field: String, expected: Any)] = [
            (["--add-keyword", "harbour"], "keywords", ["harbour"]),
            (["--target", "1200"], "target", 1200),
            (["--exclude"], "includeInCompile", false),
            (["--set", "pov=Nell"], "custom", ["pov": "Nell"]),
        ]
        for change in changes {
            try expect(0, ["meta", "Lamp"] + change.arguments, in: book.root)
            XCTAssertEqual(try expect(0, "status", "--json", in: book.root).json()["clean"] as? Bool, false, change.field)
            let result = try expect(0, "snapshot", "--json", in: book.root).json()
            XCTAssertNotNil(result["version"] as? String, "\(change.field) alone is a version")
            let manifest = try JSONSerialization.jsonObject(with: Data(try git("show", "HEAD:manuscript.json", in: book.root).utf8)) as? [String: Any]
            let lamp = Node.flatten(manifest?["binder"] as? [[String: Any]] ?? []).first { $0.id == book.lamp }
            XCTAssertEqual((lamp?.fields[change.field] as? NSObject), change.expected as? NSObject, change.field)
            XCTAssertEqual(try expect(0, "status", "--json", in: book.root).json()["clean"] as? Bool, true, change.field)
        }
    }
}
