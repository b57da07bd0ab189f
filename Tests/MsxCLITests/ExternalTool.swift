import Foundation
import XCTest

/// Another program run as an oracle (pandoc, epubcheck, git): its exit status and what it printed.
enum ExternalTool {
    /// Runs `executable` with `arguments`; standard error joins standard output when `mergingErrors`, else is dropped.
    /// Skips the test, naming the Debian package, when the program is not installed.
    static func run(_ executable: String, _ arguments: [String], package: String, mergingErrors: Bool = false) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw XCTSkip("\(executable) is not installed (apt-get install \(package))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = mergingErrors ? pipe : FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
