import Foundation
import XCTest

/// A real browser (Debian's chromium, headless) for the tests of the pages msx writes.
enum Chromium {
    /// The browser's path; skips the test, naming the package, when it is not installed.
    static func path() throws -> String {
        guard let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw XCTSkip("chromium is not installed (apt-get install chromium)") }
        return path
    }

    /// The page as the browser built it (its DOM), not as msx wrote it.
    static func dom(of page: URL, in scratch: URL) throws -> String {
        try run(try path(), ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.absoluteString], in: scratch)
    }

    /// Runs a program to the end, its standard output into a file in `scratch`; returns that output.
    static func run(_ executable: String, _ arguments: [String], in scratch: URL) throws -> String {
        let out = scratch.appendingPathComponent("out-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try String(contentsOf: out, encoding: .utf8)
    }
}
