import Foundation
import MsxKit
import XCTest

/// The outcome of one run of the `git` command-line tool, the tests' independent witness of msx's history.
struct GitResult {
    var data: Data
    var stderr: String
    var status: Int32
    /// Standard output as UTF-8 text.
    var stdout: String { String(decoding: data, as: UTF8.self) }
    /// Standard output split into non-empty lines.
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// A small project for the history tests: documents "Lamp" and "Sea" in Draft.
struct Book {
    static let lampPath = "contents/draft/lamp.md"
    static let seaPath = "contents/draft/sea.md"
    static let lampText = "The old lamp burned all night.\n\nNell watched it from the quay.\n"
    static let seaText = "The sea was calm that evening.\n"
    var root: URL
    var lamp: String
    var sea: String
}

/// Base class for the history tests.
///
/// Each test runs with `HOME` and `XDG_CONFIG_HOME` in its scratch folder and git's system configuration off (set
/// in this process, so every msx and git child inherits them; restored afterwards). That home's `.gitconfig` names
/// `writerName` and `writerEmail` as the user, so versions are signed by them unless a test says otherwise.
/// `TZ=UTC` makes the days of `log`, `--since` and `@{date}` agree with git's UTC dates.
class HistoryTestCase: MsxTestCase {
    static let writerName = "Test Writer"
    static let writerEmail = "test@example.com"
    private var savedEnvironment: [String: String?] = [:]
    private var blobIDs: [String: String] = [:]

    override func setUpWithError() throws {
        try super.setUpWithError()
        let home = scratch.appendingPathComponent("home", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try write("[user]\n\tname = \(Self.writerName)\n\temail = \(Self.writerEmail)\n", to: ".gitconfig", in: home)
        let isolation = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
                         "GIT_CONFIG_NOSYSTEM": "1", "TZ": "UTC"]
        for (key, value) in isolation {
            savedEnvironment[key] = .some(ProcessInfo.processInfo.environment[key])  // remembers "unset" too
            setenv(key, value, 1)
        }
        guard (try? gitRun(["--version"], in: scratch).status) == 0 else { throw XCTSkip("the git CLI is not installed") }
    }

    override func tearDownWithError() throws {
        for (key, value) in savedEnvironment {
            if let value { setenv(key, value, 1) } else { unsetenv(key) }
        }
        savedEnvironment = [:]
        try super.tearDownWithError()
    }

    // MARK: Fixtures

    /// A blank project (folder `name` in the scratch folder) with "Lamp" and "Sea" (see `Book`), snapshotted once
    /// unless `snapshot` is false.
    func makeBook(name: String = "book", snapshot: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws -> Book {
        let root = try makeProject(name: name, file: file, line: line)
        let lamp = try addDocument("Lamp", Book.lampText, to: root, file: file, line: line)
        let sea = try addDocument("Sea", Book.seaText, to: root, file: file, line: line)
        XCTAssertEqual([lamp.path, sea.path], [Book.lampPath, Book.seaPath], file: file, line: line)
        if snapshot { try expect(0, "snapshot", in: root, file: file, line: line) }
        return Book(root: root, lamp: lamp.id, sea: sea.id)
    }

    // MARK: The git witness

    /// Runs `git arguments` in `directory` with `environment` added, feeding `stdin`; output goes through files so
    /// large output cannot block.
    func gitRun(_ arguments: [String], in directory: URL, stdin: Data? = nil,
                environment: [String: String] = [:]) throws -> GitResult {
        let token = UUID().uuidString
        let tmp = FileManager.default.temporaryDirectory
        let urls = ["out", "err", "in"].map { tmp.appendingPathComponent("git-\($0)-\(token)") }
        defer { for url in urls { try? FileManager.default.removeItem(at: url) } }
        _ = FileManager.default.createFile(atPath: urls[0].path, contents: nil)
        _ = FileManager.default.createFile(atPath: urls[1].path, contents: nil)
        _ = FileManager.default.createFile(atPath: urls[2].path, contents: stdin ?? Data())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = try FileHandle(forReadingFrom: urls[2])
        process.standardOutput = try FileHandle(forWritingTo: urls[0])
        process.standardError = try FileHandle(forWritingTo: urls[1])
        try process.run()
        process.waitUntilExit()
        return GitResult(data: (try? Data(contentsOf: urls[0])) ?? Data(),
                         stderr: (try? String(contentsOf: urls[1], encoding: .utf8)) ?? "",
                         status: process.terminationStatus)
    }

    /// Records `lamp` as Lamp's text on the draft `draft` (made from the current version when it does not exist yet),
    /// then goes back to `main`.
    func recordLamp(_ lamp: String, onDraft draft: String, message: String, in book: Book) throws {
        if !(try expect(0, "branch", "--json", in: book.root).stdout.contains("\"name\": \"\(draft)\"")) {
            try expect(0, "branch", draft, in: book.root)
        }
        try expect(0, "switch", draft, in: book.root)
        try Data(lamp.utf8).write(to: book.root.appendingPathComponent(Book.lampPath))
        try expect(0, "snapshot", "-m", message, in: book.root)
        try expect(0, "switch", "main", in: book.root)
    }

    /// Runs git and asserts it succeeded; returns its standard output.
    @discardableResult
    func git(_ arguments: String..., in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try gitRun(arguments, in: directory)
        XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    /// How many commits HEAD has (0 before the first).
    /// A project whose document "Storm" reads `base`, then `ours` on main and `theirs` on the branch "other", each
    /// snapshotted; main is checked out. Returns the project and the document's path.
    func divergingBranches(base: String, ours: String, theirs: String) throws -> (root: URL, path: String) {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", base, to: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        try git("branch", "other", in: root)
        try write(ours, to: path, in: root)
        try expect(0, "snapshot", "-m", "ours", in: root)
        try git("checkout", "-q", "other", in: root)
        try write(theirs, to: path, in: root)
        try expect(0, "snapshot", "-m", "theirs", in: root)
        try git("checkout", "-q", "main", in: root)
        return (root, path)
    }

    func commitCount(_ root: URL) throws -> Int {
        let result = try gitRun(["rev-list", "--count", "HEAD"], in: root)
        return result.status == 0 ? Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 : 0
    }

    /// The full id of a revision (default HEAD).
    func revision(_ name: String = "HEAD", in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try git("rev-parse", name, in: root, file: file, line: line).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Commits everything under `root` with the git CLI, as a writer using git directly would (no msx trailers);
    /// `date` (YYYY-MM-DD) back-dates the commit to noon UTC that day.
    func plainCommit(_ message: String, date: String? = nil, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        try git("add", "-A", ".", in: root, file: file, line: line)
        let arguments = ["-c", "user.name=Git User", "-c", "user.email=git@example.com", "commit", "-q", "-m", message]
        let dates = date.map { ["GIT_AUTHOR_DATE": "\($0)T12:00:00Z", "GIT_COMMITTER_DATE": "\($0)T12:00:00Z"] } ?? [:]
        let result = try gitRun(arguments, in: root, environment: dates)
        XCTAssertEqual(result.status, 0, "git commit: \(result.stderr)", file: file, line: line)
    }

    /// `git status --porcelain` lines for the project's own paths.
    func porcelain(_ root: URL) throws -> [String] {
        try gitRun(["status", "--porcelain", "--untracked-files=all", "--", "."], in: root).lines
    }

    /// The witnesses agree the repository is sound: `git fsck --strict` passes (dangling objects are fine) and
    /// `git log` reads the whole history.
    func assertRepositorySound(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let fsck = try gitRun(["fsck", "--strict", "--no-progress"], in: root)
        XCTAssertEqual(fsck.status, 0, "git fsck: \(fsck.stdout)\(fsck.stderr)", file: file, line: line)
        let complaints = (fsck.stdout + fsck.stderr).split(separator: "\n")
            .filter { !$0.hasPrefix("dangling ") && !$0.hasPrefix("notice: ") }
        XCTAssertEqual(complaints, [], "git fsck complaints", file: file, line: line)
        if try commitCount(root) > 0 { try git("log", "--stat", "--format=%H %an %s", in: root, file: file, line: line) }
    }

    // MARK: Recovering text

    /// The ids of every object (commit, tree, blob) reachable from any ref (`git rev-list --all --objects`).
    func reachableObjects(_ root: URL) throws -> Set<String> {
        Set(try gitRun(["rev-list", "--all", "--objects"], in: root).lines.map { String($0.prefix(40)) })
    }

    /// The id git would give `text` as a blob (`git hash-object`, remembered per text for the test's length).
    func blobID(_ text: String, in root: URL) throws -> String {
        if let known = blobIDs[text] { return known }
        let id = try gitRun(["hash-object", "--stdin"], in: root, stdin: Data(text.utf8)).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        blobIDs[text] = id
        return id
    }

    /// Asserts each of `versions` (document id -> Markdown texts once seen) survives: in the document's working
    /// file, or as a blob of some commit (`git rev-list --all --objects`).
    func assertRecoverable(_ versions: [String: Set<String>], in root: URL, _ context: String = "",
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let objects = try reachableObjects(root)
        for (id, texts) in versions {
            let path = try node(id: id, in: root)?.path
            let working = path.flatMap { try? read($0, in: root) }
            for text in texts where text != working {
                XCTAssertTrue(objects.contains(try blobID(text, in: root)),
                              "\(context): a version of \(id) is lost: \(text.debugDescription)", file: file, line: line)
            }
        }
    }

    // MARK: Reading msx's reports

    /// The entries of `status --json` for documents, keyed by title.
    func statusByTitle(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String: Any]] {
        let json = try expect(0, "status", "--json", in: root, file: file, line: line).json(file: file, line: line)
        let documents = json["documents"] as? [[String: Any]] ?? []
        return Dictionary(documents.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The `versions` of `log --json` with `arguments` (a reference, --limit, ...).
    func logVersions(_ root: URL, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let result = try runMsx(["log", "--json"] + arguments, in: root)
        assertExit(result, 0, file: file, line: line)
        return result.json(file: file, line: line)["versions"] as? [[String: Any]] ?? []
    }

    /// The paths `check --json` reports as stale caches.
    func staleCaches(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let findings = try expect(0, "check", "--json", in: root, file: file, line: line).json()["findings"] as? [[String: Any]] ?? []
        return findings.filter { $0["code"] as? String == "stale-cache" }.compactMap { $0["path"] as? String }
    }

    /// The id a stamped cache file (`.msx/cache/manifest`, `.msx/cache/index`) records, its header checked.
    func recordedStampedID(at path: String, header: String, in root: URL) throws -> String {
        let lines = try read(path, in: root).split(separator: "\n")
        XCTAssertEqual(lines.first.map(String.init), header)
        return String(try XCTUnwrap(lines.dropFirst().first?.split(separator: "\t").last))
    }

    /// A stamped cache file's entry with its id replaced (the checksum made to match), the file's time set to
    /// `cacheTime`.
    func rewriteStampedID(at path: String, in root: URL, id: String, cacheTime: Date) throws {
        let lines = try read(path, in: root).split(separator: "\n").map(String.init)
        var fields = lines[1].split(separator: "\t").map(String.init)
        fields[fields.count - 1] = id
        let body = lines[0] + "\n" + fields.joined(separator: "\t") + "\n"
        try write(body + "checksum\t" + TextHash.fnv1a64(body) + "\n", to: path, in: root)
        try FileManager.default.setAttributes([.modificationDate: cacheTime], ofItemAtPath: root.appendingPathComponent(path).path)
    }

    /// A document's text as `show REF --as markdown` prints it (REF may carry `@REV`).
    func markdown(_ reference: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try expect(0, "show", reference, "--as", "markdown", in: root, file: file, line: line).stdout
    }
}
