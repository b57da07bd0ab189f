import Foundation
import XCTest

/// Inputs that once cost far more than their size: twice the input costs about twice the work. The work is counted
/// in instructions by callgrind (a counter apart from msx, and no clock), with the command's work on an empty input
/// taken off: the ratio is near 2 for linear work and near 4 for quadratic.
final class LinearWorkTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// The instructions msx runs for `arguments` in `root`.
    private func instructions(_ arguments: [String], in root: URL) throws -> Int {
        let valgrind = "/usr/bin/valgrind"
        guard FileManager.default.isExecutableFile(atPath: valgrind) else {
            throw XCTSkip("valgrind is not installed (apt-get install valgrind)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", try MsxRunner.requireBinary().path] + arguments
        process.currentDirectoryURL = root
        process.environment = MsxRunner.environment([:])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, report)
        // callgrind's summary: "==PID== Collected : N".
        let line = report.split(separator: "\n").first { $0.contains("Collected :") }
        return try XCTUnwrap(line.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } }, report)
    }

    /// Runs `arguments` in the project `prepare(n)` returns for inputs of 0, `size` and `2 * size`, and checks that
    /// the work for the doubled input, less that for none, is about twice the work for the single one.
    private func assertLinear(_ arguments: [String], size: Int, _ what: String, prepare: (Int) throws -> URL,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        var counts: [Int] = []
        for n in [0, size, 2 * size] {
            counts.append(try instructions(arguments, in: try prepare(n)))
        }
        let ratio = Double(counts[2] - counts[0]) / Double(counts[1] - counts[0])
        XCTAssertGreaterThan(ratio, 1.5, "\(what): the input was not read (\(counts))", file: file, line: line)
        XCTAssertLessThan(ratio, 2.6, "\(what): twice the input costs \(ratio) times the work (\(counts))", file: file, line: line)
    }

    private func tableRow(cells: Int) -> String {
        guard cells > 0 else { return "Nothing here.\n" }
        func row(_ cell: (Int) -> String) -> String { "|" + (0..<cells).map(cell).joined(separator: "|") + "|\n" }
        return row { "h\($0)" } + row { _ in "---" } + row { "c\($0)" }
    }

    /// cmark-gfm's table extension walked a row's list of cells for each cell it added.
    func testAWideTableRowIsReadInLinearWork() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Wide", "Nothing here.\n", to: root)
        try assertLinear(["show", "Wide", "--as", "json"], size: 4_000, "a table row of many cells") {
            try write(tableRow(cells: $0), to: path, in: root)
            return root
        }
    }

    /// The PDF setter copied a run's characters for each character it added to them.
    func testALongParagraphIsSetInAPDFInLinearWork() throws {
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        let (_, path) = try addDocument("Long", "Nothing here.\n", to: root)
        try assertLinear(["compile", "-t", "pdf", "-o", "book.pdf"], size: 3_000, "a paragraph of many words") {
            try write(String(repeating: "word ", count: $0) + "end.\n", to: path, in: root)
            return root
        }
    }

    /// RTF of many one-word paragraphs, and a table row of many cells.
    func testRTFOfManyParagraphsOrCellsIsImportedInLinearWork() throws {
        func importing(_ body: @escaping (Int) -> String) -> (Int) throws -> URL {
            { n in
                let root = try self.makeProject(name: "import-\(n)-\(UUID().uuidString)")
                try Data(("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times;}}\n" + body(n) + "}\n").utf8)
                    .write(to: root.appendingPathComponent("in.rtf"))
                return root
            }
        }
        try assertLinear(["import", "in.rtf"], size: 800, "RTF paragraphs",
                         prepare: importing { n in (0..<max(n, 1)).map { "word\($0)\\par\n" }.joined() })
        try assertLinear(["import", "in.rtf"], size: 800, "an RTF table row", prepare: importing { n in
            guard n > 0 else { return "word\\par\n" }
            return "\\trowd " + (1...n).map { "\\cellx\($0 * 100)" }.joined() + "\n"
                + (0..<n).map { "\\intbl c\($0)\\cell " }.joined() + "\\row\n"
        })
    }
}
