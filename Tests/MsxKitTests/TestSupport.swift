import Foundation
import MsxTestSupport
import XCTest
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// A fresh temporary folder, removed by the caller's `defer`.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("msx-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// What a tool (an oracle: find, python3) prints on its standard output; fails the test when it does not exit 0.
func output(of executable: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(executable) \(arguments)", file: file, line: line)
    return output
}

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Builds the rich model of Markdown text with an optional sidecar.
func richDocument(_ markdown: String, sidecar: Sidecar? = nil) -> RichDocument {
    RichDocument(markdown: MarkdownDocument(markdown), sidecar: sidecar)
}
