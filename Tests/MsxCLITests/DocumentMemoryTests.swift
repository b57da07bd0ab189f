import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Memory per paragraph. Reading a long document held two attribute dictionaries per paragraph, a copy of cmark's
/// tree, cmark's tree of the whole file, and for `show --as json` the whole JSON tree. Paragraphs now share their
/// dictionaries, cmark reads a long file in pieces that are read in place, and text and JSON are written a paragraph
/// at a time, so that a paragraph costs less than the 1,200 bytes the test allows.
/// The peak resident size of the real process (wait4's ru_maxrss) is the measure; no time is measured.
final class DocumentMemoryTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// Peak resident memory of `msx arguments` in bytes, the command's output thrown away.
    private func peakMemory(_ arguments: [String], in root: URL) throws -> Int {
        let binary = try MsxRunner.requireBinary()
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv = ([binary.path, "-C", root.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        XCTAssertEqual(posix_spawn(&pid, binary.path, &actions, nil, argv, environ), 0)
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        XCTAssertEqual(status, 0, "msx \(arguments) failed")
        return usage.ru_maxrss * 1024
    }

    func testALongDocumentCostsUnder1200BytesAParagraph() throws {
        let root = try makeProject()
        let count = 50_000
        try addDocument("Long", String(repeating: "x\n\n", count: count), to: root)
        try addDocument("Short", "x\n", to: root)
        for form in ["json", "text"] {
            let baseline = try peakMemory(["show", "Short", "--as", form], in: root)
            let long = try peakMemory(["show", "Long", "--as", form], in: root)
            let perParagraph = (long - baseline) / count
            XCTAssertLessThan(perParagraph, 1_200, "show --as \(form): \(perParagraph) bytes a paragraph")
        }
    }
}
