import MsxTestSupport
import Foundation
import XCTest

/// Base class for the command tests: a fresh temporary folder per test, msx runs (in process), and project helpers.
class MsxTestCase: SeededTestCase {
    /// A fresh folder for this test, deleted afterwards.
    var scratch: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("msx-cli-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let scratch, ProcessInfo.processInfo.environment["MSX_KEEP_SCRATCH"] == nil { try? FileManager.default.removeItem(at: scratch) }
        try super.tearDownWithError()
    }

    // MARK: Running msx

    /// Whether this class's commands run the built `msx` binary as a child process (the acceptance scenarios) rather
    /// than in this process.
    class var runsTheBuiltBinary: Bool { false }

    /// Runs msx with `arguments` in `directory`, in process or as the built binary as the class says.
    func runMsx(_ arguments: [String], in directory: URL, stdin: String? = nil, env: [String: String] = [:]) throws -> MsxResult {
        let input = stdin.map { Data($0.utf8) }
        return Self.runsTheBuiltBinary
            ? try MsxRunner.spawn(arguments, in: directory, stdin: input, environment: env)
            : try MsxRunner.run(arguments, in: directory, stdin: input, environment: env)
    }

    /// Runs msx in `directory` (default: the scratch folder).
    @discardableResult
    func msx(_ arguments: String..., in directory: URL? = nil, stdin: String? = nil,
             env: [String: String] = [:]) throws -> MsxResult {
        try runMsx(arguments, in: directory ?? scratch, stdin: stdin, env: env)
    }

    /// Runs msx and asserts its exit status; returns the result for further checks.
    @discardableResult
    func expect(_ status: Int32, _ arguments: String..., in directory: URL? = nil, stdin: String? = nil,
                env: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> MsxResult {
        try expect(status, arguments, in: directory, stdin: stdin, env: env, file: file, line: line)
    }

    /// `expect` with the arguments as a list.
    @discardableResult
    func expect(_ status: Int32, _ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
                env: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> MsxResult {
        let result = try runMsx(arguments, in: directory ?? scratch, stdin: stdin, env: env)
        assertExit(result, status, file: file, line: line)
        return result
    }

    /// Asserts a normal exit with `status`, showing msx's output when it differs.
    func assertExit(_ result: MsxResult, _ status: Int32, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(result.signalled, "msx was killed by signal \(result.exitCode)", file: file, line: line)
        XCTAssertEqual(result.exitCode, status, "stdout: \(result.stdout)\nstderr: \(result.stderr)", file: file, line: line)
    }

    /// Asserts a `--json` error: `{"error": {"code", "message", "exitCode"}, "schemaVersion": 1}` on stdout.
    /// Returns the error's message.
    @discardableResult
    func assertJSONError(_ result: MsxResult, _ status: Int32, file: StaticString = #filePath, line: UInt = #line) -> String {
        assertExit(result, status, file: file, line: line)
        let json = result.json(file: file, line: line)
        guard let error = json["error"] as? [String: Any] else {
            if !json.isEmpty { XCTFail("no error object in \(result.stdout.prefix(300))", file: file, line: line) }
            return ""
        }
        XCTAssertEqual(json["schemaVersion"] as? Int, 1, file: file, line: line)
        XCTAssertFalse((error["code"] as? String ?? "").isEmpty, "error.code missing: \(json)", file: file, line: line)
        XCTAssertEqual(error["exitCode"] as? Int, Int(status), file: file, line: line)
        let message = error["message"] as? String ?? ""
        XCTAssertFalse(message.isEmpty, "error.message missing: \(json)", file: file, line: line)
        return message
    }

    // MARK: Projects

    /// Creates a project from `template` in a new folder of the scratch folder and returns its root.
    func makeProject(_ template: String = "blank", name: String = "book", title: String = "Test Book",
                     file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try expect(0, "init", name, "--template", template, "--title", title, "--author", "Ada Lovelace",
                   file: file, line: line)
        return scratch.appendingPathComponent(name)
    }

    /// Adds a document with `markdown` (through standard input) and returns its id and project-relative path.
    @discardableResult
    func addDocument(_ title: String, _ markdown: String, to root: URL, options: [String] = [],
                     file: StaticString = #filePath, line: UInt = #line) throws -> (id: String, path: String) {
        let result = try runMsx(["new", title, "--from", "-", "--json"] + options, in: root, stdin: markdown, env: [:])
        assertExit(result, 0, file: file, line: line)
        let node = (result.json(file: file, line: line)["created"] as? [[String: Any]])?.first ?? [:]
        return (node["id"] as? String ?? "", node["path"] as? String ?? "")
    }

    // MARK: Files

    /// Lays compile settings (and default formatting) over the project's manifest, as a writer edits it by hand.
    func setCompileSettings(_ settings: [String: Any], defaults: [String: Any] = [:], in root: URL) throws {
        let url = root.appendingPathComponent("manuscript.json")
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        manifest["compile"] = (manifest["compile"] as? [String: Any] ?? [:]).merging(settings) { $1 }
        manifest["defaults"] = (manifest["defaults"] as? [String: Any] ?? [:]).merging(defaults) { $1 }
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }


    /// The text of a project file (UTF-8).
    func read(_ relative: String, in root: URL) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The bytes of a project file.
    func bytes(_ relative: String, in root: URL) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relative))
    }

    /// Replaces a project file with `text`, as another editor would (a plain write).
    func write(_ text: String, to relative: String, in root: URL) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    /// Whether a project-relative file or folder exists (symbolic links are not followed).
    func exists(_ relative: String, in root: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)) != nil
    }

    /// Every file and folder under `root` with its bytes (folders map to an empty marker), keyed by relative
    /// path; `.msx/` (msx's private cache and lock) is left out unless `includePrivate`.
    func snapshot(_ root: URL, includePrivate: Bool = false) -> [String: Data] {
        var result: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return result }
        for case let relative as String in walker {
            if !includePrivate && (relative == ".msx" || relative.hasPrefix(".msx/")) { continue }
            let url = URL(fileURLWithPath: prefix + relative)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            result[isFolder.boolValue ? relative + "/" : relative] = isFolder.boolValue ? Data() : (try? Data(contentsOf: url)) ?? Data("<unreadable>".utf8)
        }
        return result
    }

    /// Asserts two snapshots are identical, naming the paths that differ.
    func assertSameSnapshot(_ before: [String: Data], _ after: [String: Data], file: StaticString = #filePath, line: UInt = #line) {
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        XCTAssertEqual(changed, [], "these paths changed", file: file, line: line)
    }
}
