import Foundation
import MsxCLI
import XCTest

/// The outcome of one msx run.
struct MsxResult {
    var stdout: String
    var stderr: String
    /// The exit status, or the signal number when `signalled` is true.
    var exitCode: Int32
    /// True when the process was killed by a signal rather than exiting.
    var signalled: Bool

    /// Standard output parsed as a JSON object (fails the test and returns `[:]` when it is not one).
    func json(file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        guard let data = stdout.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            XCTFail("stdout is not a JSON object: \(stdout)\nstderr: \(stderr)", file: file, line: line)
            return [:]
        }
        return object
    }

    /// Everything msx printed, for messages that may go to either stream.
    var output: String { stdout + stderr }
}

/// Runs msx for the tests: in process by default (`run`), through `MsxCommandLine` with captured streams, or as the
/// built binary in a child process (`spawn`, `start`) where a test needs a real process: crashes, kills, locks
/// held by another process, signals, terminals, and git calling msx back.
///
/// Every run gets `NO_COLOR=1` and `MSX_TEMPLATES=<package root>/templates`; variables that change msx's behaviour
/// (`MSX_FAULT`, `EDITOR`, …) are removed from the inherited environment unless a test passes them explicitly.
/// Standard input is never a terminal.
enum MsxRunner {
    /// The package root, three levels above this file (`Tests/MsxCLITests/MsxRunner.swift`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The msx executable for child processes: `$MSX_BIN` when set, else the `msx` SwiftPM built beside this test
    /// bundle (the same build folder and configuration). `nil` when it is not there.
    static let binary: URL? = {
        if let path = ProcessInfo.processInfo.environment["MSX_BIN"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let bundleFolder = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundleFolder.appendingPathComponent("msx")
        return FileManager.default.isExecutableFile(atPath: beside.path) ? beside : nil
    }()

    /// Why a child process cannot be started: the binary is missing. A failure, never a skip: a broken build path
    /// must not pass as "skipped".
    struct MissingBinary: Error, CustomStringConvertible {
        var description: String {
            "the msx binary was not found beside the test bundle; run `swift build` (or set MSX_BIN to its path)"
        }
    }

    /// The binary, or the error that fails the test.
    static func requireBinary() throws -> URL {
        guard let binary else { throw MissingBinary() }
        return binary
    }

    /// The templates shipped in the source tree.
    static let templates: URL = packageRoot.appendingPathComponent("templates")

    /// The environment for a child msx: the inherited one, scrubbed, plus `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["MSX_FAULT", "MSX_FAULT_WAIT", "MSX_FAULT_WAIT_FILE", "VISUAL", "EDITOR", "MSX_PAGER", "PAGER", "MSX_AUTHOR"] {
            env[key] = nil
        }
        env["NO_COLOR"] = "1"
        env["MSX_TEMPLATES"] = templates.path
        env.merge(extra) { _, new in new }
        return env
    }

    /// A configured but not yet started msx process whose output goes to temporary files.
    struct Launch {
        let process: Process
        let stdoutURL: URL
        let stderrURL: URL

        /// Waits for the process and collects its output. With `hangingAfter`, a process still running after that
        /// many seconds is taken for hung and killed (`signalled` is then true): for tests of what must never
        /// hang, with a limit far above any honest run so that a loaded machine never trips it.
        func wait(hangingAfter limit: TimeInterval? = nil) -> MsxResult {
            if let limit {
                let deadline = Date().addingTimeInterval(limit)
                while process.isRunning && Date() < deadline { usleep(20_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
            process.waitUntilExit()
            let out = (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? ""
            let err = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
            return MsxResult(
                stdout: out, stderr: err, exitCode: process.terminationStatus,
                signalled: process.terminationReason == .uncaughtSignal)
        }
    }

    /// Starts msx with `arguments` in `directory`; `stdin` (if given) is fed through a file.
    static func start(_ arguments: [String], in directory: URL, stdin: Data? = nil,
                      environment extra: [String: String] = [:]) throws -> Launch {
        let scratch = FileManager.default.temporaryDirectory
        let token = UUID().uuidString
        let outURL = scratch.appendingPathComponent("msx-out-\(token)")
        let errURL = scratch.appendingPathComponent("msx-err-\(token)")
        let inURL = scratch.appendingPathComponent("msx-in-\(token)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: stdin ?? Data())
        let process = Process()
        process.executableURL = try requireBinary()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment(extra)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        try? FileManager.default.removeItem(at: inURL)  // the child holds it open
        return Launch(process: process, stdoutURL: outURL, stderrURL: errURL)
    }

    /// Runs msx as a child process to completion and returns its output and exit status.
    static func spawn(_ arguments: [String], in directory: URL, stdin: Data? = nil,
                      environment extra: [String: String] = [:]) throws -> MsxResult {
        try start(arguments, in: directory, stdin: stdin, environment: extra).wait()
    }

    /// Runs msx in this process with captured streams and returns its output and exit status.
    static func run(_ arguments: [String], in directory: URL, stdin: Data? = nil,
                    environment extra: [String: String] = [:]) throws -> MsxResult {
        precondition(extra["MSX_FAULT"] == nil, "fault injection kills the process: use MsxRunner.spawn")
        let out = CapturedText()
        let err = CapturedText()
        let input = stdin ?? Data()
        let invocation = Invocation(
            workingDirectory: directory, environment: environment(extra), readInput: { input },
            standardOutput: out, standardError: err, terminals: .none,
            executablePath: binary?.path ?? "/nonexistent/msx")
        let status = MsxCommandLine.run(arguments, in: invocation)
        return MsxResult(stdout: out.text, stderr: err.text, exitCode: status, signalled: false)
    }
}
