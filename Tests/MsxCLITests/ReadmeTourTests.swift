import Foundation
import XCTest

/// The README's tour runs literally, top to bottom, as written (it needed files nobody had, an
/// editor, and a folder of exports). `scripts/readme-tour.sh` runs it with the built binary in an empty folder.
final class ReadmeTourTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testTheTourRunsAsWritten() throws {
        let binary = try MsxRunner.requireBinary()
        let script = MsxRunner.packageRoot.appendingPathComponent("scripts/readme-tour.sh")
        let result = try runProgram(["bash", script.path, binary.path])
        XCTAssertEqual(result.status, 0, "the tour stopped:\n\(result.stderr.suffix(3000))")
        XCTAssertTrue(result.stderr.contains("every line of the tour ran"), String(result.stderr.suffix(500)))
        // Each line ran: the trace names every msx command of the block.
        let readme = try String(contentsOf: MsxRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let tour = readme.components(separatedBy: "## A five-minute tour")[1].components(separatedBy: "```sh\n")[1]
            .components(separatedBy: "\n```")[0]
        let commands = tour.split(separator: "\n").filter { $0.hasPrefix("msx ") }
        XCTAssertGreaterThan(commands.count, 20)
        let traced = result.stderr.split(separator: "\n").filter { $0.hasPrefix("+ msx ") }
        XCTAssertEqual(traced.count, commands.count + tour.components(separatedBy: "&& msx ").count - 1, result.stderr)
    }

    /// Runs a program with output through files (the tour prints a lot).
    private func runProgram(_ arguments: [String]) throws -> GitResult {
        let folder = scratch.appendingPathComponent("tour-out", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return GitResult(data: try Data(contentsOf: out), stderr: try String(contentsOf: err, encoding: .utf8),
                         status: process.terminationStatus)
    }
}
