import Foundation
import XCTest

/// Reviewed expectations kept in files beside the tests. `MSX_RECORD=1` is the one switch that rewrites them: a
/// recording run writes the new file and fails, so that a run with the switch left on never passes unseen; review
/// the change with `git diff` and run again without it.
public enum Fixture {
    /// Whether this run re-records fixtures.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["MSX_RECORD"] == "1" }

    /// Asserts that `actual` is the text of `expected`; when recording, writes it there instead and fails.
    public static func assertMatches(_ actual: String, _ expected: URL, _ what: @autoclosure () -> String = "",
                                     file: StaticString = #filePath, line: UInt = #line) {
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: expected.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: expected, options: .atomic)
                XCTFail("recorded \(expected.lastPathComponent) (MSX_RECORD=1): review it with git diff, then run without MSX_RECORD",
                        file: file, line: line)
            } catch {
                XCTFail("cannot record \(expected.path): \(error)", file: file, line: line)
            }
            return
        }
        guard let want = try? String(contentsOf: expected, encoding: .utf8) else {
            return XCTFail("\(expected.path) is missing; MSX_RECORD=1 records it", file: file, line: line)
        }
        guard actual != want else { return }
        XCTFail("\(what()) differs from \(expected.lastPathComponent) (if the change is intended, MSX_RECORD=1 re-records it):\n"
                + firstDifference(actual, want), file: file, line: line)
    }

    /// The first differing line of two texts, with its number and two lines of context before it.
    public static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let shared = (max(0, index - 2)..<index).map { "  \(expectedLines[$0])" }.joined(separator: "\n")
        let want = index < expectedLines.count ? String(expectedLines[index]) : "(end of file)"
        let got = index < actualLines.count ? String(actualLines[index]) : "(end of file)"
        return "line \(index + 1):\n\(shared)\n- expected: \(want)\n+ actual:   \(got)"
    }
}
